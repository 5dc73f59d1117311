/**
 * Battles saved before issue 8 (chapter 3) still load and play: their state
 * has no `light`, its board no `features`, its units no `faculties` and no
 * `ammunition`, its sides no `ammunitionSource` (persistence/upgrade.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { apply, decodeBoard, legalActions, wordOf } from '@lames/rules';
import { fordGame } from '@lames/rules/testing';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import { checkRecord } from '../../src/persistence/record-schema';
import { hashToken } from '../../src/rooms/seat-keys';
import { leaveAll, settle, startTestServer, waitFor, welcomed, type TestServer } from '../helpers';
import { makeAccess, makeRecord } from './fixtures';

/** A the-ford record as a server before issue 8 wrote it: the chapter-3 fields are absent, not empty. */
function oldRecord(id: string, keyHash?: string): Record<string, unknown> {
  const record = makeRecord(id, { state: fordGame('old seed'), ...(keyHash ? { access: makeAccess({ seats: { ardenne: { keyHash, inviteHash: null, playerName: 'Gauvain' }, 'black-teeth': { keyHash: null, inviteHash: null, playerName: 'Grishak' } }, othersClaimed: true }) } : {}) });
  const json = JSON.parse(JSON.stringify(record));
  delete json.state.light;
  delete json.state.rulesLevel;
  delete json.state.board.features;
  for (const unit of json.state.units) {
    delete unit.faculties;
    delete unit.ammunition;
  }
  for (const side of json.state.sides) delete side.ammunitionSource;
  return json;
}

describe('records saved before issue 8', () => {
  test('PRE-01 PRE-03 a state without light, rules level, features or faculties loads by day, at the basic rules, with no features and no faculties', () => {
    const record = checkRecord(oldRecord('old-1'), 'test');
    expect(record.state.light).toBe('day');
    expect(record.state.rulesLevel).toBe('basic');
    expect(record.state.board.features).toEqual({});
    expect(record.state.units.every((u) => Array.isArray(u.faculties) && u.faculties.length === 0)).toBe(true);
    // §3.2.3 no marker: full ammunition; §3.2.6 no source named: the army commander.
    expect(record.state.units.every((u) => u.ammunition === undefined)).toBe(true);
    expect(record.state.sides.every((s) => s.ammunitionSource === undefined)).toBe(true);
  });

  test('§2.4 the loaded old state plays: the rules offer and accept an activation', () => {
    const { state } = checkRecord(oldRecord('old-2'), 'test');
    expect(legalActions(state, 'ardenne', 'h-knights').find((l) => l.type === 'activate')?.allowed).toBe(true);
    const r = apply(state, 'ardenne', { type: 'activate', piece: 'h-knights' });
    expect(r.ok).toBe(true);
  });

  describe('over the wire', () => {
    let server: TestServer;
    let store: FileStore;
    let storeDir: string;
    beforeAll(async () => {
      storeDir = mkdtempSync(path.join(tmpdir(), 'lames-old-records-'));
      store = await openFileStore(storeDir);
      server = await startTestServer({ store });
    });
    afterAll(async () => {
      await server.close();
      await store.close();
      rmSync(storeDir, { recursive: true, force: true });
    });

    test('an old battle file is resumed: the room syncs daylight, an empty feature map and pieces without faculties, and plays', async () => {
      const key = 'AAAAAAAAAAAAAAAAAAAAAA';
      writeFileSync(path.join(storeDir, 'battles', 'old-3.json'), JSON.stringify(oldRecord('old-3', await hashToken(key))));
      const seat = await welcomed(await server.client().create('battle', { resume: 'old-3', playerName: 'Gauvain', key }));
      const state = seat.room.state as unknown as { light: string; rulesLevel: string; board: string; pieces: Map<string, { id: string; faculties: string; ammunition: number }>; sides: { ammunitionSource: number }[] };
      await waitFor(() => state.pieces.size > 0, 'the pieces');
      expect(state.light).toBe('day');
      expect(state.rulesLevel).toBe('basic');
      expect(decodeBoard(state.board).features).toEqual({});
      expect([...state.pieces.values()].every((p) => p.faculties === '' && wordOf('ammunition', p.ammunition) === '')).toBe(true);
      expect(state.sides.map((s) => s.ammunitionSource)).toEqual([-1, -1]);
      const events = seat.inbox.events.length;
      seat.room.send('action', { type: 'activate', piece: 'h-knights' });
      await waitFor(() => seat.inbox.events.length > events || seat.inbox.rejected.length > 0, 'the activation');
      expect(seat.inbox.rejected).toEqual([]);
      await settle();
      await leaveAll(seat);
    });
  });
});
