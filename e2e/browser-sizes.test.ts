/**
 * A full short battle at each of the three sizes (issue 11, "Done when: …
 * a full short battle at each of the three sizes with screenshots kept"):
 * for 390×844, 1280×800 and 1920×1080, two players in pages of that size
 * play the skirmish cut to two turns, through the UI as a player of that
 * screen would (on the phone the actions come up in the bottom sheet when a
 * piece is tapped): the knights charge the warband (a move), both end turn
 * 1, the knights shock (a shock), the warband's player chooses its losses,
 * both end turn 2 and the end card shows on both screens, in French, then
 * in English. Screenshots of each step: artifacts/screenshots/sizes-<width>-*.png.
 *
 * Same deterministic skirmish as browser-page.test.ts (the server's test
 * hooks fix the seed and swap in the scenario, here with turnLimit 2).
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, ROOT, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { clickHex, hooks, waitReady } from './helpers/lames-page';
import { claimSide } from './helpers/seats';
import { activate, endTurn, waitActiveSide, waitPicker, waitUnit } from './helpers/game-ui';
import { loadScenario, seedWithRecoil, skirmishInput, type ScriptRun } from './helpers/skirmish';

jest.setTimeout(240_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
let script: { seed: string; run: ScriptRun } | null = null;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const opened: PlayerPages[] = [];
const pages = { closeAll: () => Promise.all(opened.map((p) => p.closeAll())).then(() => undefined) };

beforeAll(async () => {
  checkBrowserPrerequisites();
  const ford = JSON.parse(readFileSync(join(ROOT, 'packages', 'rules', 'src', 'scenarios', 'the-ford.json'), 'utf8')) as Record<string, unknown>;
  // two turns: the knights charge in the first, shock in the second, then the turn limit ends the battle
  const short = loadScenario({ ...skirmishInput(ford), turnLimit: 2 });
  script = seedWithRecoil(short, 60);
  if (!script) throw new Error('no seed in 60 makes the scripted shock end in a recoil: has the script stopped being legal?');
  const seed = script.seed;
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-sizes-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), {
    logError: () => undefined,
    reconnectSeconds: 2,
    seed: () => seed,
    scenarios: { 'the-ford': short },
  });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe.each(SIZES)('a short battle at $width×$height (issue 11)', (size) => {
  let a: Page;
  let b: Page;
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `sizes-${size.width}-${name}.png`) });
  const steps = () => script!.run.steps;

  it('seats both players', async () => {
    const players = new PlayerPages(size);
    opened.push(players);
    a = await players.open(browser!, base, 'Alice');
    await a.waitForSelector('#scenario option[value="the-ford"]', { state: 'attached' });
    await a.selectOption('#scenario', 'the-ford');
    await a.fill('#battle-name', `Tailles ${size.width}`);
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    b = await players.open(browser!, base, 'Bruno');
    await claimSide(b, `Tailles ${size.width}`, 'black-teeth');
    await waitReady(b);
    await a.locator('[data-testid="turn-banner"][data-kind="mine"]').waitFor();
    await shot(a, '1-start');
  });

  it('turn 1: the knights charge the warband (a move through the UI), both sides end the turn', async () => {
    const mv = steps()[3];
    expect(mv.action).toMatchObject({ type: 'move', piece: 'h-knights' });
    // tapping the knights brings their actions up (the sheet's tab on a phone)
    await activate(a, 'h-knights');
    await a.click('button[data-action="move-normal"]');
    await waitPicker(a, 'move');
    await clickHex(a, mv.arrival!.hex);
    await a.locator('.facings button').nth(mv.arrival!.index).click();
    if (mv.arrival!.charge && (await a.locator('button[data-shock="charge"]').count()) > 0) await a.click('button[data-shock="charge"]');
    await shot(a, '2-move');
    await a.click('button[data-action="confirm-move"]');
    for (const page of [a, b]) await waitUnit(page, 'h-knights', { hex: mv.arrival!.hex });
    await endTurn(a);
    await waitActiveSide(b, 'black-teeth');
    await endTurn(b);
    await waitActiveSide(a, 'ardenne');
    await shot(b, '3-turn1-ended');
  });

  it('turn 2: the knights shock (through the UI), the warband’s player chooses its losses', async () => {
    const shock = steps().find((s) => s.action.type === 'shock')!;
    await activate(a, 'h-knights');
    await a.click('button[data-action="shock"]');
    await waitPicker(a, 'attack');
    await clickHex(a, (await hooks(a)).view!.units.find((u) => u.id === 'o-warband')!.hex);
    await a.locator(`.target[data-target="o-warband"] .option[data-supported="${String(shock.action.supported)}"] input[type="radio"]`).check();
    await shot(a, '4-shock');
    await a.click('button[data-action="confirm-shock"]');
    const panel = b.locator('[data-testid="losses"]');
    await panel.waitFor();
    await panel.locator('button[data-plan]').first().click();
    await shot(b, '5-losses');
    await panel.locator('button[data-action="confirm-losses"]').click();
    await a.locator('[data-testid="result-card"]').waitFor();
    await shot(a, '6-shock-result');
  });

  it('both end turn 2: the end card shows on both screens, in French and in English', async () => {
    // the defender's choice must be in before the attacker's panel opens again
    await a.waitForFunction(() => !(window as unknown as { __lames: { view: { pendingLosses?: unknown } } }).__lames.view.pendingLosses);
    await endTurn(a);
    await waitActiveSide(b, 'black-teeth');
    await endTurn(b);
    for (const page of [a, b]) {
      const card = page.locator('[data-testid="result"]');
      await card.waitFor({ timeout: 30_000 });
      await card.scrollIntoViewIfNeeded();
      await expect(page.locator('[data-testid="result-turns"]').textContent()).resolves.toBe('Terminée au tour 2 sur 2');
    }
    await shot(a, '7-end-a-fr');
    await shot(b, '7-end-b-fr');
    await a.click('#lang-toggle');
    await expect(a.locator('[data-testid="result-turns"]').textContent()).resolves.toBe('Ended in turn 2 of 2');
    await a.locator('[data-testid="result"]').scrollIntoViewIfNeeded();
    await shot(a, '8-end-a-en');
  });
});
