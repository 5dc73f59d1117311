/**
 * A battle lost on time ends like any end (issue 12; docs/time-controls.md):
 * through the rules (§2.4, turn/lost-on-time.ts), so every seat receives what
 * was under the covers and the seed, and its export verifies as ended with
 * the result "lost on time". Whether a room's timer ends it or, the battle
 * abandoned, the deadline sweep of the server does; never both. The server's
 * time is a FakeTime moved by hand: no test waits for a deadline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { matchMaker } from '@colyseus/core';
import {
  seedHash,
  verifyExport,
  viewFor,
  type BattleExport,
  type GameState,
  type Seat,
} from '@lames/rules';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { replayJournal } from '../../src/persistence/journal';
import { sweepDeadlines } from '../../src/rooms/deadline-sweep';
import {
  leaveAll,
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from '../helpers';
import { comparable, decoded } from '../support/seat-views';
import { FakeTime } from './fake-time';
import { ARDENNE, deploy, FORD, GOBLINS } from './ford';

const SEED = 'lost on time seed';
const T0 = 1_800_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DEADLINE = { mode: 'deadline', turnSeconds: 3600, onTimeout: 'forfeit' };

let server: TestServer;
let store: FileStore;
let dir: string;
let time: FakeTime;
const errors: string[] = [];
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lames-lost-on-time-'));
  store = await openFileStore(dir);
  time = new FakeTime(T0);
  errors.length = 0;
  server = await startTestServer({
    store,
    timers: time,
    seed: () => SEED,
    scenarios: { 'the-ford': FORD },
    logError: (m) => errors.push(m),
  });
});
afterEach(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every seat taken (both sides, the referee, a spectator); the Black Teeth deploy under their covers, then Ardenne's deadline runs. */
async function deployedBattle() {
  const battle = await seatEveryone(server, {
    scenarioId: 'the-ford',
    seat: ARDENNE,
    referee: true,
    timeControl: DEADLINE,
  });
  const goblins = battle.seats[GOBLINS];
  goblins.room.send('action', deploy());
  await waitFor(() => goblins.inbox.events.length > 0, 'the deployment accepted');
  await waitFor(
    () => Object.values(battle.seats).every((s) => s.inbox.clock.at(-1)?.running[0] === ARDENNE),
    "Ardenne's deadline running",
  );
  return battle;
}

const stored = async (id: string) => replayJournal((await store.load(id))!);
const download = async (id: string) =>
  (await (await fetch(`${server.url}/api/battles/${id}/export`)).json()) as BattleExport;
