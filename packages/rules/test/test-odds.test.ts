import { legalActions, recoveryTestPreview, testChance } from '../src';
import { game, H, unit } from './fixtures';
import { activated } from './helpers';

describe('Tests Standards: the odds of a 2D6 test, success at or under the threshold', () => {
  test('sheet Tests Standards: P(2D6 ≤ n) over the 36 throws', () => {
    expect(testChance(1)).toBe(0);
    expect(testChance(2)).toBeCloseTo(1 / 36);
    expect(testChance(7)).toBeCloseTo(21 / 36);
    expect(testChance(12)).toBe(1);
  });

  test('sheet Tests Standards: modifiers are added to the dice (a +2 is as a threshold 2 lower)', () => {
    expect(testChance(9, [{ value: 2 }])).toBeCloseTo(testChance(7));
    expect(testChance(5, [{ value: -1 }, { value: -1 }])).toBeCloseTo(testChance(7));
  });

  test('sheet Tests Standards: with naturals, a natural 2 always succeeds and a natural 12 always fails', () => {
    expect(testChance(0, [], true)).toBeCloseTo(1 / 36);
    expect(testChance(12, [], true)).toBeCloseTo(35 / 36);
    expect(testChance(0)).toBe(0);
  });

  test('§2.8.4 the rally preview has the morale threshold of the unit, and its chance', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]);
    const p = recoveryTestPreview(s, 'blue', 'b', 'rally')!;
    expect(p.test).toBe('rally');
    expect(p.chance).toBeCloseTo(testChance(p.threshold));
    expect(recoveryTestPreview(s, 'blue', 'r', 'rally')).toBeNull();
  });
});

describe('§2.6.10.2 returning to the map: the reason a unit on the map is refused', () => {
  test('§2.6.10.2 a unit on the map, even during its own activation, is refused as "not off the map"', () => {
    const s = activated(game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]), 'blue', 'b');
    expect(s.activation?.piece).toBe('b');
    expect(legalActions(s, 'blue', 'b').find((a) => a.type === 'returnToMap')).toMatchObject({ allowed: false, rejection: { code: 'notOffMap' } });
    void H;
  });
});
