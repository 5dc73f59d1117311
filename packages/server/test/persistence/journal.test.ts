/**
 * The journal (issues 9 and 12): each accepted action is appended, a snapshot
 * (the whole record) is saved every SNAPSHOT_EVERY actions, and load gives
 * the last snapshot with the entries after it, which replayJournal plays
 * through the rules again. The same tests run on the file store and on
 * PostgreSQL (LAMES_TEST_PG_URL, required as in pg-store.test.ts).
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { apply, createGame, type GameEvent, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { headOf, replayJournal, SNAPSHOT_EVERY } from '../../src/persistence/journal';
import { openPgStore, type PgStore } from '../../src/persistence/pg-store';
import { CorruptRecordError, type BattleRecord, type BattleStore, type JournalEntry } from '../../src/persistence/store';
import { makeRecord } from './fixtures';
import { PG_URL, pgTestSchema } from './pg-schema';
import { walLine } from '../../src/persistence/wal';

const ACTIONS = 150;

/** As a store gives it back: through JSON (an event's `Infinity` allowance becomes null, undefined fields vanish). */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A random the-ford battle of 150 actions (the first seed whose battle lasts that long): the state and log after each, and its journal entries. */
const played = (() => {
  const scenario = scenarioById('the-ford');
  if (!scenario) throw new Error('scenario the-ford is missing from @lames/rules');
  let SEED = '';
  let game: ReturnType<typeof randomGame> | undefined;
  for (let i = 1; i <= 20 && game?.script.length !== ACTIONS; i++) {
    SEED = `journal-${i}`;
    game = randomGame(scenario, SEED, { limit: ACTIONS });
  }
  if (!game) throw new Error('no random game');
  const states: GameState[] = [createGame(scenario, SEED)];
  const logs: GameEvent[][] = [[]];
  const entries: JournalEntry[] = [];
  game.script.forEach(({ seat, action }, n) => {
    const r = apply(states[n], seat, action);
    if (!r.ok) throw new Error(`action ${n} refused: ${r.rejection.code}`);
    entries.push({ n, seat, action, events: r.events });
    states.push(r.state);
    logs.push([...logs[n], ...r.events]);
  });
  return { game, states, logs, entries };
})();

/** The record after `k` actions, as a room would snapshot it. */
function recordAt(id: string, k: number): BattleRecord {
  const minute = String(k % 60).padStart(2, '0');
  return makeRecord(id, { state: played.states[k], log: played.logs[k], actions: k, updatedAt: `2025-01-02T11:${minute}:00.000Z` });
}

/** Appends actions `from` to `to` - 1, with a snapshot after every `every` actions (none when 0). */
async function play(store: BattleStore, id: string, from: number, to: number, every = SNAPSHOT_EVERY): Promise<void> {
  for (let n = from; n < to; n++) {
    await store.append(id, played.entries[n], headOf(recordAt(id, n + 1)));
    if (every > 0 && (n + 1) % every === 0) await store.save(recordAt(id, n + 1));
  }
}

async function current(store: BattleStore, id: string): Promise<BattleRecord> {
  const stored = await store.load(id);
  if (!stored) throw new Error(`battle ${id} not found`);
  return replayJournal(stored);
}

interface Harness {
  store: () => BattleStore;
  /** Saves the snapshot as if the process died right after it, before the journal it includes was dropped. */
  snapshotThenCrash: (record: BattleRecord) => Promise<void>;
}

