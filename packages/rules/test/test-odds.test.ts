import { apply, disciplinePreviews, disengagementPreview, fixedDice, legalActions, recoveryTestPreview, testChance, type GameState } from '../src';
import { gameWithFreeB } from './fixtures';
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
  });
});

describe('§2.6.14.1 the disengagement test a withdrawal would owe, before choosing it', () => {
  const engaged = () => gameWithFreeB([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
  const activate = (s: GameState) => {
    const r = apply(s, 'blue', { type: 'activate', piece: 'b' }, { dice: fixedDice([1, 1]) });
    if (!r.ok) throw new Error(r.rejection.code);
    return r.state;
  };

  test('§2.6.14.1 no test owed against an unmarked front engager: no odds', () => {
    expect(disengagementPreview(activate(engaged()), 'blue', 'b', false)).toBeNull();
  });

  test('§2.6.14.1 the preview has the threshold and modifiers the withdrawal then rolls', () => {
    const s = engaged();
    s.units.find((x) => x.id === 'r')!.shock = 'contact';
    const before = activate(s);
    const p = disengagementPreview(before, 'blue', 'b', false)!;
    expect(p.modifiers.map((m) => m.value)).toEqual([1]);
    const r = apply(before, 'blue', { type: 'withdraw', piece: 'b', to: H('0506') }, { dice: fixedDice([6, 6]) });
    const rolled = r.ok ? r.events.find((e) => e.type === 'test') : undefined;
    expect(rolled).toMatchObject({ test: 'disengagement', threshold: p.threshold });
    expect(p.chance).toBeCloseTo(testChance(p.threshold, [{ value: 1 }]));
  });
});

describe('§2.6.13.1 the discipline tests a flight would make its engagers roll', () => {
  test('§2.6.13.1 one per engager, with the threshold, modifiers and naturals of the roll', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    const [p, ...rest] = disciplinePreviews(s, 'blue', 'b');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ test: 'discipline', subject: 'r', section: '§2.6.13.1' });
    // the same −1 the flight's roll carries (manoeuvre-flee.test.ts), natural 2 and 12 counted
    expect(p.modifiers.map((m) => m.value)).toEqual([-1]);
    expect(p.chance).toBeCloseTo(testChance(p.threshold, [{ value: -1 }], true));
  });

  test('§2.6.13.1 a shaken engager does not test: nothing to preview', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    s.units.find((x) => x.id === 'r')!.cohesion = 'shaken';
    expect(disciplinePreviews(s, 'blue', 'b')).toEqual([]);
  });
});
