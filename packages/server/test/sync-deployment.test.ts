/**
 * The hidden deployment in the synced state (§4.5.2; sheet 000 Unités
 * Cachées, Leurres): public zones and flags, each side's units and placement
 * in one secret object per side, and at the end covers and their secrets
 * created in cover-id order, a unit's exactly as a decoy's.
 */
import { $refId, Encoder } from '@colyseus/schema';
import { apply, createGame, parseHexLabel, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { deploySides, type LabelledPlacement } from '@lames/rules/testing';
import { initStatic, syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';

const refId = (o: object) => (o as { [$refId]: number })[$refId];

/** A battle state synced from `game` as a room does it: static part, then the first sync, under an encoder (which numbers the objects). */
function synced(game: GameState): {
  state: BattleState;
  created: string[];
  sync(next: GameState): void;
} {
  const state = new BattleState();
  new Encoder(state);
  const created: string[] = [];
  const hooks = { secretCreated: (piece: { id: string }) => created.push(piece.id) };
  initStatic(state, game, 'test');
  syncBattleState(state, game, hooks);
  return { state, created, sync: (next) => syncBattleState(state, next, hooks) };
}

/** One side deploys (§4.5.2) through the rules' deploy action. */
function deploy(game: GameState, side: string, placement: LabelledPlacement): GameState {
  const r = apply(game, side, {
    type: 'deploy',
    units: placement.units.map((u) => ({ ...u, hex: parseHexLabel(game.board, u.hex) })),
    decoys: placement.decoys.map((d) => ({ ...d, hex: parseHexLabel(game.board, d.hex) })),
  });
  if (!r.ok) throw new Error(`deploy refused: ${r.rejection.code}`);
  return r.state;
}

const RANGERS: LabelledPlacement = {
  units: [{ unit: 'a-rangers', hex: '0508', facing: 1 }],
  decoys: [{ mimic: 'a-rangers', hex: '0709', facing: 1 }],
};
const STALKERS: LabelledPlacement = {
  units: [{ unit: 'o-stalkers', hex: '0302', facing: 6 }],
  decoys: [{ mimic: 'o-stalkers', hex: '0902', facing: 6 }],
};

describe('sync of the hidden deployment (§4.5.2)', () => {
  const woodEdge = () => createGame(scenarioById('the-wood-edge')!, 'sync seed');

  test('§4.5.2 zones and flags are public; units awaiting deployment are only in their side’s secret object', () => {
    const game = woodEdge();
    const { state } = synced(game);
    expect(state.deploying).toBe(true);
    expect(state.deployment.map((d) => [d.side, d.deployed])).toEqual([
      ['ardenne', false],
      ['black-teeth', false],
    ]);
    expect(state.deployment[0].zone).toBe(game.deployment!.sides.ardenne.zone.join(','));
    expect([...state.deploymentSecrets.keys()]).toEqual(['ardenne', 'black-teeth']);
    const ardenne = JSON.parse(state.deploymentSecrets.get('ardenne')!.units) as Array<{
      id: string;
      hex: number;
      hidden: boolean;
      coverId: string;
    }>;
    expect(ardenne).toEqual([
      expect.objectContaining({ id: 'a-rangers', hex: -1, hidden: true, coverId: '' }),
    ]);
    expect(state.deploymentSecrets.get('ardenne')!.units).not.toContain('o-stalkers');
    // Nothing of theirs in the maps every seat receives, and no per-unit secret (one gap per unit would count them).
    const everyone = JSON.stringify([state.pieces.toJSON(), state.covers.toJSON()]);
    expect(everyone).not.toMatch(/a-rangers|o-stalkers/);
    expect(state.secrets.size).toBe(0);
  });

  test('§4.5.2 a side that deploys: its flag turns, its placement goes to its own secret object only', () => {
    const { state, sync } = synced(woodEdge());
    const after = deploy(woodEdge(), 'ardenne', RANGERS);
    sync(after);
    expect(state.deployment.map((d) => d.deployed)).toEqual([true, false]);
    expect(JSON.parse(state.deploymentSecrets.get('ardenne')!.placement)).toEqual(
      after.deployment!.sides.ardenne.placement,
    );
    expect(state.deploymentSecrets.get('black-teeth')!.placement).toBe('');
    expect(state.covers.size).toBe(0);
  });

  test('§4.5.2 when the deployment ends, covers and their secrets are created in cover-id order, each cover followed by its secret, unit or decoy alike', () => {
    const game = woodEdge();
    const { state, created, sync } = synced(game);
    const before = Math.max(
      ...[...state.deploymentSecrets.values(), ...state.pieces.values(), ...state.wings].map(refId),
    );
    const end = deploySides(game, { ardenne: RANGERS, 'black-teeth': STALKERS }).state;
    expect(end.deployment).toBeUndefined();
    sync(end);
    expect(state.deploying).toBe(false);
    expect(state.deploymentSecrets.size).toBe(0);
    const coverIds = [...state.covers.keys()].sort();
    expect(coverIds).toHaveLength(4);
    const ids = coverIds.flatMap((key) => {
      const cover = state.covers.get(key)!;
      const secret = [...state.secrets.values()].find((p) => p.coverId === cover.id)!;
      return [refId(cover), refId(secret)];
    });
    // Fresh, consecutive ids: cover, its secret, next cover, its secret… (no awaiting unit's object is reused).
    expect(ids[0]).toBeGreaterThan(before);
    expect(ids).toEqual(ids.map((_, i) => ids[0] + i));
    expect(created.sort()).toEqual([
      'a-rangers',
      'ardenne-decoy-1',
      'black-teeth-decoy-1',
      'o-stalkers',
    ]);
  });

  test('§4.5.1 swapping a hidden unit and its decoy changes nothing the enemy can number: the same covers get the same reference ids', () => {
    const trace = (placement: LabelledPlacement) => {
      const game = createGame(scenarioById('the-ford')!, 'swap seed');
      const { state, sync } = synced(game);
      sync(deploySides(game, { 'black-teeth': placement }).state);
      return [...state.covers.values()].map((c) => [c.id, c.hex, refId(c)]).sort();
    };
    const a = trace({
      units: [{ unit: 'o-ambush', hex: '1303', facing: 7 }],
      decoys: [{ mimic: 'o-ambush', hex: '1204', facing: 7 }],
    });
    const b = trace({
      units: [{ unit: 'o-ambush', hex: '1204', facing: 7 }],
      decoys: [{ mimic: 'o-ambush', hex: '1303', facing: 7 }],
    });
    expect(a).toHaveLength(2);
    expect(b).toEqual(a);
  });

  test('no deployment: nothing of it in the state', () => {
    const game = createGame(scenarioById('ash-plain')!, 'x');
    const { state } = synced(game);
    expect(state.deploying).toBe(false);
    expect(state.deployment.length).toBe(0);
    expect(state.deploymentSecrets.size).toBe(0);
  });
});