function journalContract(h: Harness): void {
  test('the random game lasts the 150 actions the tests play', () => {
    expect(played.entries).toHaveLength(ACTIONS);
  });

  test('150 actions appended (a snapshot every 64), loaded and replayed, give the state and log of playing them', async () => {
    await h.store().save(recordAt('b150', 0));
    await play(h.store(), 'b150', 0, ACTIONS);
    const stored = (await h.store().load('b150'))!;
    // The last snapshot holds 128 actions: only the 22 after it are replayed.
    expect(stored.actions).toBe(128);
    expect(stored.journal?.map((e) => e.n)).toEqual(Array.from({ length: ACTIONS - 128 }, (_, i) => 128 + i));
    const record = replayJournal(stored);
    expect(record.state).toEqual(played.game.state);
    expect(record.log).toEqual(asStored(played.logs[ACTIONS]));
    expect(record.actions).toBe(ACTIONS);
    // The envelope is the last appended one.
    expect(record.updatedAt).toBe(recordAt('b150', ACTIONS).updatedAt);
  });

  test('150 actions appended without any snapshot replay from the opening state', async () => {
    await h.store().save(recordAt('nosnap', 0));
    await play(h.store(), 'nosnap', 0, ACTIONS, 0);
    const record = await current(h.store(), 'nosnap');
    expect(record.state).toEqual(played.states[ACTIONS]);
    expect(record.log).toEqual(asStored(played.logs[ACTIONS]));
  });

  test('the lobby sees the head of the last action, not the snapshot', async () => {
    await h.store().save(recordAt('lobby', 0));
    await play(h.store(), 'lobby', 0, 20, 0);
    const [summary] = await h.store().lookup(['lobby']);
    expect(summary).toEqual(headOf(recordAt('lobby', 20)).summary);
  });

  test('a crash between a snapshot and the end of its journal does not replay an action twice', async () => {
    await h.store().save(recordAt('crash', 0));
    await play(h.store(), 'crash', 0, 70, 0);
    await h.snapshotThenCrash(recordAt('crash', 70));
    const stored = (await h.store().load('crash'))!;
    expect(stored.journal).toBeUndefined();
    expect(replayJournal(stored).state).toEqual(played.states[70]);
    // Play goes on after the restart, the stale entries still there.
    await play(h.store(), 'crash', 70, 75, 0);
    const record = await current(h.store(), 'crash');
    expect(record.state).toEqual(played.states[75]);
    expect(record.log).toEqual(asStored(played.logs[75]));
  });

  test('a journalled action the rules refuse, or a gap in the journal, is a CorruptRecordError', async () => {
    await h.store().save(recordAt('tampered', 0));
    await play(h.store(), 'tampered', 0, 3, 0);
    const wrongSeat = played.entries[3].seat === 'ardenne' ? 'black-teeth' : 'ardenne';
    await h.store().append('tampered', { ...played.entries[3], seat: wrongSeat }, headOf(recordAt('tampered', 4)));
    const stored = (await h.store().load('tampered'))!;
    expect(() => replayJournal(stored)).toThrow(CorruptRecordError);
    expect(() => replayJournal(stored)).toThrow(/action 3 .* refused on replay/);

    await h.store().save(recordAt('gap', 0));
    await play(h.store(), 'gap', 0, 2, 0);
    await h.store().append('gap', played.entries[5], headOf(recordAt('gap', 6)));
    await expect(h.store().load('gap')).rejects.toThrow(/expected action 2 .* found action 5/);
  });

  test('an append to a battle never saved fails; delete forgets the journal too', async () => {
    await expect(h.store().append('ghost', played.entries[0], headOf(recordAt('ghost', 1)))).rejects.toThrow(/no saved record/);
    await h.store().save(recordAt('gone', 0));
    await play(h.store(), 'gone', 0, 5, 0);
    await h.store().delete('gone');
    expect(await h.store().load('gone')).toBeNull();
    await h.store().save(recordAt('gone', 0));
    expect((await h.store().load('gone'))?.journal).toBeUndefined();
  });

  test('a record saved before the journal (no actions count) loads as before and takes appends from action 0', async () => {
    const old = recordAt('old', 0);
    delete old.actions;
    await h.store().save(old);
    expect(await h.store().load('old')).toEqual(old);
    await play(h.store(), 'old', 0, 4, 0);
    expect((await current(h.store(), 'old')).state).toEqual(played.states[4]);
  });
}

/** The log's segments in `<dataDir>/battles` and their contents, by name. */
async function logFiles(dataDir: string): Promise<Map<string, Buffer>> {
  const dir = path.join(dataDir, 'battles');
  const names = (await fs.readdir(dir)).filter((n) => /^wal-\d+\.log$/.test(n)).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await fs.readFile(path.join(dir, n))] as const)));
}