const lookup = async (id: string) =>
  (
    (await (
      await fetch(`${server.url}/api/battles/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [id] }),
      })
    ).json()) as { battles: Record<string, unknown>[] }
  ).battles[0];

const hiddenGoblins = (view: GameState) =>
  view.units.filter((u) => u.side === GOBLINS && u.hidden && u.hex >= 0).length;

/** The export of the battle verifies as ended, Ardenne lost on time, the Black Teeth won, after the one deployment. */
async function expectVerifiedLostOnTime(battleId: string) {
  const file = await download(battleId);
  expect(file.lostOnTime).toMatchObject({ losers: [ARDENNE] });
  expect(verifyExport(file, (id) => (id === FORD.id ? FORD : undefined))).toMatchObject({
    ok: true,
    actions: 1,
    result: {
      reason: 'lostOnTime',
      winner: GOBLINS,
      defeated: [{ side: ARDENNE, condition: 'lostOnTime' }],
    },
  });
}

test('§2.4 forfeit in a room: every seat receives the reveal of the covers and the seed, and the export verifies as lost on time', async () => {
  const { battleId, seats } = await deployedBattle();
  const all = Object.entries(seats) as [Seat, Seated][];
  // while the battle lasts, Ardenne and the spectator see covers, not the units under them
  await settle();
  for (const seat of [ARDENNE, 'spectator'] as Seat[])
    expect(hiddenGoblins(decoded(seats[seat], seat))).toBe(0);

  time.advance(HOUR);
  await waitFor(
    () => all.every(([, s]) => s.room.state.status === 'ended' && s.inbox.dice.length === 1),
    'the end on time at every seat',
  );
  await settle();
  const ended = (await stored(battleId)).state;
  expect(ended.result).toMatchObject({ reason: 'lostOnTime', winner: GOBLINS });
  expect(hiddenGoblins(viewFor(ended, 'referee'))).toBeGreaterThan(0);
  for (const [seat, s] of all) {
    // the same end as any: the events, the covers lifted (what the rules' viewFor shows the seat once ended), the seed
    expect(s.inbox.events.at(-1)).toEqual([
      expect.objectContaining({ type: 'gameEnded', reason: 'lostOnTime', winner: GOBLINS }),
    ]);
    expect({ seat, view: comparable(decoded(s, seat)) }).toEqual({
      seat,
      view: comparable(viewFor(ended, seat)),
    });
    expect(s.inbox.dice).toEqual([{ seedHash: seedHash(SEED), seed: SEED }]);
    expect(s.inbox.timeUp).toEqual([{ sides: [ARDENNE], policy: 'forfeit' }]);
  }
  await expectVerifiedLostOnTime(battleId);
  // the lobby and the organiser's status read the same summary as before: ended, lost on time
  expect(await lookup(battleId)).toMatchObject({
    status: 'ended',
    forfeit: { losers: [ARDENNE], winner: GOBLINS, reason: 'timeout' },
  });
  await leaveAll(...Object.values(seats));
});

test('a room holds the battle: the sweep leaves it to the room, which ends it once', async () => {
  const { battleId, seats } = await deployedBattle();
  // The deadline is long past for the sweep, whose pass at that moment finds the battle due but its claim held by the room.
  expect(await store.listClockDue(T0 + 10 * HOUR, 100)).toContain(battleId);
  expect(
    await sweepDeadlines(
      { store, presence: matchMaker.presence, logError: (m) => errors.push(m) },
      T0 + 10 * HOUR,
    ),
  ).toEqual([]);
  expect((await stored(battleId)).status).toBe('playing');

  time.advance(HOUR);
  await waitFor(() => seats.referee.inbox.dice.length === 1, 'the end on time');
  await sweepDeadlines(
    { store, presence: matchMaker.presence, logError: (m) => errors.push(m) },
    T0 + 10 * HOUR,
  );
  const after = await stored(battleId);
  expect(after.log.filter((e) => e.type === 'gameEnded')).toHaveLength(1);
  expect(errors).toEqual([]);
  await leaveAll(...Object.values(seats));
});

test('an abandoned battle: every seat gone, the deadline passes, the server sweep ends it, lobby and export agree', async () => {
  const { battleId, seats } = await deployedBattle();
  await leaveAll(...Object.values(seats));
  for (let i = 0; i < 100 && (await lookup(battleId)).open; i++) await settle(20);
  expect(await lookup(battleId)).toMatchObject({ open: false, status: 'playing' });

  // The server's time moves on a minute at a time (its sweep runs every LAMES_DEADLINE_SWEEP_SECONDS, 60 here).
  for (let i = 0; i < 100 && (await stored(battleId)).status !== 'ended'; i++) {
    time.advance(MINUTE);
    await settle(10);
  }
  const after = await stored(battleId);
  expect(after.status).toBe('ended');
  expect(after.state.result).toMatchObject({ reason: 'lostOnTime', winner: GOBLINS });
  // ended at the first pass past the deadline, by the minute of the sweep
  expect(Date.parse(after.clock!.forfeit!.at)).toBeGreaterThanOrEqual(T0 + HOUR);
  expect(Date.parse(after.clock!.forfeit!.at)).toBeLessThanOrEqual(T0 + HOUR + 2 * MINUTE);
  expect(await lookup(battleId)).toMatchObject({
    status: 'ended',
    open: false,
    forfeit: { losers: [ARDENNE], winner: GOBLINS, reason: 'timeout' },
  });
  await expectVerifiedLostOnTime(battleId);
  expect(errors).toEqual([]);
});
