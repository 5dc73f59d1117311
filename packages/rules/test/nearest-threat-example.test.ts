import {
  apply,
  DirectiveJudge,
  distance,
  engageCost,
  fixedDice,
  GameState,
  nearestThreats,
  parseHexLabel,
  Unit,
  viewFor,
} from '../src';
import { game, H, profiles, unit } from './fixtures';
import { activated } from './helpers';

/**
 * The rulebook's worked example of the nearest threat (§2.5.3.1), whose
 * figure was lost in the extraction; rebuilt on clear ground so that its
 * numbers hold: unit (1) under a regroup directive; pilgrims (2), the nearest
 * in hexes, need 2 MP to engage it; war dogs (3) and cavalry (4) need 1½;
 * unit (5) stands on the cavalry's way.
 */
const find = (s: GameState, id: string): Unit => s.units.find((u) => u.id === id)!;

function example(rows = 10, unitHex = '0505'): GameState {
  const s = game(
    [
      unit('one', 'blue', unitHex, 0),
      unit('pilgrims', 'red', '0502', 6),
      unit('dogs', 'red', '0509', 0, { type: 'war-dogs', profiles: profiles('animal') }),
      unit('riders', 'red', '0105', 3, { type: 'cavalry', profiles: profiles('equestrian') }),
      unit('five', 'blue', '0305', 3),
    ],
    { rows },
  );
  s.wings.find((w) => w.id === 'blue-wing')!.directive = 'regroup';
  return s;
}

const long = (label: string) => parseHexLabel({ cols: 10, rows: 20 }, label);
const judge = (s: GameState) => {
  const v = viewFor(s, 'blue');
  return new DirectiveJudge(v, find(v, 'one'));
};
const stepTo = (s: GameState, label: string) =>
  judge(s).judge({ type: 'move', path: [{ hex: H(label), facing: 0 }], spent: 1, mode: 'normal' })
    ?.code ?? 'allowed';

describe('§2.5.3.1 worked example: la Menace La Plus Proche', () => {
  test('§2.5.3.1 the pilgrims (2) are the nearest in hexes but need 2 MP; the dogs (3) and riders (4) need 1½', () => {
    const s = example();
    const one = find(s, 'one');
    const hexesTo = (id: string) => distance(s.board, find(s, id).hex, one.hex);
    expect(hexesTo('pilgrims')).toBeLessThan(Math.min(hexesTo('dogs'), hexesTo('riders')));
    const mp = (id: string) => engageCost(s, find(s, id), one) / 2;
    expect([mp('pilgrims'), mp('dogs'), mp('riders')]).toEqual([2, 1.5, 1.5]);
    const t = nearestThreats(s, one);
    expect(t.units.map((u) => u.id).sort()).toEqual(['dogs', 'riders']);
    expect(t.distance).toBe(1.5);
  });

  test('§2.5.3.1 the unit (5) on the riders\u2019 way is not counted ("sans tenir compte des autres Unités")', () => {
    const s = example();
    const without = game([
      unit('one', 'blue', '0505', 0),
      unit('riders', 'red', '0105', 3, { profiles: profiles('equestrian') }),
    ]);
    expect(find(s, 'five').hex).toBe(H('0305'));
    expect(engageCost(s, find(s, 'riders'), find(s, 'one'))).toBe(
      engageCost(without, find(without, 'riders'), find(without, 'one')),
    );
  });

  test('§2.6.6 a turn of the threat is priced as one reorientation, not as a chain of free first steps', () => {
    // Pilgrims on foot next to the unit, facing away: turning 120° puts it in their front zone, 0 for the first 30° and ½ for each of the three more.
    const s = game([unit('one', 'blue', '0505', 0), unit('pilgrims', 'red', '0504', 0)]);
    expect(engageCost(s, find(s, 'pilgrims'), find(s, 'one')) / 2).toBe(1.5);
  });

  test('§2.5.3 within reach of the dogs: no rest, and a move must take it away from a nearest threat', () => {
    const s = example();
    expect(judge(s).fields.reachable(H('0505'))).toBe(true);
    const r = apply(
      activated(s, 'blue', 'one'),
      'blue',
      { type: 'rest', piece: 'one' },
      { dice: fixedDice([1, 1]) },
    );
    expect(r.ok ? 'ok' : r.rejection.code).toBe('notTired');
    find(s, 'one').breath = 'winded';
    const tired = apply(
      activated(s, 'blue', 'one'),
      'blue',
      { type: 'rest', piece: 'one' },
      { dice: fixedDice([1, 1]) },
    );
    expect(tired.ok ? 'ok' : tired.rejection.code).toBe('regroupInReach');
  });

  test('§2.5.3.1 the owner chooses between (3) and (4): a hex ½ MP farther from either one is allowed', () => {
    const s = example();
    // 0604: both need 2 MP; 0605: the riders 2, the dogs still 1½; 0504: the dogs 2, the riders still 1½.
    expect(stepTo(s, '0604')).toBe('allowed');
    expect(stepTo(s, '0605')).toBe('allowed');
    expect(stepTo(s, '0504')).toBe('allowed');
    // Nearer the dogs (1 MP), or nearer the riders (1 MP): away from neither.
    expect(stepTo(s, '0506')).toBe('regroupMustMoveAway');
    expect(stepTo(s, '0405')).toBe('regroupMustMoveAway');
  });

  test('§2.5.3 out of reach of every enemy the unit may rest, and may not move back within reach', () => {
    // The same armies on a longer field; the dogs face away and must turn (1½ MP) before running south at ½ a hex.
    const s = example(20, '0515');
    const dogsTo = (label: string) =>
      engageCost(s, find(s, 'dogs'), { ...find(s, 'one'), hex: long(label) }) / 2;
    expect([dogsTo('0514'), dogsTo('0513')]).toEqual([3.5, 3]);
    expect(judge(s).fields.reachable(long('0515'))).toBe(false);
    // Exactly its 3 MP: within reach (the bounded search may not stop short of its bound).
    expect(judge(s).fields.reachable(long('0513'))).toBe(true);
    find(s, 'one').breath = 'winded';
    const r = apply(
      activated(s, 'blue', 'one'),
      'blue',
      { type: 'rest', piece: 'one' },
      { dice: fixedDice([1, 2]) },
    );
    expect(r.ok && find(r.state, 'one').breath).toBe('fresh');
    const move = (...labels: string[]) =>
      judge(s).judge({
        type: 'move',
        path: labels.map((l) => ({ hex: long(l), facing: 0 })),
        spent: labels.length,
        mode: 'normal',
      });
    expect(move('0514')).toBeNull();
    const back = move('0514', '0513');
    expect(back?.code).toBe('regroupStayOutOfReach');
    expect(back?.message.en).toContain('0513');
  });
});