/** Puts the log back as `files` held it (a segment written since is removed). */
async function restoreLog(dataDir: string, files: Map<string, Buffer>): Promise<void> {
  const dir = path.join(dataDir, 'battles');
  for (const name of (await logFiles(dataDir)).keys()) if (!files.has(name)) await fs.rm(path.join(dir, name));
  for (const [name, data] of files) await fs.writeFile(path.join(dir, name), data);
}

describe('file store journal', () => {
  let dataDir: string;
  let store: FileStore;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-journal-'));
    store = await openFileStore(dataDir);
  });

  afterEach(async () => {
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  journalContract({
    store: () => store,
    snapshotThenCrash: async (record) => {
      // The process dies after the snapshot, before its cut line reached the log: the log as before.
      const before = await logFiles(dataDir);
      await store.save(record);
      await store.close();
      await restoreLog(dataDir, before);
      store = await openFileStore(dataDir);
    },
  });

  test('bytes written per append do not grow with the battle: entry 140 adds its own size plus the same head as entry 10', async () => {
    await store.save(recordAt('bytes', 0));
    const size = async () => store.logStats().bytes;
    const growth: number[] = [];
    for (let n = 0; n < ACTIONS; n++) {
      const before = await size();
      await play(store, 'bytes', n, n + 1);
      // A snapshot drops the journal: measure the appends that did not end in one.
      growth.push((n + 1) % SNAPSHOT_EVERY === 0 ? NaN : (await size()) - before);
    }
    const entrySize = (n: number) => Buffer.byteLength(JSON.stringify(played.entries[n]));
    const overhead = (n: number) => growth[n] - entrySize(n);
    // What is added beyond the entry is its head (envelope and lobby summary): a few hundred bytes whatever n.
    expect(overhead(10)).toBeGreaterThan(0);
    expect(overhead(10)).toBeLessThan(1500);
    expect(Math.abs(overhead(140) - overhead(10))).toBeLessThanOrEqual(Math.min(entrySize(10), entrySize(140)));
    // Meanwhile the snapshot grew: rewriting it after each action is what the journal avoids.
    const snapshot = (k: number) => Buffer.byteLength(JSON.stringify(recordAt('bytes', k)));
    expect(snapshot(140) - snapshot(10)).toBeGreaterThan(10 * (growth[140] - growth[10]));
  });

  test('a line torn by a crash in the middle of an append is ignored, and the next append starts a line of its own', async () => {
    await store.save(recordAt('torn', 0));
    await play(store, 'torn', 0, 5, 0);
    const torn = walLine('torn', { ...played.entries[5], head: headOf(recordAt('torn', 6)) }).slice(0, 40);
    await store.close();
    const files = [...(await logFiles(dataDir)).keys()];
    await fs.appendFile(path.join(dataDir, 'battles', files[files.length - 1]), torn);
    store = await openFileStore(dataDir);
    // Never acknowledged: the battle resumes after action 4.
    expect((await current(store, 'torn')).state).toEqual(played.states[5]);
    await play(store, 'torn', 5, 8, 0);
    const record = await current(store, 'torn');
    expect(record.state).toEqual(played.states[8]);
    expect(record.log).toEqual(asStored(played.logs[8]));
  });

  test('reopened, the store lists a battle with the head of its last journalled action', async () => {
    await store.save(recordAt('reopen', 0));
    await play(store, 'reopen', 0, 12, 0);
    await store.close();
    store = await openFileStore(dataDir);
    expect(await store.lookup(['reopen'])).toEqual([headOf(recordAt('reopen', 12)).summary]);
  });
});

/**
 * The file store's log (issue 9, persistence/wal.ts): all battles append to
 * one log, in batches (group commit); segments are removed once no battle
 * needs them, or compacted; journals of earlier versions still load.
 */
