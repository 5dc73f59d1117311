/**
 * Issue 9: the sync builds a piece's payload only when its unit or decoy,
 * its stack place or its activation changed since the last sync (the rules
 * copy every unit on every action). Checked against a sync from scratch,
 * which builds every payload (the previous behaviour), on every state of
 * random games of every scenario: the same schema state, secrets and covers
 * included.
 */
import { Encoder } from '@colyseus/schema';
import { cloneState, createGame, type GameState } from '@lames/rules';
import { SCENARIOS, scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { initStatic, syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';

const HOOKS = { secretCreated: () => undefined };

function synced(game: GameState): BattleState {
  const state = new BattleState();
  new Encoder(state);
  initStatic(state, game, 'test');
  syncBattleState(state, game, HOOKS);
  return state;
}

/** What the sync of pieces writes: the open pieces, the covers and the secrets, keys and every field. */
const piecesOf = (state: BattleState) => {
  const json = state.toJSON() as Record<string, unknown>;
  return { pieces: json.pieces, covers: json.covers, secrets: json.secrets };
};

test('issue 9: synced action after action, the schema state is the one a sync from scratch gives, on random games of every scenario', () => {
  let checked = 0;
  let secrets = 0;
  for (const scenario of SCENARIOS) {
    const first = createGame(scenario, `incremental-${scenario.id}`);
    const state = synced(first);
    randomGame(scenario, `incremental-${scenario.id}`, {
      limit: 60,
      afterEach: (game) => {
        syncBattleState(state, game, HOOKS);
        expect(piecesOf(state)).toEqual(piecesOf(synced(game)));
        checked++;
        secrets += state.secrets.size;
      },
    });
  }
  expect(checked).toBeGreaterThan(200);
  expect(secrets).toBeGreaterThan(0); // hidden units and decoys were synced too
});

test('issue 9: a piece whose unit holds the same data in a new copy of the state is not written again', () => {
  const game = createGame(scenarioById('the-shield-hill')!, 'incremental');
  const state = synced(game);
  const [key, piece] = [...state.pieces.entries()][0];
  // only the sync writes a PieceState: a value put there by hand stays while its unit is unchanged…
  piece.steps = 99;
  syncBattleState(state, cloneState(game), HOOKS);
  expect(state.pieces.get(key)!.steps).toBe(99);
  // …and goes once the unit changes
  const moved = cloneState(game);
  const unit = moved.units.find((u) => `u:${u.id}` === key)!;
  unit.facing = ((unit.facing + 2) % 12) as typeof unit.facing;
  syncBattleState(state, moved, HOOKS);
  expect(state.pieces.get(key)!.steps).toBe(unit.steps);
});
