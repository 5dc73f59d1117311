import { apply, attackEngagementTest, Direction, hexLabel, engagementModifiers, faceOptions, fixedDice, forcedAction, GameState, legalActions, neighbour, Unit } from '../src';
import { game, H, unit } from './fixtures';
import { ok } from './helpers';

/** The hex next to `label` in direction `dir` (0 = N, clockwise). */
const next = (s: GameState, label: string, dir: Direction) => neighbour(s.board, H(label), dir);
const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const act = (s: GameState, piece: string, dice: number[], seat = 'blue') => {
  const r = apply(s, seat, { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r;
};
const tests = (events: { type: string }[], kind?: string) =>
  events.filter((e) => e.type === 'test' && (!kind || (e as { test?: string }).test === kind)) as Array<{ type: 'test'; test: string; subject: string; success: boolean; modifiers: { value: number }[]; total: number }>;

/** The orc units of the §2.4.1.1 example: 1 and 2 routed, 3 (already activated) and 4 next to 2 only. */
function orcs(): GameState {
  const base = game([unit('far', 'red', '0101', 6)]);
  const hex2 = next(base, '0505', 3);
  const s = game([
    unit('o1', 'blue', '0505', 0),
    unit('o2', 'blue', label(base, hex2), 0),
    unit('o3', 'blue', label(base, neighbour(base.board, hex2, 3)), 0),
    unit('o4', 'blue', label(base, neighbour(base.board, hex2, 2)), 0),
    unit('far', 'red', '0101', 6),
  ]);
  u(s, 'o1').cohesion = 'routed';
  u(s, 'o2').cohesion = 'routed';
  u(s, 'o3').order = 'activated';
  return s;
}

const label = (s: GameState, hex: number) => hexLabel(s.board, hex);

describe('§2.4.1.1 rout test', () => {
  test('§2.4.1.1 example: unit 1, routed and next only to a routed unit, makes no one test', () => {
    expect(tests(act(orcs(), 'o1', []).events)).toHaveLength(0);
  });

  test('§2.4.1.1 example: routed unit 2 makes 3 and 4 test, 3 although already activated; 2 does not test', () => {
    const r = act(orcs(), 'o2', [3, 3, 3, 3]);
    expect(tests(r.events, 'rout').map((t) => t.subject).sort()).toEqual(['o3', 'o4']);
  });

  test('§2.4.1.1 example: unit 4, not routed and next to a routed friend, tests on its activation', () => {
    const r = act(orcs(), 'o4', [3, 3]);
    expect(tests(r.events, 'rout').map((t) => t.subject)).toEqual(['o4']);
  });

  test('§2.4.1.1 next to several routed friends a unit tests only once, with no modifier', () => {
    const s = orcs();
    u(s, 'o3').cohesion = 'routed';
    const r = act(s, 'o4', [4, 4]);
    expect(tests(r.events, 'rout')).toHaveLength(1);
    expect(tests(r.events, 'rout')[0]).toMatchObject({ modifiers: [], total: 8, success: true });
  });

  test('§2.4.1.1 failure costs a level of cohesion: in order becomes shaken, shaken routs', () => {
    let r = act(orcs(), 'o4', [5, 4]);
    expect(u(r.state, 'o4').cohesion).toBe('shaken');
    const s = orcs();
    u(s, 'o4').cohesion = 'shaken';
    r = act(s, 'o4', [6, 6]);
    expect(u(r.state, 'o4').cohesion).toBe('routed');
  });

  test('§2.4.1.1 a troop stacked with a character tests with the best character morale', () => {
    const s = orcs();
    const o4 = u(s, 'o4');
    s.units.push({ ...o4, id: 'chief', name: 'chief', kind: 'character', size: 'small', profiles: { ...o4.profiles, morale: { class: 'normal', capacity: 'superior' } } });
    const r = act(s, 'o4', [5, 4]);
    expect(tests(r.events, 'rout')[0]).toMatchObject({ subject: 'o4', success: true });
  });

  test.each(['magic', 'steady', 'demonic'] as const)('§2.4.1.1 a %s unit takes no rout test', (cls) => {
    const s = orcs();
    u(s, 'o4').profiles.morale = { class: cls, capacity: 'ordinary' };
    expect(tests(act(s, 'o4', []).events)).toHaveLength(0);
  });
});

/**
 * The §2.4.1.2 example: blue 1 is engaged by red 2 from the rear and red 3
 * from the front, both with a contact marker, and by red 4 with none; blue 5
 * is engaged only by red 6, with no marker (red 2 does not engage it).
 */
function melee(): GameState {
  const s0 = game([unit('far', 'blue', '0101', 0)]);
  const one = H('0505');
  const two = next(s0, '0505', 3);
  const five = neighbour(s0.board, two, 3);
  const s = game([
    unit('b1', 'blue', '0505', 0),
    unit('r2', 'red', label(s0, two), 0),
    unit('r3', 'red', label(s0, neighbour(s0.board, one, 0)), 6),
    unit('r4', 'red', label(s0, neighbour(s0.board, one, 1)), 8),
    unit('b5', 'blue', label(s0, five), 0),
    unit('r6', 'red', label(s0, neighbour(s0.board, five, 3)), 0),
  ]);
  u(s, 'r2').shock = 'contact';
  u(s, 'r3').shock = 'contact';
  return s;
}

describe('§2.4.1.2 defensive engagement test', () => {
  test('§2.4.1.2 example: unit 1 tests once, against unit 2 that engages it from the rear (+2)', () => {
    const r = act(melee(), 'b1', [3, 2]);
    const t = tests(r.events, 'defensiveEngagement');
    expect(t).toHaveLength(1);
    expect(t[0].modifiers.map((m) => m.value)).toEqual([2]);
    expect(t[0]).toMatchObject({ total: 7, success: true });
  });

  test('§2.4.1.2 example: unit 5 does not test: its engager has no marker, the marked unit 2 does not engage it', () => {
    expect(tests(act(melee(), 'b5', []).events)).toHaveLength(0);
  });

  test('§2.4.1.2 failure costs a level of cohesion, and a charging unit loses its charge', () => {
    const s = melee();
    u(s, 'b1').shock = 'charge';
    const r = act(s, 'b1', [4, 3]);
    // The charge becomes contact (§2.8.3.2), then the activated unit's contact marker comes off (§2.4.1).
    expect(r.events.find((e) => e.type === 'chargeLost')).toMatchObject({ now: 'contact' });
    expect(u(r.state, 'b1')).toMatchObject({ cohesion: 'shaken', shock: 'none', breath: 'winded' });
  });

  test('§2.4.1.2 case 1 and case 3: once tested, the same engagers make no new test; a new one does, alone', () => {
    const s = ok(act(melee(), 'b1', [1, 1]).state, 'blue', { type: 'pass', piece: 'b1' }).state;
    expect(u(s, 'b1').testedAgainst?.sort()).toEqual(['r2', 'r3']);
    u(s, 'b1').order = 'none';
    expect(tests(act(s, 'b1', []).events)).toHaveLength(0);
    const again = melee();
    u(again, 'b1').testedAgainst = ['r2', 'r3'];
    u(again, 'r4').shock = 'charge';
    const t = tests(act(again, 'b1', [1, 1]).events, 'defensiveEngagement');
    // Against red 4 only (front, charging: +1), not red 2 from the rear.
    expect(t).toHaveLength(1);
    expect(t[0].modifiers.map((m) => m.value)).toEqual([1]);
  });

  test('§2.4.1.2 case 2: after the units separate, a new engagement by the same enemy tests again', () => {
    const start = melee();
    // A spare blue unit far away keeps blue's turn open.
    start.units.push({ ...u(start, 'b1'), id: 'spare', name: 'spare', hex: H('0909') });
    const s = ok(act(start, 'b1', [1, 1]).state, 'blue', { type: 'pass', piece: 'b1' }).state;
    const r2 = u(s, 'r2');
    const back = r2.hex;
    r2.hex = H('0101');
    // Any action forgets the separated enemies; here unit 5 faces red 6, which engages it from behind.
    const after = ok(ok(s, 'blue', { type: 'activate', piece: 'b5' }).state, 'blue', { type: 'face', piece: 'b5', facing: 6 }).state;
    expect(u(after, 'b1').testedAgainst).toEqual(['r3']);
    u(after, 'r2').hex = back;
    u(after, 'b1').order = 'none';
    expect(tests(act(after, 'b1', [1, 1]).events, 'defensiveEngagement')).toHaveLength(1);
  });

  test('§2.4.1.2 modifiers: small units, the enemy charging, flank, weapon capacity', () => {
    const s = melee();
    const b1 = u(s, 'b1');
    const r3 = u(s, 'r3');
    r3.shock = 'charge';
    r3.size = 'small';
    r3.profiles.weapon = { class: 'infantry', capacity: 'superior' };
    b1.size = 'small';
    const values = engagementModifiers(s, b1, r3, 'defence').map((m) => m.value);
    expect(values.sort()).toEqual([-1, 1, 1, 1]);
    const flank = melee();
    u(flank, 'b1').facing = 1;
    // Facing a vertex (NNE), the hex to the north-west is a flank, the one due south the rear.
    const nw = { ...u(flank, 'r2'), hex: next(flank, '0505', 5) };
    expect(engagementModifiers(flank, u(flank, 'b1'), nw, 'defence').map((m) => m.value)).toEqual([1]);
    expect(engagementModifiers(flank, u(flank, 'b1'), u(flank, 'r2'), 'defence').map((m) => m.value)).toEqual([2]);
  });

  test('§2.4.1.2 magic, steady and demonic units take no defensive engagement test', () => {
    const s = melee();
    u(s, 'b1').profiles.morale = { class: 'steady', capacity: 'ordinary' };
    expect(tests(act(s, 'b1', []).events)).toHaveLength(0);
  });
});

describe('§2.4.1 preliminary operations', () => {
  test('§2.4.1 the activated unit loses its contact marker, after the tests', () => {
    const s = melee();
    u(s, 'b1').shock = 'contact';
    const r = act(s, 'b1', [1, 1]);
    expect(u(r.state, 'b1').shock).toBe('none');
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('test')).toBeLessThan(types.indexOf('markerRemoved'));
  });

  test('§2.4.1 the tests are rolled in order: rout test first, then the defensive engagement test', () => {
    const s = melee();
    s.units.push({ ...u(s, 'b1'), id: 'routed', name: 'routed', hex: neighbour(s.board, H('0505'), 5), cohesion: 'routed' });
    const r = act(s, 'b1', [1, 1, 1, 1]);
    expect(tests(r.events).map((t) => t.test)).toEqual(['rout', 'defensiveEngagement']);
  });
});

describe('§2.6.8.1 attack engagement test', () => {
  test('§2.6.8.1 a unit that ends its move engaged tests against every engager, marker or not', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r', 'red', '0505', 6)]);
    const moved = apply(ok(s, 'blue', { type: 'activate', piece: 'b' }).state, 'blue', { type: 'move', piece: 'b', steps: [{ to: H('0506') }] }, { dice: fixedDice([6, 5]) });
    expect(moved.ok && tests(moved.events, 'attackEngagement')).toHaveLength(1);
    expect(moved.ok && u(moved.state, 'b').cohesion).toBe('shaken');
  });

  test('§2.6.8.1 a unit that engages without being engaged takes no test', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r', 'red', '0505', 0)]);
    const moved = apply(ok(s, 'blue', { type: 'activate', piece: 'b' }).state, 'blue', { type: 'move', piece: 'b', steps: [{ to: H('0506') }] }, { dice: fixedDice([]) });
    expect(moved.ok && tests(moved.events)).toHaveLength(0);
  });

  test('§2.6.8.1 a charging unit is helped (−1, −2 exalted); failing, it keeps only a contact marker', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0505', 6)]);
    const b = u(s, 'b');
    b.shock = 'charge';
    expect(engagementModifiers(s, b, u(s, 'r'), 'attack').map((m) => m.value)).toEqual([-1]);
    b.profiles.morale = { class: 'exalted', capacity: 'ordinary' };
    expect(engagementModifiers(s, b, u(s, 'r'), 'attack').map((m) => m.value)).toEqual([-2]);
    const events = attackEngagementTest(s, b, fixedDice([6, 6]));
    expect(tests(events)[0].success).toBe(false);
    expect(b).toMatchObject({ cohesion: 'shaken', shock: 'contact' });
  });
});