describe('file store log', () => {
  let dataDir: string;
  let store: FileStore;
  const segments = async () => [...(await logFiles(dataDir)).keys()];

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-wal-'));
  });

  afterEach(async () => {
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test('battles appending at the same time share synced writes, and each load gives exactly its own entries in order', async () => {
    store = await openFileStore(dataDir);
    const ids = Array.from({ length: 40 }, (_, i) => `many-${i}`);
    // Battles of 5 to 10 actions: a load picking up another battle's lines would show more.
    const length = (i: number) => 5 + (i % 6);
    for (const id of ids) await store.save(recordAt(id, 0));
    const before = store.logStats().writes;
    // Each battle appends its next action once the previous one is acknowledged, as a room does.
    await Promise.all(ids.map((id, i) => play(store, id, 0, length(i), 0)));
    const writes = store.logStats().writes - before;
    // 300 appends: one write for the first, then about one per round of the battles (a round waits for the write before).
    expect(writes).toBeLessThanOrEqual(2 * 10 + 1);
    for (const [i, id] of ids.entries()) {
      const stored = (await store.load(id))!;
      expect(stored.journal).toEqual(asStored(played.entries.slice(0, length(i))));
      expect(replayJournal(stored).state).toEqual(played.states[length(i)]);
    }
    await store.close();
    store = await openFileStore(dataDir);
    expect(await store.lookup([ids[4]])).toEqual([headOf(recordAt(ids[4], 9)).summary]);
    expect((await store.load(ids[4]))!.journal).toEqual(asStored(played.entries.slice(0, 9)));
  }, 60_000);

  test('a segment is removed once every battle with lines in it has saved a snapshot past them', async () => {
    // One byte per segment: every batch starts a new one.
    store = await openFileStore(dataDir, { segmentBytes: 1 });
    await store.save(recordAt('a', 0));
    await store.save(recordAt('b', 0));
    await play(store, 'a', 0, 3, 0);
    await play(store, 'b', 0, 2, 0);
    await play(store, 'a', 3, 5, 0);
    expect(await segments()).toHaveLength(7);
    await store.save(recordAt('a', 5));
    await store.close();
    // a's first three went; b's two, a's two after them and the one holding a's cut remain (oldest first).
    expect(await segments()).toHaveLength(5);
    store = await openFileStore(dataDir, { segmentBytes: 1 });
    expect((await store.load('a'))!.journal).toBeUndefined();
    expect((await store.load('b'))!.journal).toEqual(asStored(played.entries.slice(0, 2)));
    await store.save(recordAt('b', 2));
    await store.close();
    expect(await segments()).toHaveLength(1);
    store = await openFileStore(dataDir, { segmentBytes: 1 });
    // At open the segment only holding cuts is removed too.
    expect(await segments()).toHaveLength(0);
    expect(replayJournal((await store.load('b'))!).state).toEqual(played.states[2]);
  });

  test('a crash after a snapshot but before its segments are removed replays nothing twice', async () => {
    store = await openFileStore(dataDir, { segmentBytes: 1 });
    await store.save(recordAt('crash', 0));
    await play(store, 'crash', 0, 10, 0);
    const before = await logFiles(dataDir);
    await store.save(recordAt('crash', 10));
    await store.close();
    // The cut reached the log, the segments it covers came back (their removal never happened).
    const after = await logFiles(dataDir);
    await restoreLog(dataDir, new Map([...before, ...after]));
    expect(await segments()).toHaveLength(11);
    store = await openFileStore(dataDir, { segmentBytes: 1 });
    expect(await segments()).toHaveLength(0);
    expect((await store.load('crash'))!.journal).toBeUndefined();
    await play(store, 'crash', 10, 14, 0);
    const record = await current(store, 'crash');
    expect(record.state).toEqual(played.states[14]);
    expect(record.log).toEqual(asStored(played.logs[14]));
  });

  test('beyond maxSegments the lines of an idle battle are copied forward and its old segment removed', async () => {
    store = await openFileStore(dataDir, { segmentBytes: 1, maxSegments: 3 });
    await store.save(recordAt('idle', 0));
    await store.save(recordAt('busy', 0));
    await play(store, 'idle', 0, 4, 0);
    const first = (await segments())[0];
    // The busy battle snapshots every 5 actions: only the idle one pins old segments.
    await play(store, 'busy', 0, 30, 5);
    await store.close();
    // Without compaction the idle battle's first segment would be kept for ever.
    expect(await segments()).not.toContain(first);
    // Without compaction every segment since the idle battle's first would stay (more than 30, oldest
    // first). While playing, the count may lag behind maxSegments (a cleanup runs after a write unless
    // one is running); close cleans up a last time, leaving about maxSegments (at one line a segment the
    // idle battle's four lines may still be in four).
    expect((await segments()).length).toBeLessThanOrEqual(3 + 4);
    for (const options of [{ segmentBytes: 1, maxSegments: 3 }, {}]) {
      store = await openFileStore(dataDir, options);
      expect((await store.load('idle'))!.journal).toEqual(asStored(played.entries.slice(0, 4)));
      expect((await store.load('busy'))!.journal).toBeUndefined();
      expect(await store.lookup(['idle'])).toEqual([headOf(recordAt('idle', 4)).summary]);
      await store.close();
    }
    store = await openFileStore(dataDir);
    await play(store, 'idle', 4, 6, 0);
    expect(replayJournal((await store.load('idle'))!).state).toEqual(played.states[6]);
  });

  test('a journal of a version before the log (<id>.journal) still loads, takes appends, and goes at the next snapshot', async () => {
    const dir = path.join(dataDir, 'battles');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'old.json'), JSON.stringify(recordAt('old', 0)));
    const oldLines = played.entries.slice(0, 5).map((e, n) => `${JSON.stringify({ ...e, head: headOf(recordAt('old', n + 1)) })}\n`);
    await fs.writeFile(path.join(dir, 'old.journal'), oldLines.join(''));
    store = await openFileStore(dataDir);
    expect(await store.lookup(['old'])).toEqual([headOf(recordAt('old', 5)).summary]);
    expect((await store.load('old'))!.journal).toEqual(asStored(played.entries.slice(0, 5)));
    await play(store, 'old', 5, 8, 0);
    await store.close();
    store = await openFileStore(dataDir);
    expect(await store.lookup(['old'])).toEqual([headOf(recordAt('old', 8)).summary]);
    expect(replayJournal((await store.load('old'))!).state).toEqual(played.states[8]);
    await store.save(recordAt('old', 8));
    expect(await fs.readdir(dir)).not.toContain('old.journal');
    await play(store, 'old', 8, 9, 0);
    expect(replayJournal((await store.load('old'))!).state).toEqual(played.states[9]);
  });
});

