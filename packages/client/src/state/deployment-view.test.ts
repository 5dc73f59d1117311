import {
  apply,
  createGame,
  deploymentOptions,
  parseHexLabel,
  viewFor,
  type GameState,
} from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { encodeView } from './encode';
import { toView } from './to-view';

/** The wood's edge: both sides deploy a unit hidden (§4.5.2). */
const game = () => createGame(scenarioById('the-wood-edge')!, 'seed');

function decodedFor(state: GameState, seat: string) {
  return JSON.parse(JSON.stringify(encodeView(viewFor(state, seat), 'Test')));
}

function deployRangers(state: GameState): GameState {
  const hex = parseHexLabel(state.board, '0508');
  const r = apply(state, 'ardenne', {
    type: 'deploy',
    units: [{ unit: 'a-rangers', hex, facing: 1 }],
    decoys: [{ mimic: 'a-rangers', hex: parseHexLabel(state.board, '0709'), facing: 1 }],
  });
  if (!r.ok) throw new Error(`deploy refused: ${r.rejection.code} ${r.rejection.message.en}`);
  return r.state;
}

describe('toView during the hidden deployment (§4.5.2)', () => {
  it('§4.5.2 every seat gets every side’s zone and done flag', () => {
    const state = game();
    for (const seat of ['ardenne', 'black-teeth', 'referee', 'spectator']) {
      const view = toView(decodedFor(state, seat), seat);
      expect(Object.keys(view.deployment!.sides)).toEqual(['ardenne', 'black-teeth']);
      expect(view.deployment!.sides.ardenne.zone).toEqual(state.deployment!.sides.ardenne.zone);
      expect(view.deployment!.sides['black-teeth'].done).toBe(false);
    }
  });

  it('§4.5.2 a side sees its own units awaiting deployment (hex -1, hidden, no cover), not the enemy’s', () => {
    const view = toView(decodedFor(game(), 'ardenne'), 'ardenne');
    const rangers = view.units.find((u) => u.id === 'a-rangers')!;
    expect(rangers).toMatchObject({ hex: -1, hidden: true });
    expect(rangers.coverId ?? '').toBe('');
    expect(view.units.some((u) => u.id === 'o-stalkers')).toBe(false);
    expect(deploymentOptions(view, 'ardenne').units.map((u) => u.id)).toEqual(['a-rangers']);
  });

  it('§4.5.2 a side’s placement reaches its own view and the referee’s, never the enemy’s', () => {
    const state = deployRangers(game());
    const own = toView(decodedFor(state, 'ardenne'), 'ardenne');
    expect(own.deployment!.sides.ardenne).toMatchObject({
      done: true,
      placement: state.deployment!.sides.ardenne.placement,
    });
    expect(
      toView(decodedFor(state, 'referee'), 'referee').deployment!.sides.ardenne.placement,
    ).toEqual(state.deployment!.sides.ardenne.placement);
    const enemy = toView(decodedFor(state, 'black-teeth'), 'black-teeth');
    expect(enemy.deployment!.sides.ardenne).toEqual({
      zone: state.deployment!.sides.ardenne.zone,
      done: true,
    });
    expect(enemy.units.some((u) => u.id === 'a-rangers')).toBe(false);
  });

  it('no deployment once the battle is under way', () => {
    const state = game();
    delete state.deployment;
    expect(toView(decodedFor(state, 'ardenne'), 'ardenne').deployment).toBeUndefined();
  });
});
