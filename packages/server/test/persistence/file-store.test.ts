import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { CorruptRecordError, openStore } from '../../src/persistence/store';
import { readConfig } from '../../src/config';
import { makeRecord, storeContract } from './fixtures';

let dataDir: string;
let store: FileStore;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-file-store-'));
  store = await openFileStore(dataDir);
});

afterEach(async () => {
  await store.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const battlesDir = () => path.join(dataDir, 'battles');

describe('file store', () => {
  test('creates <dataDir>/battles when missing', async () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const other = await openFileStore(nested);
    await other.save(makeRecord('b1'));
    expect(await fs.readdir(path.join(nested, 'battles'))).toEqual(['b1.json']);
    await other.close();
  });

  test('openStore without DATABASE_URL gives the file store in LAMES_DATA_DIR', async () => {
    const viaConfig = await openStore(readConfig({ LAMES_DATA_DIR: dataDir }));
    await viaConfig.save(makeRecord('via-config'));
    expect(await store.load('via-config')).toEqual(makeRecord('via-config'));
    await viaConfig.close();
  });

  test('save then load gives back the same record, real game state included', async () => {
    const record = makeRecord('round_trip-1');
    await store.save(record);
    const loaded = await store.load('round_trip-1');
    expect(loaded).toEqual(record);
    // The dice state is what makes a resumed battle continue the same way.
    expect(loaded?.state.rng).toEqual(record.state.rng);
    expect(
      JSON.parse(await fs.readFile(path.join(battlesDir(), 'round_trip-1.json'), 'utf8')),
    ).toEqual(record);
  });

  test('a second save replaces the first', async () => {
    await store.save(makeRecord('b1'));
    const later = makeRecord('b1', { updatedAt: '2025-01-02T11:00:00.000Z', log: [] });
    later.state.turn = 2;
    await store.save(later);
    expect(await store.load('b1')).toEqual(later);
  });

  storeContract(() => store);

  test('opening skips a corrupted file in its index instead of failing the whole lobby', async () => {
    await store.save(makeRecord('good'));
    await fs.writeFile(path.join(battlesDir(), 'bad.json'), '{ not json');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const reopened = await openFileStore(dataDir);
      expect((await reopened.listListed(0, 10)).battles.map((b) => b.battleId)).toEqual(['good']);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('bad.json'));
      await reopened.close();
    } finally {
      warn.mockRestore();
    }
  });

  test('the lobby index is read from the files once, at open: listing and lookup read no file afterwards', async () => {
    for (let i = 0; i < 30; i++) await store.save(makeRecord(`b${i}`, { publicAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }));
    const reopened = await openFileStore(dataDir);
    const readFile = jest.spyOn(fs, 'readFile');
    try {
      expect((await reopened.listListed(0, 5)).battles.map((b) => b.battleId)).toEqual(['b29', 'b28', 'b27', 'b26', 'b25']);
      expect((await reopened.lookup(['b3'])).map((b) => b.battleId)).toEqual(['b3']);
      expect(readFile).not.toHaveBeenCalled();
    } finally {
      readFile.mockRestore();
      await reopened.close();
    }
  });

  test('load of an unknown id gives null', async () => {
    expect(await store.load('never-saved')).toBeNull();
  });

  test.each(['../escape', 'a/b', '', 'x'.repeat(65), 'dot.json', 'sp ace', '..'])(
    'bad id %j is rejected before touching the file system',
    async (id) => {
      await expect(store.load(id)).rejects.toThrow(/Invalid battle id/);
      await expect(store.save(makeRecord(id))).rejects.toThrow(/Invalid battle id/);
      expect(await fs.readdir(battlesDir())).toEqual([]);
      expect(await fs.readdir(dataDir)).toEqual(['battles']);
    },
  );

  test('a file that is not JSON gives a clear error naming the file', async () => {
    await fs.writeFile(path.join(battlesDir(), 'broken.json'), '{"id": "broken", "sta');
    const loading = store.load('broken');
    await expect(loading).rejects.toThrow(CorruptRecordError);
    await expect(store.load('broken')).rejects.toThrow(
      /battle file .*broken\.json is corrupted: not valid JSON/,
    );
  });

  test('a record with a wrong field gives an error naming the field', async () => {
    const record = makeRecord('b1') as unknown as Record<string, unknown>;
    (record.state as Record<string, unknown>).turn = 'two';
    delete record.log;
    await fs.writeFile(path.join(battlesDir(), 'b1.json'), JSON.stringify(record));
    await expect(store.load('b1')).rejects.toThrow(/b1\.json is corrupted: .*state\.turn: .*log: /);
  });

  test('a file holding another battle is refused', async () => {
    await fs.writeFile(path.join(battlesDir(), 'b2.json'), JSON.stringify(makeRecord('b1')));
    await expect(store.load('b2')).rejects.toThrow(/b2\.json is corrupted: id:/);
  });

  test('save refuses a record that load would refuse', async () => {
    await expect(store.save(makeRecord('b1', { createdAt: 'yesterday' }))).rejects.toThrow(
      /createdAt/,
    );
    expect(await fs.readdir(battlesDir())).toEqual([]);
  });

  test('atomic write: only <id>.json remains, no temporary file', async () => {
    await store.save(makeRecord('b1'));
    await store.save(makeRecord('b1', { battleName: 'renamed' }));
    await store.save(makeRecord('b2'));
    expect((await fs.readdir(battlesDir())).sort()).toEqual(['b1.json', 'b2.json']);
  });

  test('a failed write leaves the previous file whole and no temporary file', async () => {
    await store.save(makeRecord('b1'));
    const before = await fs.readFile(path.join(battlesDir(), 'b1.json'), 'utf8');
    const rename = jest.spyOn(fs, 'rename').mockRejectedValueOnce(new Error('disk on fire'));
    try {
      await expect(store.save(makeRecord('b1', { battleName: 'lost' }))).rejects.toThrow(
        'disk on fire',
      );
    } finally {
      rename.mockRestore();
    }
    expect(await fs.readdir(battlesDir())).toEqual(['b1.json']);
    expect(await fs.readFile(path.join(battlesDir(), 'b1.json'), 'utf8')).toBe(before);
  });

  test('opening removes temporary files left by a crash long ago, not recent ones', async () => {
    const stale = path.join(battlesDir(), 'b1.json.123.abc.tmp');
    const fresh = path.join(battlesDir(), 'b1.json.456.def.tmp');
    await fs.writeFile(stale, '{"half');
    await fs.writeFile(fresh, '{"half');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await fs.utimes(stale, hourAgo, hourAgo);
    const reopened = await openFileStore(dataDir);
    expect(await fs.readdir(battlesDir())).toEqual(['b1.json.456.def.tmp']);
    expect(await reopened.listListed(0, 10)).toEqual({ battles: [], total: 0 });
    await reopened.close();
  });

  test('a closed store refuses further use', async () => {
    await store.close();
    await expect(store.load('b1')).rejects.toThrow(/closed/);
  });
});
