/**
 * §2.3.1.2 crossing test, before the player commits (issue 11: "odds for
 * every test a player chooses into"): on La Plaine des Cendres, Ardenne's
 * knights stand behind friends; moving through them owes a crossing test.
 * The move picker shows its chance on hovering the destination and, once it
 * is chosen, in the panel with the threshold the rules will roll against.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { apply, createGame, crossingPreviews, hexLabel, reachable, type Arrival, type GameState } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { clickHex, hexCenter, waitReady } from './helpers/lames-page';
import { claimSide } from './helpers/seats';
import { select, waitActivation, waitPicker } from './helpers/game-ui';

jest.setTimeout(180_000);

const SEED = 'crossing';
const SCENARIO = SCENARIOS.find((s) => s.id === 'ash-plain')!;
let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages({ width: 1280, height: 800 });

/** The first of Ardenne's units whose move through a friend owes a crossing test, and that destination. */
function crossingMove(): { piece: string; arrival: Arrival; threshold: number } {
  const start = createGame(SCENARIO, SEED);
  for (const u of start.units.filter((x) => x.side === start.activeSide)) {
    const activated = apply(start, start.activeSide, { type: 'activate', piece: u.id });
    if (!activated.ok) continue;
    const state: GameState = activated.state;
    for (const arrival of reachable(state, start.activeSide, u.id, 'normal')) {
      const [p] = crossingPreviews(state, start.activeSide, u.id, arrival);
      if (p) return { piece: u.id, arrival, threshold: p.threshold };
    }
  }
  throw new Error('no unit of the first side can move through a friend on ash-plain: has the scenario changed?');
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-crossing-'));
  server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }), { logError: () => undefined, reconnectSeconds: 2, seed: () => SEED });
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('§2.3.1.2 the crossing test’s odds in the move picker (issue 11)', () => {
  let a: Page;

  it('seats Ardenne and the Dents Noires on La Plaine des Cendres', async () => {
    expect(createGame(SCENARIO, SEED).activeSide).toBe('ardenne');
    a = await pages.open(browser!, base, 'Alice');
    await a.waitForSelector('#scenario option[value="ash-plain"]', { state: 'attached' });
    await a.selectOption('#scenario', 'ash-plain');
    await a.fill('#battle-name', 'Traversée');
    await a.check('#seat-ardenne');
    await a.click('#create');
    await waitReady(a);
    const b = await pages.open(browser!, base, 'Bruno');
    await claimSide(b, 'Traversée', 'black-teeth');
    await waitReady(b);
  });

  it('§2.3.1.2 hovering the hex beyond a friend shows the test’s chance; choosing it puts the test, its threshold and who else tests in the panel', async () => {
    const { piece, arrival, threshold } = crossingMove();
    await select(a, piece);
    await a.click('button[data-action="activate"]');
    await waitActivation(a, piece);
    await a.keyboard.press('m');
    await waitPicker(a, 'move');
    const at = await hexCenter(a, arrival.hex);
    await a.mouse.move(at.x, at.y);
    await a.locator('[data-testid="hex-card"]', { hasText: `franchissement ≤ ${threshold}` }).waitFor();
    await clickHex(a, arrival.hex);
    const odds = a.locator('[data-testid="crossing-odds"]');
    await odds.waitFor();
    await expect(odds.textContent()).resolves.toMatch(new RegExp(`≤ ${threshold} — \\d+ %.*unités traversées \\(1\\)`));
    await a.screenshot({ path: join(SHOTS, `crossing-odds-${hexLabel(createGame(SCENARIO, SEED).board, arrival.hex)}.png`) });
  });

  it('no page reported an error', () => {
    expect(pages.realErrors()).toEqual([]);
  });
});
