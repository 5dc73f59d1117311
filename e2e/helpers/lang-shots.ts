import { mkdirSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { ROOT } from './chromium';
import { nextFrame } from './map-hooks';

/**
 * Screenshots of a page at a phone's, a laptop's and a large screen's
 * widths, in French and English, for a person to look at (issue 10: the
 * formations' panels and previews). Not compared by the tests.
 */
export const FORMATION_SHOTS = join(ROOT, 'artifacts', 'screens-formations');
export const SHOT_SIZES: [number, number][] = [
  [390, 844],
  [1366, 768],
  [1920, 1080],
];

/** Where the screenshot of `name` at this width and language goes. */
export function shotPath(name: string, width: number, lang: string): string {
  mkdirSync(FORMATION_SHOTS, { recursive: true });
  return join(FORMATION_SHOTS, `${name}-${width}-${lang}.png`);
}

/** Each width (of `sizes`) in French then English, `shown` scrolled into view; the page is left in French at `back` (the tests' size). */
export async function langShots(p: Page, name: string, shown: string, back = { width: 1280, height: 800 }, sizes = SHOT_SIZES): Promise<void> {
  for (const lang of ['fr', 'en']) {
    for (const [width, height] of sizes) {
      await p.setViewportSize({ width, height });
      await nextFrame(p);
      await p.locator(shown).scrollIntoViewIfNeeded();
      await nextFrame(p);
      await p.screenshot({ path: shotPath(name, width, lang) });
    }
    await p.setViewportSize(back);
    await p.click('#lang-toggle');
    await nextFrame(p);
  }
}
