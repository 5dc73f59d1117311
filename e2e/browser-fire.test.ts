/**
 * Fire in the browser (§3.2): Ardenne's archers fire two shots at the
 * Dents Noires' warband — planned on the map, each target with its
 * advantage, modifiers and odds before the confirm —; both players see the
 * shots explained in the dice log, the warband's losses and the archers'
 * ammunition marker. "Show line of sight" tells a blocked line and why
 * (sheet 000, Ligne de Vue). At Ardenne's next turn the archers reload
 * next to their commander (§3.2.10), and both players see the marker go;
 * Aelis then duels Grik with her bow (§3.2.8). The script is played on the rules library
 * first (e2e/helpers/fire.ts) on the first seed whose dice give a double;
 * the browsers send the same actions, so the server rolls the same dice.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { fireOptions, lineOfSight, loadScenario, reloadOption, type GameEvent, type Scenario } from '@lames/rules';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { claimSide } from './helpers/seats';
import { PlayerPages } from './helpers/player-pages';
import { clickHex, hooks, waitReady } from './helpers/lames-page';
import { activate, endTurn, logLine, select, waitPicker, waitUnit } from './helpers/game-ui';
import { fireHexOf, fireInput, fireLabelOf, seedForFire, type FireScript } from './helpers/fire';

const LOBBY_SCENARIO = 'the-ford';

jest.setTimeout(180_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
let script: FireScript;
let scenario: Scenario;
const pages = new PlayerPages({ width: 1280, height: 800 });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `fire-${name}.png`) });
}

function stepOf(type: string) {
  const step = script.steps.find((s) => s.action.type === type);
  if (!step) throw new Error(`the script has no ${type}`);
  return step;
}

const after = (type: string) => {
  const i = script.steps.indexOf(stepOf(type));
  return i + 1 < script.steps.length ? script.steps[i + 1].before : script.state;
};

beforeAll(async () => {
  checkBrowserPrerequisites();
  scenario = loadScenario(fireInput());
  const found = seedForFire(scenario);
  if (!found) throw new Error('no seed in 400 plays the fire script: has a step stopped being legal?');
  script = found;
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-fire-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), {
    logError: () => undefined,
    reconnectSeconds: 2,
    seed: () => script.seed,
    // the lobby's the-ford stands for the fire battle
    scenarios: { [LOBBY_SCENARIO]: scenario },
  });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('fire in the browser (§3.2)', () => {
  let a: Page;
  let b: Page;

  it('seats Ardenne and the Dents Noires on a new battle of the fire scenario', async () => {
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector(`#scenario option[value="${LOBBY_SCENARIO}"]`, { state: 'attached' });
    await a.selectOption('#scenario', LOBBY_SCENARIO);
    await a.fill('#battle-name', 'Tir');
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    b = await pages.open(browser!, base, 'Bruno');
    await claimSide(b, 'Tir', 'black-teeth');
    await waitReady(b);
    await a.waitForSelector('[data-testid="your-turn"]');
  });

  it('§3.2.4 Ligne de vue: from the archers, a hex behind the hill is out of sight, and the panel says which hex blocks it', async () => {
    const from = fireHexOf('0508');
    const board = script.steps[0].before.board;
    const hidden = [...Array(board.cols * board.rows).keys()].find((h) => !lineOfSight(board, from, h).visible);
    expect(hidden).toBeDefined();
    const sight = lineOfSight(board, from, hidden!);
    await select(a, 'a-archers');
    await a.click('button[data-action="sight"]');
    await waitPicker(a, 'sight');
    await clickHex(a, hidden!);
    const result = a.locator('[data-testid="sight-result"]');
    await expect(result.textContent()).resolves.toContain(`bloquée vers ${fireLabelOf(hidden!)} par ${fireLabelOf(sight.blockedBy!)}`);
    const facts = (await hooks(a)).interaction as { sight: { visible: boolean; crossed: number[] } };
    expect(facts.sight).toMatchObject({ visible: false, crossed: sight.crossed });
    await a.check('[data-testid="sight-range"] input');
    await shot(a, 'a-sight');
    await a.click('[data-testid="sight-panel"] button[data-action="cancel"]');
    await waitPicker(a, null);
  });

  it('§3.2.3 Tir: the archers plan two shots at the warband on the map, see each modifier and the odds, and fire', async () => {
    const step = stepOf('fire');
    const shots = step.events.filter((e): e is Extract<GameEvent, { type: 'combat' }> => e.type === 'combat');
    await activate(a, 'a-archers');
    await a.click('button[data-action="fire"]');
    await waitPicker(a, 'fire');
    const options = fireOptions(stepOf('fire').before, 'ardenne', 'a-archers');
    const warband = options.find((o) => o.target === 'o-warband')!;
    const card = a.locator('[data-testid="fire-panel"] .target[data-target="o-warband"]');
    await expect(card.locator('.adv').textContent()).resolves.toContain(warband.advantage > 0 ? `+${warband.advantage}` : String(warband.advantage));
    await expect(card.locator('ul.modifiers li').count()).resolves.toBe(warband.modifiers.length);
    await expect(card.locator('.odds .odds-cell').count()).resolves.toBeGreaterThan(1);
    // the only target is planned at once; a click on its hex adds the second shot
    await clickHex(a, fireHexOf('0505'));
    await a.waitForFunction(() => ((window as unknown as { __lames: { interaction: { plan: { shots: string[] } } } }).__lames.interaction?.plan.shots.length ?? 0) === 2);
    // the panel, wide and narrow, in French and in English
    const panel = a.locator('[data-testid="fire-panel"]');
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }, { width: 1920, height: 1080 }]) {
      await a.setViewportSize(size);
      await panel.scrollIntoViewIfNeeded();
      await shot(a, `a-fire-panel-${size.width}-fr`);
      await a.click('#lang-toggle');
      await panel.locator('.move-title', { hasText: 'Fire: choose the targets' }).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shot(a, `a-fire-panel-${size.width}-en`);
      await a.click('#lang-toggle');
      await panel.locator('.move-title', { hasText: 'Tir : choisissez les cibles' }).waitFor();
    }
    await a.setViewportSize({ width: 1280, height: 800 });
    await a.click('button[data-action="confirm-fire"]');
    const target = after('fire').units.find((u) => u.id === 'o-warband')!;
    for (const page of [a, b]) {
      for (const s of shots) {
        const line = await logLine(page, `tir ${s.shot!.index}/2`, 'combat');
        const text = (await line.locator('.log-text').textContent()) ?? '';
        expect(text).toContain('Tir de Archers du Val contre Bande d');
        expect(text).toContain(`dés ${s.dice[0]} + ${s.dice[1]}`);
        expect(text).toContain(`pertes : ${s.losses}`);
        await expect(line.locator('.log-section').textContent()).resolves.toBe(s.section);
        await expect(line.locator('ul.log-details li').count()).resolves.toBe(s.modifiers.length);
      }
      await waitUnit(page, 'o-warband', { hex: target.hex, steps: target.steps });
      await page.waitForFunction(() => (window as unknown as { __lames: { view: { units: { id: string; ammunition?: string }[] } } }).__lames.view.units.find((u) => u.id === 'a-archers')?.ammunition === 'diminished');
      await logLine(page, 'Archers du Val a des munitions diminuées');
    }
    await shot(b, 'b-fired-on');
  });

  it('§3.2.10 Rechargement: at its next turn Ardenne reloads the archers next to Sire Gauvain; both players see the marker go', async () => {
    const seats: Record<string, Page> = { ardenne: a, 'black-teeth': b };
    for (const step of script.steps.filter((s) => s.action.type === 'endTurn')) {
      const page = seats[step.seat];
      await page.waitForFunction((s) => (window as unknown as { __lames: { view: { activeSide: string } } }).__lames.view?.activeSide === s, step.seat);
      await endTurn(page);
    }
    await a.waitForFunction(() => (window as unknown as { __lames: { view: { activeSide: string; turn: number } } }).__lames.view?.turn > 1);
    await activate(a, 'a-archers');
    await a.click('button[data-action="reload"]');
    await waitPicker(a, 'reload');
    const panel = a.locator('[data-testid="reload-panel"]');
    await expect(panel.textContent()).resolves.toContain('automatique');
    const option = reloadOption(stepOf('reload').before, 'ardenne', 'a-archers');
    expect(option).toMatchObject({ allowed: true, automatic: true });
    await expect(panel.textContent()).resolves.toContain(`en 0609, à ${option.distance} hex`);
    await shot(a, 'a-reload-panel-fr');
    await a.click('#lang-toggle');
    await panel.locator('.move-title', { hasText: 'Reloading ammunition' }).waitFor();
    await shot(a, 'a-reload-panel-en');
    await a.click('#lang-toggle');
    await panel.locator('.move-title', { hasText: 'Rechargement des munitions' }).waitFor();
    await a.click('button[data-action="confirm-reload"]');
    for (const page of [a, b]) {
      await page.waitForFunction(() => (window as unknown as { __lames: { view: { units: { id: string; ammunition?: string }[] } } }).__lames.view.units.find((u) => u.id === 'a-archers')?.ammunition === undefined);
      await logLine(page, 'Archers du Val a rechargé');
    }
    await shot(b, 'b-reloaded');
  });

  it('§3.2.8 Duel au tir: Aelis duels Grik with her bow; the panel shows the duel’s odds; both players read the shot', async () => {
    const step = stepOf('fireDuel');
    const option = fireOptions(step.before, 'ardenne', 'a-aelis').find((o) => o.type === 'fireDuel' && o.target === 'o-grik')!;
    expect(option.allowed).toBe(true);
    await activate(a, 'a-aelis');
    await a.click('button[data-action="fireDuel"]');
    await waitPicker(a, 'fireDuel');
    const card = a.locator('[data-testid="fire-panel"] .target[data-target="o-grik"]');
    await expect(card.locator('.adv').textContent()).resolves.toContain(option.advantage > 0 ? `+${option.advantage}` : String(option.advantage));
    await expect(card.locator('ul.modifiers li').count()).resolves.toBe(option.modifiers.length);
    await shot(a, 'a-fire-duel-panel');
    await a.click('button[data-action="confirm-fireDuel"]');
    const duel = step.events.find((e): e is Extract<GameEvent, { type: 'combat' }> => e.type === 'combat')!;
    for (const page of [a, b]) {
      const line = await logLine(page, /Duel de tir de Aelis contre Grik/, 'combat');
      await expect(line.textContent()).resolves.toContain(`dés ${duel.dice[0]} + ${duel.dice[1]}`);
    }
    await shot(b, 'b-fire-duel');
  });

  it('no page reported an error', () => {
    expect(pages.realErrors()).toEqual([]);
  });
});
