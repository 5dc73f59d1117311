/**
 * Issue 12 in the browser: a broadcast battle (broadcastDelay 1) watched by
 * a spectator. The ford is saved in turn 2, its ambush hidden in the wood at
 * 1303 and its decoy at 1204; Carla follows the spectator link. Her page is
 * the broadcast page: the banner says "Diffusion différée de 1 tour — vous
 * voyez le tour 1", the map holds the ambush and the decoy where they stood
 * when turn 1 began, the log ends there. When the players end turn 2 her
 * banner moves to turn 2. Screenshots at 390×844, 1280×800 and 1920×1080
 * in both languages go to artifacts/screenshots.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { apply, createGame, type ActionInput, type GameEvent, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { deployFord, FORD_DECOY } from '@lames/rules/testing';
import { checkBrowserPrerequisites, launchChromium, SHOTS, tearDown } from './helpers/chromium';
import { PlayerPages } from './helpers/player-pages';
import { forceSend, waitReady } from './helpers/lames-page';
import { followLink } from './helpers/seats';
import { startServer, type RunningServer } from '../packages/server/src/app';
import { readConfig } from '../packages/server/src/config';
import { openFileStore } from '../packages/server/src/persistence/file-store';
import { newBattleFacts } from '../packages/server/src/persistence/new-battle';
import { serverStateHash } from '../packages/server/src/persistence/state-hash';
import type { PlayedAction } from '../packages/server/src/persistence/store';
import { hashToken } from '../packages/server/src/rooms/seat-keys';

const BATTLE = 'broadcast-ford';
const SEED = 'browser broadcast';
const KEYS = {
  ardenne: 'ArdenneKey-0123456789a',
  'black-teeth': 'BlackTeethKey-01234567',
  spectator: 'SpectatorKey-012345678',
};
const FORD = scenarioById('the-ford')!;

/** The ford played to the start of turn 2: the Black Teeth deploy (FORD_PLACEMENT), then both sides end turn 1. */
function playedToTurn2(): { state: GameState; log: GameEvent[]; played: PlayedAction[] } {
  const opening = createGame(FORD, SEED);
  const deploy = deployFord(createGame(FORD, SEED));
  let state = opening;
  const log: GameEvent[] = [];
  const played: PlayedAction[] = [];
  const deployAction = deploy.units.find((u) => u.id === 'o-ambush')!;
  const decoy = deploy.decoys[0];
  const actions: Array<[string, ActionInput]> = [
    [
      'black-teeth',
      {
        type: 'deploy',
        units: [{ unit: 'o-ambush', hex: deployAction.hex, facing: deployAction.facing }],
        decoys: [{ mimic: decoy.mimic, hex: decoy.hex, facing: decoy.facing }],
      },
    ],
    ['ardenne', { type: 'endTurn' }],
    ['black-teeth', { type: 'endTurn' }],
  ];
  for (const [seat, action] of actions) {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`${action.type}: ${r.rejection.code}`);
    state = r.state;
    log.push(...r.events);
    played.push({ seat, action, events: r.events.length, stateHash: serverStateHash(state) });
  }
  return { state, log, played };
}

async function saveBattle(dataDir: string): Promise<void> {
  const store = await openFileStore(dataDir);
  const seat = async (key: string, playerName: string) => ({
    keyHash: await hashToken(key),
    inviteHash: null,
    playerName,
  });
  const { dice, rulesVersion } = newBattleFacts(FORD, SEED);
  const { state, log, played } = playedToTurn2();
  await store.save({
    id: BATTLE,
    battleName: 'Le gué, en différé',
    scenarioId: FORD.id,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    status: 'playing',
    state,
    log,
    dice,
    rulesVersion,
    played,
    actions: played.length,
    broadcastDelay: 1,
    access: {
      listed: false,
      creatorSeat: 'ardenne',
      seats: {
        ardenne: await seat(KEYS.ardenne, 'Alice'),
        'black-teeth': await seat(KEYS['black-teeth'], 'Bruno'),
      },
      spectatorHash: await hashToken(KEYS.spectator),
      othersClaimed: true,
    },
  });
  await store.close();
}

