/**
 * Where tournaments are kept: beside the battles, in the same kind of store.
 * The embedded default writes one JSON file per tournament under
 * `<dataDir>/tournaments/` (atomic: temporary file, flush, rename); with
 * DATABASE_URL, the `lames_tournaments` table (migration 5 of pg-store.ts).
 * Each change is a read-modify-write of one tournament, run one after the
 * other per tournament (a KeyedQueue in the process, a row lock in
 * PostgreSQL), so two organisers' requests never overwrite each other.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Pool, type PoolConfig } from 'pg';
import type { ServerConfig } from '../config';
import { KeyedQueue } from '../persistence/keyed-queue';
import { migrate } from '../persistence/pg-store';
import { TOURNAMENT_ID_PATTERN, tournamentSchema, type Tournament } from './model';

export interface TournamentStore {
  create(t: Tournament): Promise<void>;
  /** The tournament, or null when there is none with this id (or the id is malformed). */
  load(id: string): Promise<Tournament | null>;
  /** Applies `change` to the stored tournament and saves what it returns; null when there is none. */
  update(id: string, change: (t: Tournament) => Promise<Tournament>): Promise<Tournament | null>;
  /** Every tournament, newest first (an organiser runs a handful, not thousands). */
  list(): Promise<Tournament[]>;
  close(): Promise<void>;
}

export function openTournamentStore(config: ServerConfig): Promise<TournamentStore> {
  return config.databaseUrl ? openPgTournaments(config.databaseUrl) : openFileTournaments(path.join(config.dataDir, 'tournaments'));
}

const byNewest = (a: Tournament, b: Tournament) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

export async function openFileTournaments(dir: string): Promise<TournamentStore> {
  await fs.mkdir(dir, { recursive: true });
  const queue = new KeyedQueue();
  const fileOf = (id: string) => path.join(dir, `${id}.json`);
  const read = async (id: string): Promise<Tournament | null> => {
    if (!TOURNAMENT_ID_PATTERN.test(id)) return null;
    try {
      return tournamentSchema.parse(JSON.parse(await fs.readFile(fileOf(id), 'utf8')));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  };
  const write = async (t: Tournament) => {
    const temp = `${fileOf(t.id)}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(tournamentSchema.parse(t)), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, fileOf(t.id));
  };
  return {
    create: (t) => queue.run(t.id, () => write(t)),
    load: (id) => queue.run(id, () => read(id)),
    update: (id, change) =>
      queue.run(id, async () => {
        const current = await read(id);
        if (!current) return null;
        const next = await change(current);
        await write(next);
        return next;
      }),
    list: async () => {
      const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json'));
      const all = await Promise.all(names.map((n) => read(n.slice(0, -'.json'.length))));
      return all.filter((t): t is Tournament => t !== null).sort(byNewest);
    },
    close: () => queue.idle(),
  };
}

export async function openPgTournaments(databaseUrl: string, poolOptions: PoolConfig = {}): Promise<TournamentStore> {
  // A small pool of its own: organisers' requests are rare next to battles' actions.
  const pool = new Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 10_000, ...poolOptions });
  pool.on('error', (e) => console.error(`[lames] PostgreSQL connection error (tournaments): ${e.message}`));
  const client = await pool.connect().catch(async (e: unknown) => {
    await pool.end().catch(() => undefined);
    throw e;
  });
  try {
    await migrate(client);
  } finally {
    client.release();
  }
  const upsert = 'INSERT INTO lames_tournaments (id, name, created_at, updated_at, record) VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at, record = EXCLUDED.record';
  const params = (t: Tournament) => [t.id, t.name, t.createdAt, t.updatedAt, JSON.stringify(tournamentSchema.parse(t))];
  return {
    create: async (t) => void (await pool.query(upsert, params(t))),
    load: async (id) => {
      if (!TOURNAMENT_ID_PATTERN.test(id)) return null;
      const { rows } = await pool.query<{ record: unknown }>('SELECT record FROM lames_tournaments WHERE id = $1', [id]);
      return rows[0] ? tournamentSchema.parse(rows[0].record) : null;
    },
    update: async (id, change) => {
      if (!TOURNAMENT_ID_PATTERN.test(id)) return null;
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        const { rows } = await tx.query<{ record: unknown }>('SELECT record FROM lames_tournaments WHERE id = $1 FOR UPDATE', [id]);
        if (!rows[0]) {
          await tx.query('ROLLBACK');
          return null;
        }
        const next = await change(tournamentSchema.parse(rows[0].record));
        await tx.query(upsert, params(next));
        await tx.query('COMMIT');
        return next;
      } catch (e) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        tx.release();
      }
    },
    list: async () => {
      const { rows } = await pool.query<{ record: unknown }>('SELECT record FROM lames_tournaments ORDER BY created_at DESC, id');
      return rows.map((r) => tournamentSchema.parse(r.record));
    },
    close: () => pool.end(),
  };
}
