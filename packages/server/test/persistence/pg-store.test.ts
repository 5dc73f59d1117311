/**
 * Runs against a real PostgreSQL (LAMES_TEST_PG_URL). Each run works in its
 * own schema, so parallel runs and the data of other tests never collide.
 */
import { MIGRATIONS, openPgStore, type PgStore } from '../../src/persistence/pg-store';
import { openStore } from '../../src/persistence/store';
import { readConfig } from '../../src/config';
import { makeRecord, storeContract } from './fixtures';
import { PG_URL, pgTestSchema } from './pg-schema';

const pg = pgTestSchema();
const SCHEMA = pg.schema;
const inSchema = pg.connection;

let store: PgStore;

beforeEach(async () => {
  store = await openPgStore(PG_URL, inSchema);
  await pg.admin().query(`TRUNCATE ${SCHEMA}.lames_battles`);
});

afterEach(async () => {
  await store.close();
});

/** Connections opened with this run's application_name; the server drops them shortly after the client leaves. */
async function connectionsOfThisRun(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const { rows } = await pg.admin().query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [SCHEMA],
    );
    if (rows[0].n === 0 || attempt === 20) return rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PostgreSQL store', () => {
  test('creates lames_battles and records the schema version in lames_schema_version', async () => {
    const { rows: columns } = await pg.admin().query(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = $1 AND table_name = 'lames_battles' ORDER BY ordinal_position`,
      [SCHEMA],
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'text' },
      { column_name: 'battle_name', data_type: 'text' },
      { column_name: 'scenario_id', data_type: 'text' },
      { column_name: 'status', data_type: 'text' },
      { column_name: 'created_at', data_type: 'timestamp with time zone' },
      { column_name: 'updated_at', data_type: 'timestamp with time zone' },
      { column_name: 'record', data_type: 'jsonb' },
      { column_name: 'listed', data_type: 'boolean' },
      { column_name: 'expirable', data_type: 'boolean' },
      { column_name: 'summary', data_type: 'jsonb' },
      { column_name: 'public_at', data_type: 'timestamp with time zone' },
      // migration 7: when its time runs out with no room holding it (the deadline sweep)
      { column_name: 'clock_due', data_type: 'timestamp with time zone' },
    ]);
    const { rows: versions } = await pg.admin().query(
      `SELECT version FROM ${SCHEMA}.lames_schema_version ORDER BY version`,
    );
    expect(versions.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  test('opening again (a restart, or two servers at once) applies no migration twice', async () => {
    const [a, b] = await Promise.all([
      openPgStore(PG_URL, inSchema),
      openPgStore(PG_URL, inSchema),
    ]);
    await Promise.all([a.close(), b.close()]);
    const { rows } = await pg.admin().query(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.lames_schema_version`,
    );
    expect(rows[0].n).toBe(MIGRATIONS.length);
  });

  test('save then load gives back the same record, real game state included', async () => {
    const record = makeRecord('round_trip-1');
    await store.save(record);
    expect(await store.load('round_trip-1')).toEqual(record);
    const { rows } = await pg.admin().query(
      `SELECT battle_name, scenario_id, status, created_at, updated_at FROM ${SCHEMA}.lames_battles`,
    );
    expect(rows).toEqual([
      {
        battle_name: 'Battle round_trip-1',
        scenario_id: 'the-ford',
        status: 'playing',
        created_at: new Date(record.createdAt),
        updated_at: new Date(record.updatedAt),
      },
    ]);
  });

  test('save of an existing id updates it (upsert)', async () => {
    await store.save(makeRecord('b1'));
    const later = makeRecord('b1', {
      updatedAt: '2025-01-02T11:00:00.000Z',
      status: 'ended',
      battleName: 'Renamed',
    });
    later.state.turn = 3;
    await store.save(later);
    expect(await store.load('b1')).toEqual(later);
    const { rows } = await pg.admin().query(
      `SELECT id, battle_name, status FROM ${SCHEMA}.lames_battles`,
    );
    expect(rows).toEqual([{ id: 'b1', battle_name: 'Renamed', status: 'ended' }]);
  });

  storeContract(() => store);

  test('load of an unknown id gives null; a bad id is rejected', async () => {
    expect(await store.load('never-saved')).toBeNull();
    await expect(store.load("x' OR 1=1 --")).rejects.toThrow(/Invalid battle id/);
  });

  test('a corrupted row gives a clear error naming the field', async () => {
    await store.save(makeRecord('b1'));
    await pg.admin().query(`UPDATE ${SCHEMA}.lames_battles SET record = record - 'log' WHERE id = 'b1'`);
    await expect(store.load('b1')).rejects.toThrow(
      /battle b1 in table lames_battles is corrupted: log: /,
    );
  });

  test('openStore with DATABASE_URL gives the PostgreSQL store', async () => {
    // openStore takes no pool options, so point it at this run's schema through the URL.
    const url = new URL(PG_URL);
    url.searchParams.set('options', inSchema.options);
    const viaConfig = await openStore(readConfig({ DATABASE_URL: url.toString() }));
    await viaConfig.save(makeRecord('via-config'));
    expect(await store.load('via-config')).toEqual(makeRecord('via-config'));
    await viaConfig.close();
  });

  test('close ends the pool: later calls fail and the connections are gone', async () => {
    await store.save(makeRecord('b1'));
    const open = await pg.admin().query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [SCHEMA],
    );
    expect(open.rows[0].n).toBeGreaterThan(0);
    const pending = store.save(makeRecord('b2'));
    await store.close();
    await pending; // close waited for it
    await expect(store.load('b1')).rejects.toThrow(/closed/);
    await store.close(); // twice is harmless
    const { rows } = await pg.admin().query(`SELECT count(*)::int AS n FROM ${SCHEMA}.lames_battles`);
    expect(rows[0].n).toBe(2);
    expect(await connectionsOfThisRun()).toBe(0);
  });

  test('an unreachable database fails at open with a message that hides the password', async () => {
    const error = await openPgStore('postgres://lames:s3cret@127.0.0.1:1/lames', {
      connectionTimeoutMillis: 2000,
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /^Cannot open the battle store in PostgreSQL at postgres:\/\/\*\*\*@127\.0\.0\.1:1\/lames: /,
    );
    expect(error?.message).not.toContain('s3cret');
  });
});