/** What the broadcast page exposes for tests (packages/client/src/game/broadcast-page.ts). */
type BroadcastWin = { __lamesBroadcast?: { frame: { shownTurn: number } | null; ready: boolean } };

interface ShownFrame {
  shownTurn: number;
  view: GameState;
}
const shown = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as BroadcastWin).__lamesBroadcast?.frame as unknown as ShownFrame | null,
  );
const banner = (page: Page) =>
  page.locator('[data-testid="broadcast-banner"] .turn-text').textContent();

let server: RunningServer | undefined;
let browser: Browser | undefined;
const pages = new PlayerPages({ width: 1280, height: 800 });
let dataDir = '';
let base = '';
let carla: Page;

beforeAll(async () => {
  checkBrowserPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lames-e2e-broadcast-'));
  await saveBattle(dataDir);
  server = await startServer(
    readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir }),
    { logError: () => undefined, reconnectSeconds: 2 },
  );
  base = `http://127.0.0.1:${server.port}/`;
  browser = await launchChromium();
  carla = await pages.blank(browser, 'Carla');
  await followLink(carla, `${base}#/b/${BATTLE}/i/${KEYS.spectator}`, 'Carla');
  await carla.waitForFunction(
    () => (window as unknown as BroadcastWin).__lamesBroadcast?.ready === true,
    null,
    {
      timeout: 30_000,
    },
  );
}, 120_000);
afterAll(() => tearDown({ server, pages, browser, dataDir }));

describe('issue 12: a spectator watches a broadcast battle one turn late', () => {
  it('the banner says how late, and the map shows turn 1’s start with the ambush and its decoy', async () => {
    await expect(banner(carla)).resolves.toBe(
      'Diffusion différée de 1 tour — vous voyez le tour 1',
    );
    const frame = (await shown(carla))!;
    expect(frame.shownTurn).toBe(1);
    expect(frame.view.turn).toBe(1);
    expect(frame.view.units.find((u) => u.id === 'o-ambush')).toMatchObject({ hidden: true });
    expect(frame.view.decoys.map((d) => d.id)).toEqual([FORD_DECOY]);
    await expect(carla.locator('[data-testid="turn"]').textContent()).resolves.toBe(
      'Au début du tour 1 / 8',
    );
  }, 30_000);

  it('screenshots at three sizes in both languages', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await carla.setViewportSize(size);
      await carla.waitForTimeout(300);
      await carla.screenshot({ path: join(SHOTS, `broadcast-${size.width}-fr.png`) });
      await carla.click('#lang-toggle');
      await expect(banner(carla)).resolves.toBe(
        'Broadcast delayed by 1 turn — you are seeing turn 1',
      );
      await carla.waitForTimeout(300);
      await carla.screenshot({ path: join(SHOTS, `broadcast-${size.width}-en.png`) });
      await carla.click('#lang-toggle');
    }
  }, 60_000);

  it('the players end turn 2: the broadcast moves to turn 2, and not before the turn is over', async () => {
    const alice = await pages.blank(browser!, 'Alice');
    await followLink(alice, `${base}#/b/${BATTLE}/k/${KEYS.ardenne}`, 'Alice');
    await waitReady(alice);
    const bruno = await pages.blank(browser!, 'Bruno');
    await followLink(bruno, `${base}#/b/${BATTLE}/k/${KEYS['black-teeth']}`, 'Bruno');
    await waitReady(bruno);
    await forceSend(alice, { type: 'endTurn' });
    await carla.waitForTimeout(500);
    expect((await shown(carla))!.shownTurn).toBe(1);
    await forceSend(bruno, { type: 'endTurn' });
    await carla.waitForFunction(
      () => (window as unknown as BroadcastWin).__lamesBroadcast?.frame?.shownTurn === 2,
      null,
      {
        timeout: 30_000,
      },
    );
    await expect(banner(carla)).resolves.toBe(
      'Diffusion différée de 1 tour — vous voyez le tour 2',
    );
  }, 90_000);

  it('no page reported an error', () => {
    expect(pages.realErrors()).toEqual([]);
  });
});