describe('§2.6.14 face', () => {
  /** Blue faces north; red stands behind it, facing north: blue is engaged from the rear and engages no one. */
  const rearAttack = () => game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0506', 0)]);

  test('§2.6.14 an engaged unit that engages none of its engagers must face: other actions are refused', () => {
    const s = act(rearAttack(), 'b', []).state;
    expect(forcedAction(s, 'b')).toMatchObject({ types: ['face'] });
    const r = apply(s, 'blue', { type: 'pass', piece: 'b' });
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'mustFace', section: '§2.6.14' });
    const legal = legalActions(s, 'blue', 'b');
    expect(legal.find((l) => l.type === 'face')?.allowed).toBe(true);
    expect(legal.find((l) => l.type === 'pass')).toMatchObject({ allowed: false, rejection: { code: 'mustFace' } });
  });

  test('§2.6.14 the unit turns as its player likes, provided it engages one of its engagers', () => {
    const s = act(rearAttack(), 'b', []).state;
    const options = faceOptions(s, 'blue', 'b');
    expect(options).toContain(6);
    expect(options).not.toContain(0);
    const bad = apply(s, 'blue', { type: 'face', piece: 'b', facing: 0 });
    expect(bad.ok ? null : bad.rejection.code).toBe('faceMustEngage');
  });

  test('§2.6.14 after facing, the unit takes an attack engagement test and its activation ends', () => {
    const s = act(rearAttack(), 'b', []).state;
    const r = apply(s, 'blue', { type: 'face', piece: 'b', facing: 6 }, { dice: fixedDice([2, 2]) });
    expect(r.ok && u(r.state, 'b').facing).toBe(6);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(expect.arrayContaining(['faced', 'test', 'activationEnded']));
    expect(r.ok && r.state.activation).toBeNull();
  });

  test('§2.6.14 a routed unit need not face; a unit already engaging an engager that engages it may not', () => {
    const routed = rearAttack();
    u(routed, 'b').cohesion = 'routed';
    const r = apply(act(routed, 'b', []).state, 'blue', { type: 'face', piece: 'b', facing: 6 });
    expect(r.ok ? null : r.rejection.code).toBe('routedNeverFaces');
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6), unit('r2', 'red', '0506', 0)]);
    const back = apply(act(s, 'b', [1, 1]).state, 'blue', { type: 'face', piece: 'b', facing: 6 });
    expect(back.ok ? null : back.rejection.code).toBe('alreadyEngagingBack');
  });
});

