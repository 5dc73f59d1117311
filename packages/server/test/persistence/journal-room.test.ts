/**
 * The room's side of the journal: an accepted action is appended, a snapshot
 * is saved every SNAPSHOT_EVERY actions and when the room closes, and a
 * battle whose process died with actions only in the journal resumes from
 * them (copying the files of an open battle acts the kill).
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { replayJournal, SNAPSHOT_EVERY } from '../../src/persistence/journal';
import { matchMaker } from '@colyseus/core';
import { leaveAll, seatEveryone, settle, startTestServer, waitFor, type TestServer } from '../helpers';

const SEED = 'room-journal';
const ACTIONS = SNAPSHOT_EVERY + 6;

let dir: string;
let store: FileStore;
let server: TestServer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-journal-room-'));
  store = await openFileStore(dir);
  server = await startTestServer({ store, seed: () => SEED });
});

afterAll(async () => {
  await server.close();
  await store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test('a room appends each action, snapshots every 64 and on closing; a battle killed with a journal resumes from it', async () => {
  const game = randomGame(scenarioById('the-ford')!, SEED, { limit: ACTIONS });
  expect(game.script).toHaveLength(ACTIONS);
  const { battleId, seats } = await seatEveryone(server, { scenarioId: 'the-ford', seat: 'ardenne' });
  for (const { seat, action } of game.script) {
    const s = seats[seat];
    const before = s.inbox.events.length;
    // Within each connection's message budget (limits/message-rate.ts): 10 a second.
    await settle(100);
    s.room.send('action', action);
    await waitFor(() => s.inbox.events.length > before || s.inbox.rejected.length > 0, `action by ${seat}`);
    expect(s.inbox.rejected).toEqual([]);
  }
  // The room is still open: the last snapshot holds 64 actions, the journal the 6 after.
  let stored = (await store.load(battleId))!;
  for (let i = 0; i < 50 && stored.journal?.length !== ACTIONS - SNAPSHOT_EVERY; i++) {
    await settle(20);
    stored = (await store.load(battleId))!;
  }
  expect(stored.actions).toBe(SNAPSHOT_EVERY);
  expect(stored.journal?.map((e) => e.n)).toEqual([64, 65, 66, 67, 68, 69]);

  // kill -9 now: another process opening these files replays the journal.
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-journal-killed-'));
  try {
    await fs.mkdir(path.join(copy, 'battles'));
    for (const name of await fs.readdir(path.join(dir, 'battles'))) {
      await fs.copyFile(path.join(dir, 'battles', name), path.join(copy, 'battles', name));
    }
    const other = await openFileStore(copy);
    const resumed = replayJournal((await other.load(battleId))!);
    await other.close();
    expect(resumed.state).toEqual(game.state);
    expect(resumed.actions).toBe(ACTIONS);
  } finally {
    await fs.rm(copy, { recursive: true, force: true });
  }

  // Everyone leaves: the closing room leaves a snapshot of every action.
  await leaveAll(...Object.values(seats));
  const start = Date.now();
  while ((await matchMaker.query({ roomId: battleId })).length > 0) {
    if (Date.now() - start > 3000) throw new Error(`battle ${battleId} still open`);
    await settle(20);
  }
  // The room leaves the listing before its last save has landed.
  let closed = (await store.load(battleId))!;
  for (let i = 0; i < 100 && closed.actions !== ACTIONS; i++) {
    await settle(20);
    closed = (await store.load(battleId))!;
  }
  expect(closed.actions).toBe(ACTIONS);
  expect(closed.journal).toBeUndefined();
  expect(closed.state).toEqual(JSON.parse(JSON.stringify(game.state)));
}, 60_000);