describe('PostgreSQL journal', () => {
  const pg = pgTestSchema();
  const SCHEMA = pg.schema;
  let store: PgStore;

  beforeEach(async () => {
    store = await openPgStore(PG_URL, { options: pg.connection.options });
    await pg.admin().query(`TRUNCATE ${SCHEMA}.lames_battles, ${SCHEMA}.lames_battle_actions`);
  });

  afterEach(async () => {
    await store.close();
  });

  journalContract({
    store: () => store,
    snapshotThenCrash: async (record) => {
      // The snapshot and the end of its journal are one statement in PostgreSQL: put the old rows back to act the crash.
      const { rows } = await pg.admin().query(`SELECT battle_id, n, entry FROM ${SCHEMA}.lames_battle_actions WHERE battle_id = $1`, [record.id]);
      await store.save(record);
      for (const r of rows) {
        await pg.admin().query(`INSERT INTO ${SCHEMA}.lames_battle_actions (battle_id, n, entry) VALUES ($1, $2, $3)`, [r.battle_id, r.n, r.entry]);
      }
    },
  });

  test('migration 3 creates lames_battle_actions; an append writes one row and the head columns, never the record', async () => {
    const { rows: versions } = await pg.admin().query(`SELECT version FROM ${SCHEMA}.lames_schema_version ORDER BY version`);
    expect(versions.map((r) => r.version)).toContain(3);
    await store.save(recordAt('rows', 0));
    await play(store, 'rows', 0, 70);
    const { rows } = await pg.admin().query(
      `SELECT (record->>'actions')::int AS actions, status, updated_at, summary FROM ${SCHEMA}.lames_battles WHERE id = 'rows'`,
    );
    expect(rows[0].actions).toBe(64);
    expect(rows[0].updated_at.toISOString()).toBe(recordAt('rows', 70).updatedAt);
    expect(rows[0].summary).toEqual(headOf(recordAt('rows', 70)).summary);
    const { rows: actions } = await pg.admin().query(`SELECT n FROM ${SCHEMA}.lames_battle_actions WHERE battle_id = 'rows' ORDER BY n`);
    expect(actions.map((r) => r.n)).toEqual([64, 65, 66, 67, 68, 69]);
  });
});