describe('§2.9.1 forced actions', () => {
  test('§2.9.1 a routed unit that can rally must rally', () => {
    const s = game([unit('b', 'blue', '0505', 0, { profiles: { ...unit('x', 'blue', '0101', 0).profiles!, morale: { class: 'elite', capacity: 'ordinary' } } }), unit('r', 'red', '0101', 6)]);
    u(s, 'b').cohesion = 'routed';
    const a = act(s, 'b', []).state;
    expect(forcedAction(a, 'b')).toMatchObject({ types: ['rally'], reason: { code: 'mustRally' } });
    const r = apply(a, 'blue', { type: 'pass', piece: 'b' });
    expect(r.ok ? null : r.rejection.code).toBe('mustRally');
  });

  test('§2.9.1 a routed unit that cannot rally must flee', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]);
    u(s, 'b').cohesion = 'routed';
    expect(forcedAction(s, 'b')).toMatchObject({ types: ['flee'], reason: { code: 'mustFlee' } });
  });

  test('§2.9.1 a charging unit that is engaged must fight; one not engaged, without special order, carries on its charge', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    u(s, 'b').shock = 'charge';
    expect(forcedAction(s, 'b')).toMatchObject({ types: ['shock'] });
    const free = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]);
    u(free, 'b').shock = 'charge';
    expect(forcedAction(free, 'b')).toMatchObject({ types: ['move', 'shock'], reason: { code: 'mustKeepCharging' } });
    u(free, 'b').order = 'specialOrder';
    expect(forcedAction(free, 'b')).toBeNull();
  });

  test('§2.9.1 a unit in no such case is free', () => {
    expect(forcedAction(game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]), 'b')).toBeNull();
  });
});

describe('§2.9.1 ending the turn does not skip a bound piece', () => {
  test('§2.9.1 a unit engaged without engaging back must be activated to face before the turn may end', () => {
    // Red faces south-west at 0604, engaging blue at 0505 which faces north-west and engages nobody.
    const s = game([unit('b', 'blue', '0505', 10), unit('b2', 'blue', '0909', 0), unit('r', 'red', '0604', 8)]);
    const r = apply(s, 'blue', { type: 'endTurn' });
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'boundPieceLeft', section: '§2.9.1' });
  });
});
