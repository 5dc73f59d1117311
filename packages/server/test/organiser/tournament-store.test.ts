/** Both tournament stores (issue 12): the embedded files and PostgreSQL (migration 5), same behaviour. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Tournament } from '../../src/organiser/model';
import { openFileTournaments, openPgTournaments, type TournamentStore } from '../../src/organiser/tournament-store';
import { PG_URL, pgTestSchema } from '../persistence/pg-schema';

const sample = (id: string, createdAt: string): Tournament => ({
  id,
  name: `Coupe ${id}`,
  scenarioId: 'gue',
  referee: false,
  createdAt,
  updatedAt: createdAt,
  players: [{ id: 'p1', name: 'Anne' }, { id: 'p2', name: 'Bertrand' }],
  rounds: [],
});

function contract(open: () => Promise<TournamentStore>) {
  let store: TournamentStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  test('creates, loads, lists newest first, updates one after the other', async () => {
    await store.create(sample('a', '2026-01-01T00:00:00.000Z'));
    await store.create(sample('b', '2026-02-01T00:00:00.000Z'));
    expect((await store.load('a'))?.name).toBe('Coupe a');
    expect(await store.load('nope')).toBeNull();
    expect(await store.load('../x')).toBeNull();
    expect((await store.list()).map((t) => t.id).slice(0, 2)).toEqual(['b', 'a']);
    // two concurrent changes: neither is lost
    await Promise.all(['X', 'Y'].map((n) => store.update('a', async (t) => ({ ...t, name: `${t.name}${n}` }))));
    expect((await store.load('a'))?.name).toMatch(/^Coupe a(XY|YX)$/);
    expect(await store.update('nope', async (t) => t)).toBeNull();
  });
}

describe('file tournaments', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'lames-tournaments-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract(() => openFileTournaments(path.join(dir, `t${Math.random().toString(36).slice(2)}`)));
});

describe('PostgreSQL tournaments', () => {
  const pg = pgTestSchema();
  beforeEach(async () => {
    await pg.admin().query(`DROP TABLE IF EXISTS ${pg.schema}.lames_tournaments`).catch(() => undefined);
    await pg.admin().query(`DROP TABLE IF EXISTS ${pg.schema}.lames_schema_version`).catch(() => undefined);
  });
  contract(() => openPgTournaments(PG_URL, pg.connection));
});
