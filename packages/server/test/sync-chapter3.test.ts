/**
 * Issue 8 in the synced state: the ammunition marker (§3.2.3) of units in
 * the open and under covers, each side's ammunition source (§3.2.6), the
 * light (sheet 000, Jour/Nuit) and the board's features (PRE-01) reach the
 * seats that may see them, and come back whole through the client's
 * decoding (packages/client/src/state/to-view.ts) on the other end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Encoder } from '@colyseus/schema';
import { createGame, decodeBoard, parseHexLabel, wordOf, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { deploySides } from '@lames/rules/testing';
import { toView } from '../../client/src/state/to-view';
import type { DecodedState } from '../../client/src/state/decoded';
import { openFileStore, type FileStore } from '../src/persistence/file-store';
import { hashToken } from '../src/rooms/seat-keys';
import { initStatic, syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';
import { joinBattle, leaveAll, settle, startTestServer, waitFor, welcomed, type TestServer } from './helpers';
import { makeAccess, makeRecord } from './persistence/fixtures';

const HILLS = scenarioById('the-raven-hills')!;
const at = (label: string) => parseHexLabel(HILLS.map, label);

/** The raven hills deployed: the Black Teeth's goblins hidden at 0302, their shades at 1202, a decoy of the goblins at 0902. */
function hills(): GameState {
  return deploySides(createGame(HILLS, 'chapter 3 sync'), {
    'black-teeth': {
      units: [
        { unit: 'o-goblins', hex: '0302', facing: 6 },
        { unit: 'o-shades', hex: '1202', facing: 6 },
      ],
      decoys: [{ mimic: 'o-goblins', hex: '0902', facing: 6 }],
    },
  }).state;
}

/** The game with the Archers de Vaux (in the open) diminished and the hidden goblins exhausted. */
function withMarkers(): GameState {
  const game = hills();
  game.units.find((u) => u.id === 'a-archers')!.ammunition = 'diminished';
  game.units.find((u) => u.id === 'o-goblins')!.ammunition = 'exhausted';
  return game;
}

function synced(game: GameState): { state: BattleState; sync(next: GameState): void } {
  const state = new BattleState();
  new Encoder(state);
  const hooks = { secretCreated: () => undefined };
  initStatic(state, game, 'test');
  syncBattleState(state, game, hooks);
  return { state, sync: (next) => syncBattleState(state, next, hooks) };
}

describe('sync of the chapter-3 state (issue 8)', () => {
  test('PRE-03 §3.2.6 PRE-01 the light, each side’s ammunition source and the board’s features are in the static state', () => {
    const { state } = synced(hills());
    expect(state.light).toBe('day');
    expect(state.rulesLevel).toBe('intermediate');
    // The Alliance draws from its wagons at 0812; the Black Teeth name no hex: their army commander (-1).
    expect(state.sides.map((s) => [s.id, s.ammunitionSource])).toEqual([
      ['black-teeth', -1],
      ['alliance', at('0812')],
    ]);
    expect(decodeBoard(state.board).features[at('0806')]).toBe('forest');
  });

  test('§3.2.3 a marker is on the open piece for all, and under a cover only in its owner’s secret; a reload clears it', () => {
    const game = withMarkers();
    const { state, sync } = synced(game);
    // the marker travels as its code (@lames/rules wire/pieces.ts)
    const ammunition = (p: { ammunition: number } | undefined) => wordOf('ammunition', p!.ammunition);
    expect(ammunition(state.pieces.get('u:a-archers'))).toBe('diminished');
    expect(ammunition(state.pieces.get('u:a-aelis'))).toBe('');
    expect(ammunition(state.secrets.get('s:o-goblins'))).toBe('exhausted');
    // A cover tells nothing of what lies under it, ammunition included.
    for (const c of state.covers.values()) expect(Object.keys(c.toJSON()).sort()).toEqual(['activated', 'activating', 'hex', 'id', 'side']);
    const reloaded = structuredClone(game);
    delete reloaded.units.find((u) => u.id === 'a-archers')!.ammunition;
    delete reloaded.units.find((u) => u.id === 'o-goblins')!.ammunition;
    sync(reloaded);
    expect(ammunition(state.pieces.get('u:a-archers'))).toBe('');
    expect(ammunition(state.secrets.get('s:o-goblins'))).toBe('');
  });
});

describe('round trip: server sync → SDK decoding → the client’s toView (issue 8)', () => {
  let server: TestServer;
  let store: FileStore;
  let storeDir: string;
  beforeAll(async () => {
    storeDir = mkdtempSync(path.join(tmpdir(), 'lames-sync-chapter3-'));
    store = await openFileStore(storeDir);
    server = await startTestServer({ store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  test('§3.2.3 §3.2.6 markers, sources, light and features survive for each seat; the enemy’s hidden marker reaches only its owner', async () => {
    const keys = { alliance: 'AAAAAAAAAAAAAAAAAAAAAA', 'black-teeth': 'BBBBBBBBBBBBBBBBBBBBBB' };
    const access = makeAccess({
      creatorSeat: 'alliance',
      seats: {
        alliance: { keyHash: await hashToken(keys.alliance), inviteHash: null, playerName: 'Aymeric' },
        'black-teeth': { keyHash: await hashToken(keys['black-teeth']), inviteHash: null, playerName: 'Skarn' },
      },
      othersClaimed: true,
    });
    const game = withMarkers();
    await store.save(makeRecord('hills-1', { scenarioId: HILLS.id, state: game, access }));
    const alliance = await welcomed(await server.client().create('battle', { resume: 'hills-1', playerName: 'Aymeric', key: keys.alliance }));
    const teeth = await joinBattle(server, 'hills-1', { key: keys['black-teeth'], playerName: 'Skarn' });
    await waitFor(() => teeth.room.state.secrets?.size > 0 && alliance.room.state.pieces?.size > 0, 'the synced state');
    await settle();

    const viewOf = (seat: 'alliance' | 'black-teeth') => toView((seat === 'alliance' ? alliance : teeth).room.state.toJSON() as DecodedState, seat);
    for (const seat of ['alliance', 'black-teeth'] as const) {
      const view = viewOf(seat);
      expect(view.light).toBe('day');
      expect(view.rulesLevel).toBe('intermediate');
      expect(view.gameElements).toEqual({ weather: 'rain' });
      expect(view.board.features).toEqual(game.board.features);
      expect(view.sides.map((s) => [s.id, s.ammunitionSource])).toEqual([
        ['black-teeth', undefined],
        ['alliance', at('0812')],
      ]);
      expect(view.units.find((u) => u.id === 'a-archers')!.ammunition).toBe('diminished');
      expect(view.units.find((u) => u.id === 'a-elf-archers')!.ammunition).toBeUndefined();
      expect(view.units.find((u) => u.id === 'a-elf-archers')!.faculties).toEqual(['forestAdapted']);
    }
    const own = viewOf('black-teeth').units.find((u) => u.id === 'o-goblins')!;
    expect([own.ammunition, own.faculties]).toEqual(['exhausted', ['dodge', 'lightFragile']]);
    expect(viewOf('alliance').units.some((u) => u.id === 'o-goblins')).toBe(false);
    expect(JSON.stringify(alliance.room.state.toJSON())).not.toContain('exhausted');
    await leaveAll(alliance, teeth);
  });
});
