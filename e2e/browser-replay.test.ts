/**
 * The replay viewer in the browser (issue 12): "a replay viewer in the
 * client: step through turns, activations and actions with the map, the dice
 * log and explanations; players see their own view during the battle and the
 * full view once it has ended"; "a battle saved by an older version either
 * replays under its version's rules or says clearly why it cannot".
 *
 * A one-turn battle of the-ford: Alice (Ardenne) plays through
 * @colyseus/sdk, Bruno (the Black Teeth, with a hidden unit and a decoy)
 * in chromium through his invitation link. Mid-battle Bruno opens the
 * replay from the battle page (a new tab): his own view only. At the end
 * the replay holds every action in full view; it is stepped through with
 * the keys and the slider, reached again from the end card and from the
 * lobby, and shown at 390/1280/1920 in French and English. Last, the
 * record is changed as an older rules version would have saved it: the
 * viewer says why it cannot replay it.
 * Needs the built client (npm run build -w @lames/client) and /usr/bin/chromium.
 */
import { promises as fs, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { EVENTS_MESSAGE, RULES_VERSION } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { waitReady } from './helpers/lames-page';
import { followLink } from './helpers/seats';

const SEED = 'e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0';
const SHORT = { ...scenarioById('the-ford')!, id: 'short-ford', turnLimit: 1 };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

jest.setTimeout(420_000);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';
const pages = new PlayerPages(SIZES[1]);

type SdkRoom = import('@colyseus/sdk').Room;
type Hooks = {
  ready: boolean;
  at: number;
  count: number;
  full: boolean;
  failure: string | null;
  view: { perspective?: string; status: string } | null;
};
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !check(); await settle(20))
    if (Date.now() - start > 15_000) throw new Error(`timed out waiting for ${what}`);
}

const replayHooks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lamesReplay: Hooks }).__lamesReplay);
async function replayReady(page: Page): Promise<Hooks> {
  await page.waitForFunction(
    () => (window as unknown as { __lamesReplay?: Hooks }).__lamesReplay?.ready === true,
    undefined,
    { timeout: 60_000 },
  );
  return replayHooks(page);
}
async function press(page: Page, key: string): Promise<number> {
  await page.keyboard.press(key);
  await settle(60);
  return (await replayHooks(page)).at;
}

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-replay-'));
  server = await startServer(
    readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }),
    { logError: () => undefined, seed: () => SEED, scenarios: { [SHORT.id]: SHORT } },
  );
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
});

afterAll(() => tearDown({ server, pages, browser, dataDir }));

