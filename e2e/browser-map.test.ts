/**
 * The map a wargamer can read and move around (issue 11, "Counters" and "The
 * map"), in the browser: zoom buttons and keys change the view's scale,
 * arrows pan, 0 fits the board; hovering a stack shows its hex card with
 * every unit; every counter of a stack keeps its head (symbol, steps, name)
 * in view; objectives are named on the card. Screenshots of the map at a
 * phone, a laptop and a wide screen, in French and English, go to
 * artifacts/screenshots/map-*.png.
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
import { hexCenter, waitReady } from './helpers/lames-page';
import { deployFromPanel } from './helpers/deploy-ui';
import { listedBattle } from './helpers/seats';

const COLS = 16;
const hexOf = (label: string) => (Number(label.slice(2)) - 1) * COLS + Number(label.slice(0, 2)) - 1;

jest.setTimeout(120_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

type Box = { x: number; y: number; width: number; height: number };
type MapWin = { __lamesMap?: { scale(): number; counterBox(id: string): Box | null } };

const scale = (page: Page) => page.evaluate(() => (window as unknown as MapWin).__lamesMap!.scale());
const box = (page: Page, id: string) => page.evaluate((i) => (window as unknown as MapWin).__lamesMap!.counterBox(i), id);
/** The zoom drawn on the canvas (set once the frame is drawn). */
const drawnZoom = async (page: Page) => Number(await page.locator('canvas.map-canvas').getAttribute('data-zoom'));
const nextFrame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-map-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2 });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('the map (issue 11)', () => {
  let a: Page;
  let b: Page;

  it('opens the ford battle for Ardenne once the Dents Noires have deployed', async () => {
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector('#scenario option[value="the-ford"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-ford');
    await a.fill('#battle-name', 'Carte E2E');
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    b = await pages.open(browser!, base, 'Bruno');
    const battle = await listedBattle(b, 'Carte E2E');
    await battle.locator('button[data-join="black-teeth"]').click();
    await waitReady(b);
    await deployFromPanel(b, {
      units: [{ unit: 'o-ambush', hex: hexOf('1303'), facing: 7 }],
      decoys: [{ mimic: 'o-ambush', hex: hexOf('1204'), facing: 7 }],
    });
    await a.waitForSelector('[data-testid="your-turn"]');
    await nextFrame(a);
  });

  it('zoom buttons change the scale, and "whole map" brings back the fitted scale', async () => {
    const fitted = await scale(a);
    await a.click('[data-testid="zoom-in"]');
    const zoomed = await scale(a);
    expect(zoomed).toBeGreaterThan(fitted * 1.2);
    await nextFrame(a);
    expect(await drawnZoom(a)).toBeCloseTo(zoomed, 2);
    await a.click('[data-testid="zoom-out"]');
    expect(await scale(a)).toBeCloseTo(fitted, 5);
    await a.click('[data-testid="zoom-in"]');
    await a.click('[data-testid="zoom-fit"]');
    expect(await scale(a)).toBeCloseTo(fitted, 5);
  });

  it('keyboard: + zooms in, − out, arrows pan, 0 fits; keys typed in a field stay the field’s', async () => {
    const fitted = await scale(a);
    await a.locator('body').click({ position: { x: 5, y: 5 } });
    await a.keyboard.press('+');
    expect(await scale(a)).toBeGreaterThan(fitted * 1.2);
    const before = await hexCenter(a, hexOf('0808'));
    await a.keyboard.press('ArrowRight');
    await nextFrame(a);
    const after = await hexCenter(a, hexOf('0808'));
    // the view looks further east: the board moves left on screen
    expect(after.x).toBeLessThan(before.x - 20);
    await a.keyboard.press('-');
    await a.keyboard.press('0');
    expect(await scale(a)).toBeCloseTo(fitted, 5);
    // a chat or name field keeps its keys (the lobby's fields are gone; use any input on the page)
    await a.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'probe-input';
      document.body.appendChild(input);
    });
    await a.focus('#probe-input');
    await a.keyboard.press('+');
    expect(await scale(a)).toBeCloseTo(fitted, 5);
    await a.evaluate(() => document.getElementById('probe-input')?.remove());
  });

  it('hovering the stack of 0710 shows its card with both units, and every counter of the stack keeps its head in view', async () => {
    const p = await hexCenter(a, hexOf('0710'));
    await a.mouse.move(p.x, p.y);
    const card = a.locator('[data-testid="hex-card"]');
    await card.waitFor({ state: 'visible' });
    await expect(card.getAttribute('data-hex')).resolves.toBe('0710');
    await expect(card.locator('[data-piece]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')))).resolves.toEqual(['h-knights', 'h-gauvain']);
    await expect(card.textContent()).resolves.toContain('Chevaliers');
    await expect(card.textContent()).resolves.toContain('Pas : 2 / 2');
    await a.screenshot({ path: join(SHOTS, 'map-hover-stack-fr.png') });
    // the knights in front, Sire Gauvain behind: his counter shows above theirs by at least a third of its height
    const front = (await box(a, 'h-knights'))!;
    const back = (await box(a, 'h-gauvain'))!;
    expect(front).not.toBeNull();
    expect(back).not.toBeNull();
    expect(front.y - back.y).toBeGreaterThan(back.height / 3);
  });

  it('the ford is an objective: its card names it and its points', async () => {
    const p = await hexCenter(a, hexOf('0806'));
    await a.mouse.move(p.x, p.y);
    const objective = a.locator('[data-testid="hex-card-objective"]');
    await objective.waitFor({ state: 'visible' });
    await expect(objective.textContent()).resolves.toContain('Le gué');
    await expect(objective.textContent()).resolves.toContain('4 PV');
    await a.mouse.move(2, 2);
  });

  it('on a touch screen: a long press shows the hex card without selecting, a tap puts it away, two fingers pinch-zoom', async () => {
    const cdp = await b.context().newCDPSession(b);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
    await nextFrame(b);
    const p = await hexCenter(b, hexOf('0710'));
    const card = b.locator('[data-testid="hex-card"]');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y, id: 1 }] });
    // held still: the card comes (LONG_PRESS_MS in map-view.ts)
    await card.waitFor({ state: 'visible' });
    await expect(card.getAttribute('data-hex')).resolves.toBe('0710');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await nextFrame(b);
    // the lift after a long press is no click: nothing got selected
    await expect(b.evaluate(() => (window as unknown as { __lames: { selected: string | null } }).__lames.selected)).resolves.toBeNull();
    await expect(card.isVisible()).resolves.toBe(true);
    // a new touch elsewhere puts the card away
    const q = await hexCenter(b, hexOf('0303'));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: q.x, y: q.y, id: 1 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await card.waitFor({ state: 'hidden' });

    const before = await scale(b);
    const c = await hexCenter(b, hexOf('0806'));
    const fingers = (d: number) => [
      { x: c.x - d, y: c.y, id: 1 },
      { x: c.x + d, y: c.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (const d of [35, 50, 65, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await scale(b)).toBeGreaterThan(before * 1.5);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await b.keyboard.press('0');
  });

  it('the legend unfolds over the map, in the chosen language', async () => {
    await a.click('[data-testid="map-legend"] > summary');
    const legend = a.locator('[data-testid="map-legend"] .legend-body');
    await legend.waitFor({ state: 'visible' });
    await expect(legend.textContent()).resolves.toContain('cavalerie lourde');
    await a.screenshot({ path: join(SHOTS, 'map-legend-fr.png') });
    await a.click('#lang-toggle');
    await expect(legend.textContent()).resolves.toContain('heavy cavalry');
    await a.screenshot({ path: join(SHOTS, 'map-legend-en.png') });
    await a.click('[data-testid="map-legend"] > summary');
    await a.click('#lang-toggle');
  });

  it('screenshots the map at a phone, a laptop and a wide screen, in French and English', async () => {
    for (const lang of ['fr', 'en']) {
      for (const [w, h] of [[390, 844], [1280, 800], [1920, 1080]]) {
        await a.setViewportSize({ width: w, height: h });
        await a.waitForFunction(() => !!(window as unknown as MapWin).__lamesMap);
        await nextFrame(a);
        await nextFrame(a);
        await a.screenshot({ path: join(SHOTS, `map-${w}x${h}-${lang}.png`) });
        // the board fills the canvas: it touches two opposite edges (issue 11: "the board does not grow at 1920")
        const canvas = (await a.locator('canvas.map-canvas').boundingBox())!;
        const first = await hexCenter(a, 0);
        const last = await hexCenter(a, hexOf('1612'));
        const spanX = (last.x - first.x) / canvas.width;
        const spanY = (last.y - first.y) / canvas.height;
        expect(Math.max(spanX, spanY)).toBeGreaterThan(0.85);
      }
      // the Ardenne stacks, two steps closer, as a player looks at them
      const fitted = await scale(a);
      await a.click('[data-testid="zoom-in"]');
      await a.click('[data-testid="zoom-in"]');
      expect(await scale(a)).toBeCloseTo(fitted * 1.25 * 1.25, 3);
      await a.locator('body').click({ position: { x: 5, y: 5 } });
      for (let i = 0; i < 3; i++) await a.keyboard.press('ArrowDown');
      await nextFrame(a);
      const p = await hexCenter(a, hexOf('0710'));
      await a.mouse.move(p.x, p.y);
      await a.locator('[data-testid="hex-card"]').waitFor({ state: 'visible' });
      await a.screenshot({ path: join(SHOTS, `map-zoomed-${lang}.png`) });
      await a.mouse.move(2, 2);
      await a.click('[data-testid="zoom-fit"]');
      await a.click('#lang-toggle');
    }
    await a.setViewportSize({ width: 1280, height: 800 });
    expect(pages.realErrors()).toEqual([]);
  });
});
