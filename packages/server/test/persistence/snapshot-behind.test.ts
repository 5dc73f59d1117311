/**
 * The periodic snapshot (every SNAPSHOT_EVERY actions) is taken behind the
 * action it follows (issue 9): that action is journalled, committed and sent
 * without waiting for the snapshot's synced writes, and a snapshot that fails
 * loses nothing — the journal holds every action, and the next action stores
 * a snapshot in its place.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { replayJournal, SNAPSHOT_EVERY } from '../../src/persistence/journal';
import type { BattleRecord, BattleStore } from '../../src/persistence/store';
import {
  leaveAll,
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from '../helpers';

const SEED = 'snapshot-behind';
const ACTIONS = SNAPSHOT_EVERY + 3;
const game = randomGame(scenarioById('the-ford')!, SEED, { limit: ACTIONS });

/** How the wrapped store answers the periodic snapshot (the save of SNAPSHOT_EVERY actions). */
type Periodic = 'held' | 'failed';

interface Harness {
  dir: string;
  store: FileStore;
  server: TestServer;
  saves: number[];
  release: () => void;
  errors: string[];
}

/** A file store whose periodic snapshot is held until released, or fails without being written. */
async function harness(periodic: Periodic): Promise<Harness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-snapshot-behind-'));
  const store = await openFileStore(dir);
  const saves: number[] = [];
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const wrapped = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'save') {
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      }
      return async (r: BattleRecord) => {
        saves.push(r.actions ?? 0);
        if (r.actions !== SNAPSHOT_EVERY) return target.save(r);
        if (periodic === 'failed') throw new Error('disk full');
        // Written in the store's order at once; only the answer waits.
        const written = target.save(r);
        await released;
        return written;
      };
    },
  }) as BattleStore;
  const errors: string[] = [];
  const server = await startTestServer({
    store: wrapped,
    seed: () => SEED,
    logError: (message: string) => errors.push(message),
  });
  return { dir, store, server, saves, release, errors };
}

async function close(h: Harness): Promise<void> {
  h.release();
  await h.server.close();
  await h.store.close();
  await fs.rm(h.dir, { recursive: true, force: true });
}

/** Plays the game's actions from `from` to `to`, each acknowledged by its events. */
async function play(seats: Record<string, Seated>, from: number, to: number): Promise<void> {
  for (const { seat, action } of game.script.slice(from, to)) {
    const s = seats[seat];
    const before = s.inbox.events.length;
    await settle(100); // within each connection's message budget (limits/message-rate.ts)
    s.room.send('action', action);
    await waitFor(
      () => s.inbox.events.length > before || s.inbox.rejected.length > 0,
      `action by ${seat}`,
    );
    expect(s.inbox.rejected).toEqual([]);
  }
}

test('issue 9: the action that makes the periodic snapshot due is sent before the snapshot is on disk', async () => {
  const h = await harness('held');
  try {
    const { battleId, seats } = await seatEveryone(h.server, {
      scenarioId: 'the-ford',
      seat: 'ardenne',
    });
    // The 64th action is acknowledged while its snapshot's answer is held (waiting for it would time out here).
    await play(seats, 0, SNAPSHOT_EVERY);
    expect(h.saves).toContain(SNAPSHOT_EVERY);
    h.release();
    await play(seats, SNAPSHOT_EVERY, ACTIONS);
    const stored = (await h.store.load(battleId))!;
    expect(stored.actions).toBe(SNAPSHOT_EVERY);
    expect(stored.journal?.map((e) => e.n)).toEqual([64, 65, 66]);
    expect(replayJournal(stored).state).toEqual(game.state);
    await leaveAll(...Object.values(seats));
  } finally {
    await close(h);
  }
}, 60_000);

test('issue 9: a periodic snapshot that fails loses nothing, and the next action stores one in its place', async () => {
  const h = await harness('failed');
  try {
    const { battleId, seats } = await seatEveryone(h.server, {
      scenarioId: 'the-ford',
      seat: 'ardenne',
    });
    await play(seats, 0, SNAPSHOT_EVERY);
    await waitFor(() => h.errors.length > 0, 'the failed snapshot logged');
    expect(h.errors[0]).toMatch(/periodic snapshot/);
    // Every action so far is in the journal: the failed snapshot dropped nothing.
    expect(replayJournal((await h.store.load(battleId))!).actions).toBe(SNAPSHOT_EVERY);
    await play(seats, SNAPSHOT_EVERY, ACTIONS);
    // The next action was stored as a whole snapshot (65 actions), the others appended after it.
    expect(h.saves).toContain(SNAPSHOT_EVERY + 1);
    const stored = (await h.store.load(battleId))!;
    expect(stored.actions).toBe(SNAPSHOT_EVERY + 1);
    expect(stored.journal?.map((e) => e.n)).toEqual([65, 66]);
    expect(replayJournal(stored).state).toEqual(game.state);
    await leaveAll(...Object.values(seats));
  } finally {
    await close(h);
  }
}, 60_000);