it('a player steps through its own view mid-battle, then through the whole battle once it has ended, in French and English', async () => {
  // Required once the server has provided the global WebSocket the SDK needs on Node 20.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('@colyseus/sdk') as typeof import('@colyseus/sdk');
  const alice: SdkRoom = await new Client(base).create('battle', {
    scenarioId: SHORT.id,
    seat: 'ardenne',
    playerName: 'Alice',
    battleName: 'Le Gué rejoué',
  });
  let played = 0;
  alice.onMessage(EVENTS_MESSAGE, () => (played += 1)); // events come as bytes (rules/src/wire/events.ts)
  alice.onMessage('*', () => undefined);
  const welcome = await new Promise<{
    battleId: string;
    invites: { seat: string; token: string }[];
  }>((resolve) => alice.onMessage('welcome', resolve));
  const battleId = welcome.battleId;
  const bruno = await pages.blank(browser!, 'Bruno');
  await followLink(
    bruno,
    `${base}#/b/${battleId}/i/${welcome.invites.find((i) => i.seat === 'black-teeth')!.token}`,
    'Bruno',
  );
  await waitReady(bruno);

  const game = randomGame(SHORT, SEED);
  const playUpTo = async (end: number) => {
    for (; played < end;) {
      const { seat, action } = game.script[played];
      const before = played;
      await settle(100); // within the message budget
      if (seat === 'ardenne') alice.send('action', action);
      else
        await bruno.evaluate(
          (a) => (window as unknown as { __lames: { send(x: unknown): void } }).__lames.send(a),
          action,
        );
      await until(() => played > before, `action ${before} by ${seat}`);
    }
  };
  const midway = Math.floor(game.script.length / 2);
  await playUpTo(midway);

  // Mid-battle: the battle page's Replay button opens a new tab with Bruno's own view.
  const [replay] = await Promise.all([
    bruno.context().waitForEvent('page'),
    bruno.click('[data-testid="replay-open"]'),
  ]);
  let hooks = await replayReady(replay);
  expect(hooks).toMatchObject({ failure: null, full: false, count: midway + 1, at: midway });
  expect(hooks.view?.perspective).toBe('black-teeth');
  await expect(replay.locator('[data-testid="replay-step"]').innerText()).resolves.toContain(
    'Votre vue',
  );
  await replay.screenshot({ path: join(SHOTS, 'replay-fr-own-view-1280.png') });

  await playUpTo(game.script.length);
  // The battle page's bar keeps its buttons (language, replay, leave) on a phone.
  await bruno.setViewportSize(SIZES[0]);
  await settle(300);
  expect(
    await bruno.evaluate(() => {
      const bar = document.querySelector('.topbar')!;
      return bar.scrollWidth <= bar.clientWidth;
    }),
  ).toBe(true);
  await bruno.screenshot({ path: join(SHOTS, 'replay-battle-page-fr-390.png') });
  await bruno.setViewportSize(SIZES[1]);
  await bruno.locator('[data-testid="replay-link"]').waitFor();
  await expect(bruno.locator('[data-testid="replay-link"]').getAttribute('href')).resolves.toBe(
    `#/replay/${battleId}`,
  );

  // Ended: every action, everything shown, stepped with the keys, the buttons and the slider.
  await replay.reload();
  hooks = await replayReady(replay);
  const last = game.script.length;
  expect(hooks).toMatchObject({ failure: null, full: true, count: last + 1, at: last });
  expect(hooks.view?.status).toBe('ended');
  expect(await press(replay, 'Home')).toBe(0);
  await expect(replay.locator('[data-testid="replay-log"]').innerText()).resolves.not.toContain(
    '✔',
  );
  expect(await press(replay, 'ArrowRight')).toBe(1);
  expect(await press(replay, 'ArrowLeft')).toBe(0);
  const turn = await press(replay, 'PageDown');
  expect(turn).toBeGreaterThan(0);
  expect(await press(replay, 'PageUp')).toBe(0);
  const activation = await press(replay, 'Shift+ArrowRight');
  expect(activation).toBeGreaterThan(0);
  expect(activation).toBeLessThanOrEqual(turn);
  expect(await press(replay, 'End')).toBe(last);
  await replay.click('[data-move="first"]');
  expect((await replayHooks(replay)).at).toBe(0);
  await replay.locator('[data-testid="replay-slider"]').fill(String(midway));
  expect((await replayHooks(replay)).at).toBe(midway);
  await expect(replay.locator('[data-testid="replay-counter"]').innerText()).resolves.toBe(
    `Action ${midway} sur ${last}`,
  );
  // The log up to the step, the step's own lines marked.
  expect(await replay.locator('[data-testid="replay-log"] li.log-line').count()).toBeGreaterThan(0);

  for (const lang of ['fr', 'en'] as const) {
    if (lang === 'en') await replay.click('#lang-toggle');
    await replay
      .locator('[data-testid="replay-counter"]', { hasText: lang === 'fr' ? 'Action' : 'of' })
      .waitFor();
    for (const size of SIZES) {
      await replay.setViewportSize(size);
      await settle(300);
      await replay.screenshot({ path: join(SHOTS, `replay-${lang}-${size.width}.png`) });
    }
  }
  await replay.click('#lang-toggle');
  await replay.setViewportSize(SIZES[1]);

  // From the lobby's "my battles": the ended battle offers its replay.
  await replay.click('[data-testid="replay-back"]');
  const fromLobby = replay.locator(`[data-replay="${battleId}"]`);
  await fromLobby.waitFor({ timeout: 30_000 });
  await fromLobby.click();
  expect(await replayReady(replay)).toMatchObject({ full: true, count: last + 1 });

  // A record of another rules version: the viewer says why it cannot replay it, in both languages.
  const file = join(dataDir, 'battles', `${battleId}.json`);
  const record = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  await fs.writeFile(file, JSON.stringify({ ...record, rulesVersion: '0.0.1' }));
  await replay.reload();
  expect(await replayReady(replay)).toMatchObject({ failure: 'otherRulesVersion' });
  const failure = replay.locator('[data-testid="replay-failure"]');
  await expect(failure.innerText()).resolves.toContain(
    `version 0.0.1 des règles ; ce Lames applique la version ${RULES_VERSION}`,
  );
  await replay.screenshot({ path: join(SHOTS, 'replay-fr-other-rules-1280.png') });
  await replay.click('#lang-toggle');
  await expect(failure.innerText()).resolves.toContain(
    `rules version 0.0.1; this Lames runs version ${RULES_VERSION}`,
  );
  await replay.screenshot({ path: join(SHOTS, 'replay-en-other-rules-1280.png') });

  expect(pages.realErrors()).toEqual([]);
  await alice.leave(true).catch(() => undefined);
});
