import type { Page } from 'playwright-core';

/** What the client exposes on window.__lames (packages/client/src/game/game.ts). */
export interface LamesHooks {
  seat: string | null;
  ready: boolean;
  view: {
    activeSide: string;
    activation: { piece: string; covered?: boolean } | null;
    units: { id: string; name: string; hex: number; facing: number; side: string; hidden: boolean; formationMode?: string }[];
    decoys: { id: string; hex: number; facing: number; mimic: string }[];
    covers?: { id: string; side: string; hex: number }[];
    /** While the sides deploy hidden (§4.5.2). */
    deployment?: { sides: Record<string, { zone: number[]; done: boolean }> };
  } | null;
  targets: number[];
  selected: string | null;
  picker: string | null;
  /** The interaction module in progress (fire, sight, reload) and its facts. */
  interaction: Record<string, unknown> | null;
  log: { type: string; [k: string]: unknown }[];
  /** The ways this seat may absorb a combat's losses (§2.7.4), while it decides. */
  lossChoices: { steps: string[]; recoil?: number; stayer?: string }[];
}

type Win = { __lames?: LamesHooks & { hexCenter(i: number): { x: number; y: number }; send(a: unknown): void } };

/** Waits until the game page has a view of the battle. */
export async function waitReady(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => {
    const l = (window as unknown as Win).__lames;
    return !!l && l.ready && !!l.view;
  }, undefined, { timeout });
}

export async function hooks(page: Page): Promise<LamesHooks> {
  return page.evaluate(() => {
    const l = (window as unknown as Win).__lames!;
    return { seat: l.seat, ready: l.ready, view: l.view, targets: l.targets, selected: l.selected, picker: l.picker, interaction: l.interaction ?? null, log: l.log, lossChoices: l.lossChoices ?? [] };
  });
}

/** Clicks the centre of a hex on the map canvas. */
export async function clickHex(page: Page, hex: number): Promise<void> {
  const p = await page.evaluate((i) => (window as unknown as Win).__lames!.hexCenter(i), hex);
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`hex ${hex} has no position on the page`);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
}

export async function hexCenter(page: Page, hex: number): Promise<{ x: number; y: number }> {
  return page.evaluate((i) => (window as unknown as Win).__lames!.hexCenter(i), hex);
}

export async function waitFor(page: Page, fn: (arg: number | null) => boolean, arg: number | null, timeout = 30_000): Promise<void> {
  await page.waitForFunction(fn, arg, { timeout });
}

export async function forceSend(page: Page, action: unknown): Promise<void> {
  await page.evaluate((a) => (window as unknown as Win).__lames!.send(a), action);
}

/**
 * Share of the pixels in a square around a page point that are close to a
 * colour, read from a screenshot (the canvas is WebGL: its buffer cannot be
 * read back directly).
 */
export async function colourShare(page: Page, at: { x: number; y: number }, rgb: [number, number, number], half = 18): Promise<number> {
  const png = await page.screenshot({ clip: { x: at.x - half, y: at.y - half, width: half * 2, height: half * 2 } });
  return page.evaluate(
    async ({ b64, rgb }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let near = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) < 60) near++;
      }
      return near / (d.length / 4);
    },
    { b64: png.toString('base64'), rgb },
  );
}
