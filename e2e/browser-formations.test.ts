/**
 * Formations on the map (issue 10, client): the formation scenario (La Butte
 * aux Boucliers) opened in a browser shows each formation as ONE double
 * counter across its two hexes — the side's colour at both hex centres, one
 * counter for both —, a click on either hex selects it and the panel gives
 * its figures and mode, in French and English. Screenshots at a phone, a
 * laptop and a wide screen, in both languages, go to
 * artifacts/screenshots/formations-*.png.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { clickHex, colourShare, hexCenter, hooks, waitReady } from './helpers/lames-page';
import { counterBox, mapScale, nextFrame, type Box } from './helpers/map-hooks';
import { activate, waitPicker } from './helpers/game-ui';
import { claimSide } from './helpers/seats';

const SCENARIO = 'the-shield-hill';
const COLS = 14;
const hexOf = (label: string) => (Number(label.slice(2)) - 1) * COLS + Number(label.slice(0, 2)) - 1;
/** The Alliance's colour (palette.ts, the second side), the dwarves' counter on its unbloodied face. */
const ALLIANCE_RED: [number, number, number] = [0x8c, 0x2a, 0x22];

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

const inside = (b: Box, p: { x: number; y: number }) => p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height;

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-formations-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2 });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('formations on the map (issue 10)', () => {
  let a: Page;

  it('opens the formation scenario for the Alliance', async () => {
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector(`#scenario option[value="${SCENARIO}"]`, { state: 'attached' });
    await a.selectOption('#scenario', SCENARIO);
    await a.fill('#battle-name', 'Boucliers E2E');
    await a.check('#seat-alliance');
    await a.click('#create');
    await waitReady(a);
    await nextFrame(a);
  });

  /**
   * §3.3: one counter covers both hexes — its drawn box holds both hex
   * centres and the side's colour is under each of them, where a one-hex
   * counter would leave the second hex's ground bare.
   */
  async function checkDoubleCounter(id: string, hexes: [string, string], colour: [number, number, number]): Promise<void> {
    const b = await counterBox(a, id);
    expect(b).not.toBeNull();
    const half = Math.max(3, Math.round(8 * (await mapScale(a))));
    for (const label of hexes) {
      const c = await hexCenter(a, hexOf(label));
      expect(inside(b!, c)).toBe(true);
      expect(await colourShare(a, c, colour, half)).toBeGreaterThan(0.3);
    }
  }

  it('§3.3 the dwarves’ shield wall is one double counter across 0708 and 0808, at every size, in French and English', async () => {
    for (const lang of ['fr', 'en']) {
      for (const [w, h] of [[390, 844], [1280, 800], [1920, 1080]]) {
        await a.setViewportSize({ width: w, height: h });
        await nextFrame(a);
        await nextFrame(a);
        await a.screenshot({ path: join(SHOTS, `formations-${w}x${h}-${lang}.png`) });
        await checkDoubleCounter('a-hammers', ['0708', '0808'], ALLIANCE_RED);
      }
      await a.setViewportSize({ width: 1280, height: 800 });
      await a.click('#lang-toggle');
      await nextFrame(a);
    }
  });

  it('§3.3 a click on either hex of a formation selects it; the panel gives its figures and mode (§3.3.6)', async () => {
    await clickHex(a, hexOf('0808'));
    const panel = a.locator('[data-testid="selection"]');
    await panel.locator('[data-unit="a-hammers"]').waitFor();
    await expect(panel.locator('[data-mode]').getAttribute('data-mode')).resolves.toBe('shieldWall');
    await expect(panel.textContent()).resolves.toContain('Mur de boucliers');
    await expect(panel.textContent()).resolves.toContain('3 (6 pas)');
    await expect(panel.textContent()).resolves.toContain('0708–0808');
    await nextFrame(a);
    await a.screenshot({ path: join(SHOTS, 'formations-selected-fr.png') });
    // the archers, 5 steps: three figures on the bloodied face, in march; picked from their first hex
    await clickHex(a, hexOf('0408'));
    await panel.locator('[data-unit="a-archers"]').waitFor();
    await expect(panel.locator('[data-mode]').getAttribute('data-mode')).resolves.toBe('march');
    await expect(panel.textContent()).resolves.toContain('3 (5 pas), face sanglante');
    await a.click('#lang-toggle');
    await panel.locator('[data-unit="a-archers"]').waitFor();
    await expect(panel.textContent()).resolves.toContain('3 (5 steps), bloodied face');
    await expect(panel.textContent()).resolves.toContain('March');
    await a.click('#lang-toggle');
  });

  it('the hex card of either hex lists the formation', async () => {
    for (const label of ['0708', '0808']) {
      const p = await hexCenter(a, hexOf(label));
      await a.mouse.move(p.x, p.y);
      const card = a.locator('[data-testid="hex-card"]');
      await card.waitFor({ state: 'visible' });
      await expect(card.getAttribute('data-hex')).resolves.toBe(label);
      await expect(card.locator('[data-piece]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')))).resolves.toContain('a-hammers');
    }
    await a.screenshot({ path: join(SHOTS, 'formations-hover-fr.png') });
    await a.mouse.move(2, 2);
    // two steps closer, as a player reads the counters' figures and markers
    await a.click('[data-testid="zoom-in"]');
    await a.click('[data-testid="zoom-in"]');
    await nextFrame(a);
    await a.screenshot({ path: join(SHOTS, 'formations-zoomed-fr.png') });
    await a.click('[data-testid="zoom-fit"]');
  });

  /** The share of a colour around a formation's counter: its mode marker, drawn on the canvas (WebGL: read from a screenshot). */
  async function shareAround(page: Page, id: string, rgb: [number, number, number]): Promise<number> {
    const b = await counterBox(page, id);
    await page.waitForTimeout(200);
    return colourShare(page, { x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 }, rgb, Math.round(Math.max(b!.width, b!.height) / 2));
  }
  const TORTOISE: [number, number, number] = [0x5a, 0x4a, 0x8a];
  const HEDGEHOG: [number, number, number] = [0x7a, 0x3b, 0x2e];

  it('§3.3.14 the Horde changes its cohort’s mode from the panel, away from the enemy with no test; the Alliance’s screen shows the new marker', async () => {
    const b = await pages.open(browser!, base, 'Bruno');
    await claimSide(b, 'Boucliers E2E', 'scarlet-horde');
    await waitReady(b);
    const before = { tortoise: await shareAround(a, 'h-cohort', TORTOISE), hedgehog: await shareAround(a, 'h-cohort', HEDGEHOG) };
    await activate(b, 'h-cohort');
    await b.click('button[data-action="changeMode"]');
    await waitPicker(b, 'changeMode');
    // the modes open to a formation with Manoeuvre, its own (tortoise) aside (§3.3.14, S1 l.99-100)
    const offered = await b.locator('[data-testid="changeMode-panel"] [data-choice]').evaluateAll((els) => els.map((e) => e.getAttribute('data-choice')));
    expect(offered).toEqual(['march', 'rotatingRanks', 'hedgehog']);
    await expect(b.locator('[data-testid="changeMode-panel"]').textContent()).resolves.toContain('sans test');
    await expect(b.locator('button[data-action="confirm-changeMode"]').isDisabled()).resolves.toBe(true);
    await b.click('[data-testid="changeMode-panel"] [data-choice="hedgehog"]');
    await b.click('button[data-action="confirm-changeMode"]');
    await a.waitForFunction(() => (window as unknown as { __lames?: { view?: { units: { id: string; formationMode?: string }[] } } }).__lames?.view?.units.find((u) => u.id === 'h-cohort')?.formationMode === 'hedgehog', null, { timeout: 30_000 });
    expect((await hooks(b)).view!.units.find((u) => u.id === 'h-cohort')?.formationMode).toBe('hedgehog');
    await nextFrame(a);
    await a.screenshot({ path: join(SHOTS, 'formations-mode-changed-fr.png') });
    // the marker on the Alliance's map changed colour: hedgehog's brown in, tortoise's purple out
    expect(await shareAround(a, 'h-cohort', HEDGEHOG)).toBeGreaterThan(before.hedgehog);
    expect(await shareAround(a, 'h-cohort', TORTOISE)).toBeLessThan(before.tortoise);
    await clickHex(a, (await hooks(a)).view!.units.find((u) => u.id === 'h-cohort')!.hex);
    await a.locator('[data-testid="selection"] [data-unit="h-cohort"]').waitFor();
    await expect(a.locator('[data-testid="selection"] [data-mode]').getAttribute('data-mode')).resolves.toBe('hedgehog');
  });
});
