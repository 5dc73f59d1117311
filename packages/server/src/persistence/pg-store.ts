/**
 * The PostgreSQL store, used when DATABASE_URL is set.
 *
 * One row per battle. The whole record lives in the `record` jsonb column, so
 * a load gives back exactly what was saved; the other columns copy the fields
 * the lobby lists and sorts by, so listing does not read every game state.
 * Unqualified table names: the connection's search_path picks the schema.
 */
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { redactUrl } from '../config';
import { checkRecord, isValidBattleId } from './record-schema';
import { KeyedQueue } from './keyed-queue';
import type { BattleRecord, BattleStore, BattleSummary } from './store';

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
];

// Any constant works; it only has to be the same in every Lames process.
const MIGRATION_LOCK = 0x4c414d45; // "LAME"

async function migrate(client: PoolClient): Promise<void> {
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

export class PgStore implements BattleStore {
  private readonly queue = new KeyedQueue();
  private closed = false;

  constructor(private readonly pool: Pool) {}

  async save(r: BattleRecord): Promise<void> {
    this.assertOpen();
    // Same rules as the file store, so a battle can move from one store to the other.
    checkRecord(r, `battle ${typeof r?.id === 'string' ? r.id : '(no id)'}`);
    const json = JSON.stringify(r);
    await this.queue.run(r.id, async () => {
      await this.pool.query(
        `INSERT INTO lames_battles (id, battle_name, scenario_id, status, created_at, updated_at, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
         ON CONFLICT (id) DO UPDATE SET
           battle_name = EXCLUDED.battle_name,
           scenario_id = EXCLUDED.scenario_id,
           status = EXCLUDED.status,
           updated_at = EXCLUDED.updated_at,
           record = EXCLUDED.record`,
        [r.id, r.battleName, r.scenarioId, r.status, r.createdAt, r.updatedAt, json],
      );
    });
  }

  async load(id: string): Promise<BattleRecord | null> {
    this.assertOpen();
    if (!isValidBattleId(id)) {
      throw new Error(
        `Invalid battle id ${JSON.stringify(id)}: expected 1 to 64 letters, digits, _ or -`,
      );
    }
    const { rows } = await this.pool.query<{ record: unknown }>(
      'SELECT record FROM lames_battles WHERE id = $1',
      [id],
    );
    if (rows.length === 0) return null;
    return checkRecord(rows[0].record, `battle ${id} in table lames_battles`);
  }

  async listUnfinished(): Promise<BattleSummary[]> {
    this.assertOpen();
    // updatedAt comes from the record, so it is the very string that was saved.
    const { rows } = await this.pool.query<Omit<BattleSummary, 'sides'> & { sides: { id: string; name: string }[] | null }>(
      `SELECT id, battle_name AS "battleName", scenario_id AS "scenarioId", record->>'updatedAt' AS "updatedAt",
              record->'state'->'sides' AS "sides", (record->>'refereeCodeHash') IS NOT NULL AS "hasReferee"
       FROM lames_battles WHERE status <> 'ended' ORDER BY updated_at DESC, id`,
    );
    return rows.map((r) => ({ ...r, sides: (r.sides ?? []).map((s) => ({ id: s.id, name: s.name })) }));
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
