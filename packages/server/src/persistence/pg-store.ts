/**
 * The PostgreSQL store, used when DATABASE_URL is set.
 *
 * One row per battle. The whole record lives in the `record` jsonb column, so
 * a load gives back exactly what was saved; the other columns copy the fields
 * the lobby lists and sorts by (`public_at`, the last public moment), and
 * `summary` the public summary the lobby pages through (LIMIT/OFFSET), so
 * listing never reads a game state.
 * Unqualified table names: the connection's search_path picks the schema.
 *
 * Each accepted action is a row of `lames_battle_actions` (battle id, index,
 * the entry and the head after it as jsonb), appended with the update of the
 * battle's small columns in one statement; the `record` column is rewritten
 * only by a snapshot (save), which drops the battle's actions in the same
 * statement. Updating other columns of a row leaves its large `record` value
 * where it is (TOAST), so an append does not grow with the battle.
 *
 * Chat lines (rooms/chat.ts) are rows of `lames_battle_chat`, apart from the
 * snapshot; each insert drops the battle's rows beyond the last CHAT_HISTORY.
 */
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { redactUrl } from '../config';
import { checkJournalEntry, checkRecord, isValidBattleId } from './record-schema';
import { entriesAfter, withHead } from './journal';
import { KeyedQueue } from './keyed-queue';
import type { BattleHead, BattleRecord, BattleStore, BattleSummary, JournalEntry, StoredBattle } from './store';
import { publicAtOf, summaryOf } from './summary';
import { clockDueOf } from './clock-due';
import { CHAT_HISTORY, chatLineSchema, type ChatLine } from '../rooms/chat';

