import {
  apply,
  createGame,
  fixedDice,
  loadScenario,
  type GameState,
} from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import { fordGame } from '@lames/rules/testing';
import { syncBattleState } from '../src/sync/apply';
import { BattleState } from '../src/sync/schema';

const sync = (game: GameState) => {
  const target = new BattleState();
  syncBattleState(target, game, { secretCreated: () => undefined });
  return target;
};

describe('sync: the end of the game and the weather reach every seat', () => {
  test('§2.4 while playing there is no result; at the end the result (winner, points and their sources) is synced as JSON', () => {
    // The-ford once the Black Teeth have deployed (§4.5.2): the battle is on.
    let game = fordGame('seed');
    expect(sync(game)).toMatchObject({ status: 'playing', result: '' });
    game = (
      apply(game, game.activeSide, { type: 'endTurn' }, { dice: fixedDice([]) }) as {
        state: GameState;
      }
    ).state;
    const side = game.activeSide;
    for (const w of game.wings.filter((x) => x.side === side)) w.directive = 'retreat';
    const r = apply(game, side, { type: 'endTurn' }, { dice: fixedDice([]) });
    if (!r.ok) throw new Error(r.rejection.code);
    const state = sync(r.state);
    expect(state.status).toBe('ended');
    expect(JSON.parse(state.result)).toEqual(r.state.result);
    expect(JSON.parse(state.result)).toMatchObject({
      reason: 'allWingsInRetreat',
      winner: game.sides.find((s) => s.id !== side)!.id,
    });
  });

  test('Fiche 003 the weather marker is synced; none without weather', () => {
    expect(sync(createGame(SCENARIOS[0], 'seed')).weather).toBe('');
    expect(
      sync(
        createGame(loadScenario({ ...SCENARIOS[0], gameElements: { weather: 'storm' } }), 'seed'),
      ).weather,
    ).toBe('storm');
  });
});
