/**
 * The lobby answers from indexed summaries (never a read of every battle
 * per request), page by page; battles only their creator ever joined
 * expire when left alone.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { openFileStore, type FileStore } from '../src/persistence/file-store';
import { joinBattle, openBattle, settle, startTestServer, testConfig, type TestServer } from './helpers';
import { makeAccess, makeRecord } from './persistence/fixtures';

describe('lobby with 300 saved battles', () => {
  let server: TestServer;
  let store: FileStore;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = testConfig().dataDir;
    await fs.mkdir(path.join(dataDir, 'battles'), { recursive: true });
    const template = makeRecord('template');
    // Written as files directly (no fsync each), as if saved by earlier runs.
    for (let i = 0; i < 300; i++) {
      const id = `battle-${String(i).padStart(3, '0')}`;
      const record = { ...template, id, battleName: `Bataille ${i}`, publicAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(), access: makeAccess({ listed: i % 3 !== 0 }) };
      await fs.writeFile(path.join(dataDir, 'battles', `${id}.json`), JSON.stringify(record));
    }
    store = await openFileStore(dataDir);
    server = await startTestServer({ store }, { dataDir });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
  });

  test('GET /api/battles?page=N pages through the listed battles, latest public moment first, without reading a single battle', async () => {
    const load = jest.spyOn(store, 'load');
    const readFile = jest.spyOn(fs, 'readFile');
    try {
      const pages: Array<{ page: number; pageSize: number; total: number; battles: Array<{ battleId: string }> }> = [];
      for (let page = 0; page < 11; page++) pages.push((await (await fetch(`${server.url}/api/battles?page=${page}`)).json()) as (typeof pages)[number]);
      expect(pages[0]).toMatchObject({ page: 0, pageSize: 20, total: 200 });
      const ids = pages.flatMap((p) => p.battles.map((b) => b.battleId));
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
      expect(ids[0]).toBe('battle-299');
      expect(ids.at(-1)).toBe('battle-001');
      expect(ids.some((id) => Number(id.slice(-3)) % 3 === 0)).toBe(false);
      expect(pages[10].battles).toEqual([]);
      const lookup = await fetch(`${server.url}/api/battles/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: Array.from({ length: 50 }, (_, i) => `battle-${String(i).padStart(3, '0')}`) }),
      });
      expect(((await lookup.json()) as { battles: unknown[] }).battles).toHaveLength(50);
      expect(load).not.toHaveBeenCalled();
      expect(readFile).not.toHaveBeenCalled();
    } finally {
      load.mockRestore();
      readFile.mockRestore();
    }
  });
});

describe('expiry of battles only their creator joined (LAMES_OPEN_BATTLE_TTL_HOURS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ openBattleTtlMs: 300, sweepIntervalMs: 100 });
  });
  afterAll(async () => {
    await server.close();
  });
  const stored = () => fs.readdir(path.join(server.dataDir, 'battles'));

  test('left alone past the TTL it is deleted; one another player joined, or one its creator still sits in, is kept', async () => {
    const alone = await openBattle(server);
    const joined = await openBattle(server);
    const black = await joinBattle(server, joined.battleId, { invite: joined.invites['black-teeth'] });
    const sitting = await openBattle(server);
    await Promise.all([alone.creator.room.leave(true), joined.creator.room.leave(true), black.room.leave(true)]);
    for (let i = 0; i < 100 && (await stored()).includes(`${alone.battleId}.json`); i++) await settle(30);
    expect(await stored()).not.toContain(`${alone.battleId}.json`);
    await settle(500);
    expect(await stored()).toEqual(expect.arrayContaining([`${joined.battleId}.json`, `${sitting.battleId}.json`]));
    await sitting.creator.room.leave(true);
  });
});
