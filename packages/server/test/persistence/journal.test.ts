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
      const journal = store.journalOf(record.id);
      const lines = await fs.readFile(journal);
      await store.save(record);
      await fs.writeFile(journal, lines);
    },
  });

  test('bytes written per append do not grow with the battle: entry 140 adds its own size plus the same head as entry 10', async () => {
    await store.save(recordAt('bytes', 0));
    const size = async () => (await fs.stat(store.journalOf('bytes')).catch(() => ({ size: 0 }))).size;
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
    const torn = JSON.stringify({ ...played.entries[5], head: headOf(recordAt('torn', 6)) }).slice(0, 40);
    await fs.appendFile(store.journalOf('torn'), torn);
    await store.close();
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