/**
 * Schema changes, applied in order, each once. Never edit a released step:
 * add a new one, so that every existing database reaches the same schema.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE IF NOT EXISTS lames_battles (
        id text PRIMARY KEY,
        battle_name text NOT NULL,
        scenario_id text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        record jsonb NOT NULL
      );
      CREATE INDEX IF NOT EXISTS lames_battles_unfinished ON lames_battles (updated_at DESC) WHERE status <> 'ended';
    `,
  },
  {
    // Seat keys (issue 7): the lobby pages through public summaries of listed
    // battles, and the expiry sweep finds battles only their creator joined.
    // Rows saved before have no summary and are listed nowhere.
    version: 2,
    sql: `
      ALTER TABLE lames_battles ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT false;
      ALTER TABLE lames_battles ADD COLUMN IF NOT EXISTS expirable boolean NOT NULL DEFAULT false;
      ALTER TABLE lames_battles ADD COLUMN IF NOT EXISTS summary jsonb;
      CREATE INDEX IF NOT EXISTS lames_battles_listed ON lames_battles (updated_at DESC, id) WHERE listed AND status <> 'ended';
      CREATE INDEX IF NOT EXISTS lames_battles_expirable ON lames_battles (updated_at) WHERE expirable;
    `,
  },
  {
    // The journal (issues 9 and 12): one row per action appended since the
    // battle's snapshot in lames_battles.record. No foreign key, so that
    // lames_battles can still be truncated on its own; save and delete drop
    // a battle's rows themselves.
    version: 3,
    sql: `
      CREATE TABLE IF NOT EXISTS lames_battle_actions (
        battle_id text NOT NULL,
        n integer NOT NULL,
        entry jsonb NOT NULL,
        PRIMARY KEY (battle_id, n)
      );
    `,
  },
  {
    // The in-battle chat (issue 12): one row per line, numbered in insertion
    // order; only the last lines of each battle are kept (see appendChat).
    version: 4,
    sql: `
      CREATE TABLE IF NOT EXISTS lames_battle_chat (
        id bigserial PRIMARY KEY,
        battle_id text NOT NULL,
        line jsonb NOT NULL
      );
      CREATE INDEX IF NOT EXISTS lames_battle_chat_battle ON lames_battle_chat (battle_id, id);
    `,
  },
  {
    // Organisers' tournaments (issue 12): one row each, the whole tournament
    // (players, rounds, adjudications; no secret) in record.
    version: 5,
    sql: `
      CREATE TABLE IF NOT EXISTS lames_tournaments (
        id text PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        record jsonb NOT NULL
      );
    `,
  },
  {
    // The lobby orders by public moments (persistence/public-moment.ts),
    // never by the last action, whose time would tell when a player acted.
    // Rows saved before take their creation, in the column and in the
    // summary the lobby reads; the index by updated_at no longer serves it.
    version: 6,
    sql: `
      ALTER TABLE lames_battles ADD COLUMN IF NOT EXISTS public_at timestamptz;
      UPDATE lames_battles SET public_at = created_at WHERE public_at IS NULL;
      ALTER TABLE lames_battles ALTER COLUMN public_at SET NOT NULL;
      UPDATE lames_battles
        SET summary = summary || jsonb_build_object('publicAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        WHERE summary IS NOT NULL AND NOT summary ? 'publicAt';
      DROP INDEX IF EXISTS lames_battles_listed;
      CREATE INDEX IF NOT EXISTS lames_battles_listed_public ON lames_battles (public_at DESC, id) WHERE listed AND status <> 'ended';
    `,
  },
  {
    // The deadline sweep (issue 12, rooms/deadline-sweep.ts): when a battle's
    // time runs out with no room holding it (persistence/clock-due.ts),
    // written with every save and append. Battles stored before get it from
    // the clocks of their last write (the last journal head, else the
    // snapshot), computed here as clockDueOf does. (Version 6 is the lobby
    // order's; this step does not depend on it.)
    version: 7,
    sql: `
      ALTER TABLE lames_battles ADD COLUMN IF NOT EXISTS clock_due timestamptz;
      CREATE INDEX IF NOT EXISTS lames_battles_clock_due ON lames_battles (clock_due) WHERE clock_due IS NOT NULL;
      WITH last_write AS (
        SELECT b.id, coalesce(
          (SELECT a.entry->'head' FROM lames_battle_actions a
            WHERE a.battle_id = b.id AND a.n >= coalesce((b.record->>'actions')::int, 0)
            ORDER BY a.n DESC LIMIT 1),
          b.record) AS h
        FROM lames_battles b
        WHERE b.status <> 'ended'
      ), clocks AS (
        SELECT id, h->'clock' AS c FROM last_write
        WHERE jsonb_typeof(h->'clock') = 'object' AND jsonb_typeof(h->'access'->'closed') IS DISTINCT FROM 'object'
      )
      UPDATE lames_battles b SET clock_due = CASE
        WHEN jsonb_typeof(k.c->'forfeit') = 'object' THEN (k.c->'forfeit'->>'at')::timestamptz
        WHEN k.c->'control'->>'mode' = 'deadline' AND jsonb_typeof(k.c->'since') = 'number' THEN to_timestamp((
          (k.c->>'since')::numeric + (
            SELECT min(coalesce((k.c->'remainingMs'->>s)::numeric, 0))
            FROM jsonb_array_elements_text(k.c->'running') AS s
            WHERE NOT (k.c->'timedOut' ? s)
          )) / 1000.0)
      END
      FROM clocks k WHERE b.id = k.id;
    `,
  },
];

// Any constant works; it only has to be the same in every Lames process.
const MIGRATION_LOCK = 0x4c414d45; // "LAME"

export async function migrate(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    // Two servers starting together must not both apply the same step.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS lames_schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM lames_schema_version',
    );
    const current = rows[0]?.version ?? 0;
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      await client.query(step.sql);
      await client.query('INSERT INTO lames_schema_version (version) VALUES ($1)', [step.version]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function assertId(id: string): void {
  if (!isValidBattleId(id)) {
    throw new Error(`Invalid battle id ${JSON.stringify(id)}: expected 1 to 64 letters, digits, _ or -`);
  }
}

export class PgStore implements BattleStore {
  private readonly queue = new KeyedQueue();
  private closed = false;

  constructor(private readonly pool: Pool) {}

  async save(r: BattleRecord): Promise<void> {
    this.assertOpen();
    // Same rules as the file store, so a battle can move from one store to the other.
    checkRecord(r, `battle ${typeof r?.id === 'string' ? r.id : '(no id)'}`);
    const json = JSON.stringify(r);
    const summary = summaryOf(r);
    const expirable = !!r.access && !r.access.othersClaimed;
    const due = isoOrNull(clockDueOf(r));
    await this.queue.run(r.id, async () => {
      // One statement: the snapshot and the end of the journal it includes land together.
      await this.pool.query(
        `WITH dropped AS (DELETE FROM lames_battle_actions WHERE battle_id = $1)
         INSERT INTO lames_battles (id, battle_name, scenario_id, status, created_at, updated_at, record, listed, expirable, summary, public_at, clock_due)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::jsonb, $11, $12)
         ON CONFLICT (id) DO UPDATE SET
           battle_name = EXCLUDED.battle_name,
           scenario_id = EXCLUDED.scenario_id,
           status = EXCLUDED.status,
           updated_at = EXCLUDED.updated_at,
           record = EXCLUDED.record,
           listed = EXCLUDED.listed,
           expirable = EXCLUDED.expirable,
           summary = EXCLUDED.summary,
           public_at = EXCLUDED.public_at,
           clock_due = EXCLUDED.clock_due`,
        [r.id, r.battleName, r.scenarioId, r.status, r.createdAt, r.updatedAt, json, !!summary?.listed, expirable, summary && JSON.stringify(summary), publicAtOf(r), due],
      );
    });
  }

  async append(id: string, entry: JournalEntry, head: BattleHead): Promise<void> {
    this.assertOpen();
    assertId(id);
    checkJournalEntry(entry, head, `battle ${id}, action ${String(entry?.n)}`);
    const json = JSON.stringify({ ...entry, head });
    const expirable = !!head.access && !head.access.othersClaimed;
    const due = isoOrNull(clockDueOf(head));
    await this.queue.run(id, async () => {
      // One round trip: the head columns (never the record) and the new row; no row for a battle never saved.
      const { rowCount } = await this.pool.query(
        `WITH battle AS (
           UPDATE lames_battles SET updated_at = $3, status = $4, listed = $5, expirable = $6, summary = $7::jsonb,
             public_at = COALESCE($9, public_at), clock_due = $10
           WHERE id = $1 RETURNING id
         )
         INSERT INTO lames_battle_actions (battle_id, n, entry)
         SELECT id, $2, $8::jsonb FROM battle
         ON CONFLICT (battle_id, n) DO UPDATE SET entry = EXCLUDED.entry`,
        [id, entry.n, head.updatedAt, head.status, !!head.summary?.listed, expirable, head.summary && JSON.stringify(head.summary), json, head.publicAt ?? null, due],
      );
      if (rowCount === 0) throw new Error(`Cannot append to battle ${id}: it has no saved record`);
    });
  }

  async load(id: string): Promise<StoredBattle | null> {
    this.assertOpen();
    assertId(id);
    // After this process's writes of this id already asked for: the record and its actions are read from one moment.
    return this.queue.run(id, () => this.read(id));
  }

  private async read(id: string): Promise<StoredBattle | null> {
    const { rows } = await this.pool.query<{ record: unknown }>(
      'SELECT record FROM lames_battles WHERE id = $1',
      [id],
    );
    if (rows.length === 0) return null;
    const stored: StoredBattle = checkRecord(rows[0].record, `battle ${id} in table lames_battles`);
    const base = stored.actions ?? 0;
    const actions = await this.pool.query<{ n: number; entry: { head?: unknown } & Record<string, unknown> }>(
      'SELECT n, entry FROM lames_battle_actions WHERE battle_id = $1 AND n >= $2 ORDER BY n',
      [id, base],
    );
    if (actions.rows.length === 0) return stored;
    const where = `battle ${id} in table lames_battle_actions`;
    const entries = actions.rows.map(({ n, entry: { head, ...entry } }) => {
      checkJournalEntry(entry, head, `${where}, action ${n}`);
      return { entry: entry as unknown as JournalEntry, head: head as BattleHead };
    });
    stored.journal = entriesAfter(entries.map((e) => e.entry), base, where);
    return withHead(stored, entries[entries.length - 1].head);
  }

  async appendChat(id: string, line: ChatLine): Promise<void> {
    this.assertOpen();
    assertId(id);
    const json = JSON.stringify(chatLineSchema.parse(line));
    await this.queue.run(id, async () => {
      // One statement: the new row (none for a battle never saved) and the drop of the rows
      // beyond the history (the subquery does not see the new row, so CHAT_HISTORY + 1 remain).
      const { rows } = await this.pool.query<{ id: string }>(
        `WITH added AS (
           INSERT INTO lames_battle_chat (battle_id, line)
           SELECT id, $2::jsonb FROM lames_battles WHERE id = $1 RETURNING id
         ), dropped AS (
           DELETE FROM lames_battle_chat WHERE battle_id = $1 AND id <= (
             SELECT id FROM lames_battle_chat WHERE battle_id = $1 ORDER BY id DESC OFFSET $3 LIMIT 1
           )
         )
         SELECT id FROM added`,
        [id, json, CHAT_HISTORY],
      );
      if (rows.length === 0) throw new Error(`Cannot chat in battle ${id}: it has no saved record`);
    });
  }

  async loadChat(id: string): Promise<ChatLine[]> {
    this.assertOpen();
    assertId(id);
    return this.queue.run(id, async () => {
      const { rows } = await this.pool.query<{ line: unknown }>(
        'SELECT line FROM lames_battle_chat WHERE battle_id = $1 ORDER BY id DESC LIMIT $2',
        [id, CHAT_HISTORY],
      );
      // A row that is not a chat line is never sent as one.
      return rows.reverse().flatMap((r) => {
        const parsed = chatLineSchema.safeParse(r.line);
        return parsed.success ? [parsed.data as ChatLine] : [];
      });
    });
  }

  async delete(id: string): Promise<void> {
    this.assertOpen();
    assertId(id);
    await this.queue.run(id, async () => {
      await this.pool.query(
        `WITH dropped AS (DELETE FROM lames_battle_actions WHERE battle_id = $1),
              chat AS (DELETE FROM lames_battle_chat WHERE battle_id = $1)
         DELETE FROM lames_battles WHERE id = $1`,
        [id],
      );
    });
  }

  async listListed(page: number, pageSize: number): Promise<{ battles: BattleSummary[]; total: number }> {
    this.assertOpen();
    const where = `listed AND status <> 'ended' AND summary IS NOT NULL`;
    const [rows, count] = await Promise.all([
      this.pool.query<{ summary: BattleSummary }>(
        // By public moment, never by last action (persistence/public-moment.ts).
        `SELECT summary FROM lames_battles WHERE ${where} ORDER BY public_at DESC, id LIMIT $1 OFFSET $2`,
        [pageSize, page * pageSize],
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM lames_battles WHERE ${where}`),
    ]);
    return { battles: rows.rows.map((r) => r.summary), total: count.rows[0].n };
  }

  async lookup(ids: readonly string[]): Promise<BattleSummary[]> {
    this.assertOpen();
    const valid = ids.filter(isValidBattleId);
    if (valid.length === 0) return [];
    const { rows } = await this.pool.query<{ summary: BattleSummary }>(
      'SELECT summary FROM lames_battles WHERE id = ANY($1::text[]) AND summary IS NOT NULL',
      [valid],
    );
    return rows.map((r) => r.summary);
  }

  async listExpired(before: string): Promise<string[]> {
    this.assertOpen();
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM lames_battles WHERE expirable AND updated_at < $1 ORDER BY updated_at LIMIT 1000',
      [before],
    );
    return rows.map((r) => r.id);
  }

  async listClockDue(at: number, limit: number): Promise<string[]> {
    this.assertOpen();
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM lames_battles WHERE clock_due <= $1 ORDER BY clock_due, id LIMIT $2',
      [new Date(at).toISOString(), limit],
    );
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.idle();
    await this.pool.end();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The battle store is closed');
  }
}

/**
 * Connects, brings the schema up to date and returns the store. Fails at once
 * when the database cannot be reached, so a misconfigured server does not
 * start. `poolOptions` (tests, tuning) is merged over the defaults.
 */
export async function openPgStore(
  databaseUrl: string,
  poolOptions: PoolConfig = {},
): Promise<PgStore> {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 10_000,
    ...poolOptions,
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (e) => console.error(`[lames] PostgreSQL connection error: ${e.message}`));
  try {
    const client = await pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new Error(
      `Cannot open the battle store in PostgreSQL at ${redactUrl(databaseUrl)}: ${(e as Error).message}`,
      { cause: e },
    );
  }
  return new PgStore(pool);
}
