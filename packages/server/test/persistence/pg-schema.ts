import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL the store tests run against (CI sets the same URL). */
export const PG_URL = process.env.LAMES_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface PgTestSchema {
  /** A schema of this run's own: parallel runs and other tests' data never collide. */
  schema: string;
  /** Connection options that work in it; application_name lets a test count this run's connections. */
  connection: { options: string; application_name: string };
  /** A connection for the test itself, open while the tests run. */
  admin(): Client;
}

/** Creates the schema before the tests of the file (or describe) that calls it, and drops it after them. */
export function pgTestSchema(): PgTestSchema {
  const schema = `lames_test_${randomBytes(6).toString('hex')}`;
  let admin: Client | undefined;
  beforeAll(async () => {
    const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
    } catch (e) {
      throw new Error(
        `PostgreSQL is not reachable at ${PG_URL} (${(e as Error).message}). These tests need it: start it ` +
          '(e.g. `sudo service postgresql start`, or `docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust ' +
          '-e POSTGRES_DB=test postgres:16`) or point LAMES_TEST_PG_URL at one.',
      );
    }
    admin = client;
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    if (!admin) return;
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  });
  return { schema, connection: { options: `-c search_path=${schema}`, application_name: schema }, admin: () => admin! };
}
