/**
 * Nothing lost (issue 12): "every accepted action is written to the store
 * before its result is sent to anyone". A store wrapper holds or fails the
 * room's journal writes, and the raw frames of every connection show what
 * left meanwhile.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { apply, createGame, stateHash } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame, type PlayedAction } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import type { BattleHead, BattleStore, JournalEntry } from '../../src/persistence/store';
import { leaveAll, seatEveryone, settle, startTestServer, waitFor, type Seated, type TestServer } from '../helpers';

const SEED = 'store-before-send';

/** The file store, with appends that can be held until released, or made to fail once after writing their line. */
class GatedStore implements BattleStore {
  appends: JournalEntry[] = [];
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  /** The next append writes its line, then throws: a write that reached the disk but was never acknowledged. */
  failNext = false;

  constructor(readonly inner: FileStore) {}

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.gate = null;
    this.open?.();
  }

  async append(id: string, entry: JournalEntry, head: BattleHead): Promise<void> {
    this.appends.push(entry);
    if (this.gate) await this.gate;
    await this.inner.append(id, entry, head);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full (simulated)');
    }
  }
  save = (...a: Parameters<BattleStore['save']>) => this.inner.save(...a);
  load = (...a: Parameters<BattleStore['load']>) => this.inner.load(...a);
  delete = (...a: Parameters<BattleStore['delete']>) => this.inner.delete(...a);
  listListed = (...a: Parameters<BattleStore['listListed']>) => this.inner.listListed(...a);
  lookup = (...a: Parameters<BattleStore['lookup']>) => this.inner.lookup(...a);
  listExpired = (...a: Parameters<BattleStore['listExpired']>) => this.inner.listExpired(...a);
  listClockDue = (...a: Parameters<BattleStore['listClockDue']>) => this.inner.listClockDue(...a);
  appendChat = (...a: Parameters<BattleStore['appendChat']>) => this.inner.appendChat(...a);
  loadChat = (...a: Parameters<BattleStore['loadChat']>) => this.inner.loadChat(...a);
  close = () => this.inner.close();
}

let dir: string;
let store: GatedStore;
let server: TestServer;
let script: PlayedAction[];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-store-first-'));
  store = new GatedStore(await openFileStore(dir));
  server = await startTestServer({ store, seed: () => SEED, logError: () => undefined });
  script = randomGame(scenarioById('the-ford')!, SEED, { limit: 4 }).script;
});

afterAll(async () => {
  store.release();
  await server.close();
  await store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const framesOf = (seats: Record<string, Seated>) => Object.fromEntries(Object.entries(seats).map(([seat, s]) => [seat, s.frames().length]));
const actionCount = (s: Seated) => (s.room.state as unknown as { actionCount: number }).actionCount;

test('while an action is being stored nothing leaves for any seat, and the next action waits for it; then both go out in order', async () => {
  const { seats } = await seatEveryone(server, { scenarioId: 'the-ford', seat: 'ardenne' });
  store.appends = [];
  const [first, second] = script;
  expect(first.seat).not.toBe(second.seat); // two players, so the second is not just queued behind the first on one socket
  await settle(100); // the join patches have arrived
  const before = framesOf(seats);
  store.hold();
  seats[first.seat].room.send('action', first.action);
  await waitFor(() => store.appends.length === 1, 'the first append');
  seats[second.seat].room.send('action', second.action);
  // Time for anything sent too early, and for the second action to reach the store if it did not wait.
  await settle(200);
  expect(store.appends.map((e) => e.n)).toEqual([0]);
  expect(framesOf(seats)).toEqual(before);
  store.release();
  await waitFor(() => Object.values(seats).every((s) => s.inbox.events.length === 2), 'both actions to every seat');
  expect(store.appends.map((e) => [e.n, e.seat])).toEqual([
    [0, first.seat],
    [1, second.seat],
  ]);
  for (const s of Object.values(seats)) expect(actionCount(s)).toBe(2);
  const stored = (await store.load(seats.ardenne.room.roomId))!;
  expect(stored.journal?.map((e) => e.action)).toEqual([first.action, second.action]);
  await leaveAll(...Object.values(seats));
}, 30_000);

test('an action the store fails to keep is refused to its sender, reaches nobody, and is not played; sent again, it is stored as a snapshot', async () => {
  const { battleId, seats } = await seatEveryone(server, { scenarioId: 'the-ford', seat: 'ardenne' });
  const [first] = script;
  const sender = seats[first.seat];
  await settle(100);
  const others = Object.fromEntries(Object.entries(seats).filter(([seat]) => seat !== first.seat));
  const before = framesOf(others);
  store.failNext = true;
  sender.room.send('action', first.action);
  await waitFor(() => sender.inbox.rejected.length === 1, 'the refusal');
  expect(sender.inbox.rejected[0].code).toBe('storeFailed');
  expect(sender.inbox.rejected[0].message.en).toMatch(/could not store that action: it is not played/);
  await settle(100);
  expect(framesOf(others)).toEqual(before);
  expect(sender.inbox.events).toEqual([]);
  expect(actionCount(sender)).toBe(0);

  // The failed append left its line in the journal; the retry replaces it with a snapshot of one action.
  sender.room.send('action', first.action);
  await waitFor(() => Object.values(seats).every((s) => s.inbox.events.length === 1), 'the action sent again');
  const stored = (await store.load(battleId))!;
  expect(stored.actions).toBe(1);
  expect(stored.journal).toBeUndefined();
  const played = apply(createGame(scenarioById('the-ford')!, SEED), first.seat, first.action);
  if (!played.ok) throw new Error('the scripted action is refused');
  expect(stored.log).toEqual(JSON.parse(JSON.stringify(played.events)));
  expect(stateHash(stored.state)).toBe(stateHash(played.state));
  await leaveAll(...Object.values(seats));
}, 30_000);
