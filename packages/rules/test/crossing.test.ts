import { apply, crossingModifiers, crossingPreviews, fixedDice, GameState, testChance, Unit } from '../src';
import { crossedLeavingStack } from '../src/units/crossing';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { activated } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const crossings = (events: { type: string }[]) =>
  events.filter((e) => e.type === 'test' && (e as { test?: string }).test === 'crossing') as unknown as Array<{ subject: string; success: boolean; modifiers: { value: number }[] }>;
const cavalry = { type: 'cavalry', profiles: profiles('equestrian', 'superior') };
const free = (s: GameState) => {
  for (const w of s.wings) w.directive = 'defend';
  return s;
};
const move = (s: GameState, piece: string, to: string[], dice: number[]) =>
  apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps: to.map((h) => ({ to: H(h) })) }, { dice: fixedDice(dice) });

describe('§2.3.1.2 crossing test', () => {
  test('§2.3.1.2 a large unit passing through a friendly large unit: both test once it has left the hex', () => {
    const s = free(game([unit('a', 'blue', '0506', 0, cavalry), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    const r = move(s, 'a', ['0505', '0504'], [1, 1, 1, 1]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(crossings(r.events).map((t) => t.subject)).toEqual(['a', 'b']);
    // Different type, different movement class, one large unit crossed.
    expect(crossings(r.events)[0].modifiers.map((m) => m.value)).toEqual([1, 1, 1]);
  });

  test('§2.3.1.2 failure costs a level of cohesion', () => {
    const s = free(game([unit('a', 'blue', '0506', 0, cavalry), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    const r = move(s, 'a', ['0505', '0504'], [1, 1, 3, 3]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(u(r.state, 'a').cohesion).toBe('inOrder');
    expect(u(r.state, 'b').cohesion).toBe('shaken');
  });

  test('§2.3.1.1 leaving a stack forward crosses the large units ahead; stopping on a stack crosses nothing', () => {
    const s = free(game([unit('front', 'blue', '0505', 0), unit('back', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    u(s, 'front').stackRank = -5;
    const r = move(s, 'back', ['0504'], [1, 1, 1, 1]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(crossings(r.events).map((t) => t.subject)).toEqual(['back', 'front']);
    const joining = free(game([unit('a', 'blue', '0506', 0), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    const stop = move(joining, 'a', ['0505'], []);
    expect(stop.ok && crossings(stop.events)).toHaveLength(0);
  });

  test('§2.3.1.2 small units neither test nor make anyone test', () => {
    const s = free(game([unit('c', 'blue', '0506', 0, { ...cavalry, kind: 'character', size: 'small' }), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    const r = move(s, 'c', ['0505', '0504'], []);
    expect(r.ok && crossings(r.events)).toHaveLength(0);
  });

  test('§2.3.1.2 routed, magic and steady units skip the test', () => {
    const s = free(game([unit('a', 'blue', '0506', 0, cavalry), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    u(s, 'b').profiles.morale = { class: 'steady', capacity: 'ordinary' };
    const r = move(s, 'a', ['0505', '0504'], [1, 1]);
    expect(r.ok && crossings(r.events).map((t) => t.subject)).toEqual(['a']);
  });

  test('§2.3.1.1 leaving its stack, a large unit crosses those ahead going forward (front or flank), those behind going backward', () => {
    // Facing the NNE vertex: N and NE are front, SE and NW flank, S and SW rear.
    const s = game([unit('f', 'blue', '0505', 1), unit('m', 'blue', '0505', 1), unit('k', 'blue', '0505', 1, { kind: 'character', size: 'small' }), unit('b', 'blue', '0909', 1), unit('r', 'red', '0101', 6)]);
    const ids = (dir: number, who = 'm') => crossedLeavingStack(s, u(s, who), dir as 0).map((x) => x.id);
    // m in the middle of f (front) and b (back), beyond the stacking limit for the sake of the geometry.
    Object.assign(u(s, 'b'), { hex: H('0505'), stackRank: 50 });
    expect([0, 1, 2, 5].map((d) => ids(d))).toEqual([['f'], ['f'], ['f'], ['f']]);
    expect([3, 4].map((d) => ids(d))).toEqual([['b'], ['b']]);
    // Small units are never crossed, and a small unit crosses no one as it leaves.
    expect(ids(0, 'k')).toEqual([]);
  });

  test('§2.3.1.2 modifiers: wing, facing neither the same nor opposite, artillery or wagon alone crossed', () => {
    const s = game([unit('a', 'blue', '0506', 0), unit('b', 'blue', '0505', 2, { wing: 'blue-wing' }), unit('r', 'red', '0101', 6)]);
    const a = u(s, 'a');
    const b = u(s, 'b');
    expect(crossingModifiers(a, [b]).map((m) => m.value)).toEqual([1, 2]);
    b.facing = 6;
    expect(crossingModifiers(a, [b]).map((m) => m.value)).toEqual([1]);
    b.wing = 'other';
    b.profiles.weapon = { class: 'artillery', capacity: 'ordinary' };
    expect(crossingModifiers(a, [b]).map((m) => m.value)).toEqual([1, 1, -2]);
    b.profiles.weapon = { class: 'infantry', capacity: 'ordinary' };
    b.type = 'wagon';
    expect(crossingModifiers(a, [b]).map((m) => m.value)).toEqual([1, 1, 1, -1]);
  });
});

describe('§2.3.1.1 a move leaving its own stack backward crosses the units behind', () => {
  // Two fast large units stacked in 0505 facing north: b1 in front, b2 behind.
  const fast = { profiles: profiles('animal', 'superior') };
  const stack = () => withOrder(game([unit('b1', 'blue', '0505', 0, fast), unit('b2', 'blue', '0505', 0, fast), unit('r', 'red', '0101', 6)]), 'b1', 'b2');
  const turnAboutAndGo = (piece: string) => {
    const r = apply(activated(stack(), 'blue', piece), 'blue', { type: 'move', piece, steps: [{ face: 6 }, { to: H('0506') }] }, { dice: fixedDice([1, 1, 1, 1, 1, 1, 1, 1]) });
    if (!r.ok) throw new Error(r.rejection.code);
    return r;
  };

  test('§2.3.1.1 the front unit turning about and leaving by the stack’s rear crosses the back unit: 1 MP more, and both test (§2.3.1.2)', () => {
    const r = turnAboutAndGo('b1');
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ cost: 2.5 + 0.5 + 1 });
    expect(r.events.filter((e) => e.type === 'test' && e.test === 'crossing').map((e) => e.type === 'test' && e.subject)).toEqual(['b1', 'b2']);
  });

  test('§2.3.1.1 the back unit leaving by the rear crosses nobody', () => {
    const r = turnAboutAndGo('b2');
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ cost: 2.5 + 0.5 });
    expect(r.events.some((e) => e.type === 'test' && e.test === 'crossing')).toBe(false);
  });
});

describe('§2.3.1.2 the crossing test a move would owe, before choosing it (issue 11: odds of every test a player chooses into)', () => {
  const through = () => free(game([unit('a', 'blue', '0506', 0, cavalry), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
  const arrival = (hexes: string[]) => ({ steps: hexes.map((h) => ({ to: H(h) })) });

  test('§2.3.1.2 passing through a large friend: one test, with the threshold and modifiers the move then rolls', () => {
    const s = activated(through(), 'blue', 'a');
    const [p, ...more] = crossingPreviews(s, 'blue', 'a', arrival(['0505', '0504']));
    expect(more).toEqual([]);
    expect(p).toMatchObject({ test: 'crossing', section: '§2.3.1.2', crossed: 1 });
    expect(p.chance).toBeCloseTo(testChance(p.threshold, p.modifiers));
    const r = move(through(), 'a', ['0505', '0504'], [1, 1, 1, 1]);
    if (!r.ok) throw new Error(r.rejection.code);
    const rolled = crossings(r.events)[0] as unknown as { threshold: number; modifiers: { value: number }[] };
    expect(p.threshold).toBe(rolled.threshold);
    expect(p.modifiers.map((m) => m.value)).toEqual(rolled.modifiers.map((m) => m.value));
  });

  test('§2.3.1.1 stopping on the friend crosses nothing; a small unit never tests; another side sees no odds', () => {
    const s = activated(through(), 'blue', 'a');
    expect(crossingPreviews(s, 'blue', 'a', arrival(['0505']))).toEqual([]);
    expect(crossingPreviews(s, 'red', 'a', arrival(['0505', '0504']))).toEqual([]);
    const small = free(game([unit('c', 'blue', '0506', 0, { ...cavalry, kind: 'character', size: 'small' }), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]));
    expect(crossingPreviews(small, 'blue', 'c', arrival(['0505', '0504']))).toEqual([]);
  });
});
