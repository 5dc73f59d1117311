/**
 * Issue 10 in the synced state: a formation's two attacks under way
 * (§3.3.8, FORM-09: `Activation.attacks`) reach every seat, so that each
 * client offers only the second attack of the same kind, from the hex that
 * has not attacked, as the rules do. A formation is never hidden; a covered
 * piece's activation carries no attacks on the wire.
 */
import { Encoder } from '@colyseus/schema';
import { createGame, viewFor, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { toView } from '../../client/src/state/to-view';
import type { DecodedState } from '../../client/src/state/decoded';
import { initStatic, syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';

const HILL = scenarioById('the-shield-hill')!;

function decodedAfter(game: GameState): DecodedState {
  const state = new BattleState();
  new Encoder(state);
  initStatic(state, game, 'test');
  syncBattleState(state, game, { secretCreated: () => undefined });
  return state.toJSON() as DecodedState;
}

describe('sync of a formation’s attacks (issue 10)', () => {
  test('§3.3.8 FORM-09 FORM-57 the attacks under way come back whole through the client’s decoding, for both sides', () => {
    const game = createGame(HILL, 'formation sync');
    const legion = game.units.find((u) => u.id === 'h-legion')!;
    game.activation = {
      piece: legion.id,
      attacks: { kind: 'shock', from: [legion.hex], recoiled: ['a-hammers'] },
    };
    const decoded = decodedAfter(game);
    for (const seat of HILL.sides.map((s) => s.id)) {
      expect(toView(decoded, seat).activation).toEqual(viewFor(game, seat).activation);
      expect(toView(decoded, seat).activation?.attacks).toEqual({
        kind: 'shock',
        from: [legion.hex],
        recoiled: ['a-hammers'],
      });
    }
  });

  test('§3.3.8 without attacks under way the field is empty', () => {
    const game = createGame(HILL, 'formation sync');
    game.activation = { piece: 'h-legion' };
    expect(decodedAfter(game).activationAttacks).toBe('');
    expect(toView(decodedAfter(game), HILL.sides[0]!.id).activation).toEqual({ piece: 'h-legion' });
  });
});
