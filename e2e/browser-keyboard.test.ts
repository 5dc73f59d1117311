/**
 * A turn without the mouse (issue 11, "Done when: … a keyboard-only turn"):
 * once both players are seated, Ardenne's player plays a whole turn with
 * page.keyboard only — N selects the next piece that can act, A activates,
 * M opens the move, ] walks the reachable hexes, . turns the facing, Enter
 * confirms; N again, A, P passes; F ends the turn and
 * Enter answers its confirmation. The other screen sees each action.
 *
 * Same small skirmish as browser-page.test.ts (the server's test hooks swap
 * it in). Needs the built client (npm run build -w @lames/client) and
 * /usr/bin/chromium. Screenshots: artifacts/screenshots/keys-*.png.
 */
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, ROOT, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { hooks, waitReady } from './helpers/lames-page';
import { claimSide } from './helpers/seats';
import { waitActivation, waitActiveSide, waitPicker, waitUnit } from './helpers/game-ui';
import { hexOf, loadScenario, skirmishInput } from './helpers/skirmish';

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

beforeAll(async () => {
  checkBrowserPrerequisites();
  const ford = JSON.parse(readFileSync(join(ROOT, 'packages', 'rules', 'src', 'scenarios', 'the-ford.json'), 'utf8')) as Record<string, unknown>;
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-keys-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), {
    logError: () => undefined,
    reconnectSeconds: 2,
    seed: () => 'keyboard-turn',
    scenarios: { 'the-ford': loadScenario(skirmishInput(ford)) },
  });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

type Facts = { hex: number | null; chosen: { facing: number } | null; candidate: number };
const facts = async (page: Page) => (await hooks(page)).interaction as unknown as Facts;

/** Presses `key` until `done` holds (at most `max` times); fails with what it saw. */
async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, max: number): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    await page.keyboard.press(key);
  }
  if (!(await done())) throw new Error(`${key} pressed ${max} times without reaching the goal`);
}

describe('a keyboard-only turn (issue 11)', () => {
  let a: Page;
  let b: Page;

  it('seats both players on the skirmish', async () => {
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector('#scenario option[value="the-ford"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-ford');
    await a.fill('#battle-name', 'Clavier');
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    b = await pages.open(browser!, base, 'Bruno');
    await claimSide(b, 'Clavier', 'black-teeth');
    await waitReady(b);
    await a.locator('[data-testid="turn-banner"][data-kind="mine"]').waitFor();
    // the keys are in the map legend
    await expect(a.locator('[data-testid="legend-select-keys"]').textContent()).resolves.toContain('N / Maj+N');
  });

  it('N selects the pieces that can act in turn; A activates; M, ] and . choose the move; Enter sends it', async () => {
    // focus on the page itself, not on a lobby control left behind
    await a.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const seen: string[] = [];
    await pressUntil(
      a,
      'n',
      async () => {
        const s = (await hooks(a)).selected;
        if (s && !seen.includes(s)) seen.push(s);
        return s === 'h-knights';
      },
      8,
    );
    // only Ardenne's own pieces are offered
    const sides = await a.evaluate((ids) => ids.map((id) => (window as unknown as { __lames: { view: { units: { id: string; side: string }[] } } }).__lames.view.units.find((u) => u.id === id)?.side), seen);
    expect(sides.every((s) => s === 'ardenne')).toBe(true);
    await a.keyboard.press('a');
    await waitActivation(a, 'h-knights');
    await b.waitForFunction(() => (window as unknown as { __lames: { view: { activation?: { piece: string } } } }).__lames.view.activation?.piece === 'h-knights');
    await a.keyboard.press('m');
    await waitPicker(a, 'move');
    await expect(a.locator('[data-testid="keys-hint"]').textContent()).resolves.toContain('] / [');
    const to = hexOf('0509');
    expect((await hooks(a)).targets).toContain(to);
    await pressUntil(a, ']', async () => (await facts(a)).hex === to, 80);
    expect((await facts(a)).candidate).toBe(to);
    const first = (await facts(a)).chosen!.facing;
    await a.keyboard.press('.');
    const facing = (await facts(a)).chosen!.facing;
    // more than one way to stand there: . turned it; otherwise it stayed
    const options = await a.locator('[data-testid="move-panel"] button.facing').count();
    if (options > 1) expect(facing).not.toBe(first);
    await expect(a.locator('[data-testid="move-panel"] button.facing.chosen').getAttribute('data-facing')).resolves.toBe(String(facing));
    await a.screenshot({ path: join(SHOTS, 'keys-move-1280-fr.png') });
    await a.keyboard.press('Enter');
    for (const page of [a, b]) await waitUnit(page, 'h-knights', { hex: to, facing });
  });

  it('N to the spears, A, P passes; F and Enter end the turn; the other screen follows', async () => {
    await pressUntil(a, 'n', async () => (await hooks(a)).selected === 'h-spears', 8);
    await a.keyboard.press('a');
    await waitActivation(a, 'h-spears');
    // fresh spears may not rest (§2.8.2: notTired): they pass, P being the pass button's key
    await a.locator('button[data-action="pass"]:not([disabled])').waitFor();
    const before = (await hooks(b)).log.length;
    await a.keyboard.press('p');
    // the pass is in the other player's log, and the spears' activation is over on both screens
    await b.waitForFunction((n) => (window as unknown as { __lames: { log: { type: string }[] } }).__lames.log.length > n, before);
    for (const page of [a, b]) await waitActivation(page, null);
    await a.keyboard.press('f');
    const dialog = a.locator('[data-testid="end-turn-dialog"]');
    await dialog.waitFor();
    await a.screenshot({ path: join(SHOTS, 'keys-end-turn-1280-fr.png') });
    await a.keyboard.press('Enter');
    await waitActiveSide(a, 'black-teeth');
    await waitActiveSide(b, 'black-teeth');
    await b.locator('[data-testid="turn-banner"][data-kind="mine"]').waitFor();
  });
});
