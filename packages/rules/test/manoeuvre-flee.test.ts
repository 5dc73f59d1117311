import { apply, canFlee, fixedDice, fleeArrivals, GameState, legalActions, nearestThreats, pursue, Unit } from '../src';
import { game as field, gameWithFreeB as game, H, profiles, unit } from './fixtures';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const act = (s: GameState, piece: string, dice: number[] = []) => {
  const r = apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
};
const flee = (s: GameState, piece: string, steps: unknown[], dice: number[] = [], activationDice: number[] = [], extra: object = {}) =>
  apply(act(s, piece, activationDice), 'blue', { type: 'flee', piece, steps, ...extra }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof flee>) => (r.ok ? 'ok' : r.rejection.code);
const tests = (events: { type: string }[]) => events.filter((e) => e.type === 'test') as unknown as Array<{ test: string; subject: string; success: boolean; modifiers: { value: number }[]; natural?: string }>;

describe('§2.6.13 Action de Fuite', () => {
  const apart = () => game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0503', 6)]);

  test('§2.6.13 every hex takes it further from the nearest threat; the first reorientation is free', () => {
    const r = flee(apart(), 'b', [{ face: 6 }, { to: H('0506') }, { to: H('0507') }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: H('0507'), facing: 6 });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'fled', unit: 'b', cost: 2 }));
  });

  test('§2.6.13 a hex that comes nearer the threat is refused', () => {
    expect(code(flee(apart(), 'b', [{ to: H('0504') }]))).toBe('fleeNotAway');
    const far = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0502', 6)]);
    expect(code(flee(far, 'b', [{ to: H('0504') }]))).toBe('fleeNotAway');
  });

  test('§2.6.13 never through a hex where it would be engaged', () => {
    // Two nearest threats at 1 MP; fleeing r southwards would walk into r2's front.
    const s = game([unit('b', 'blue', '0505', 6), unit('r', 'red', '0503', 6), unit('r2', 'red', '0507', 0)]);
    expect(code(flee(s, 'b', [{ to: H('0506') }], [], [], { threat: 'r' }))).toBe('fleeEngaged');
    expect(code(flee(s, 'b', [{ to: H('0506') }], [], [], { threat: 'b' }))).toBe('notAThreat');
  });

  test('§2.6.13 the front of a stack with a unit behind may not flee', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('f', 'blue', '0505', 0), unit('r', 'red', '0502', 6)]);
    const front = [...s.units].filter((x) => x.hex === H('0505')).sort((a, b) => a.stackRank - b.stackRank)[0];
    const r = flee(s, front.id, [{ face: 6 }, { to: H('0506') }]);
    expect(code(r)).toBe('fleeFrontOfStack');
  });

  test('§2.6.13, §2.6.14.1, §2.6.13.1 fleeing an engagement: disengagement test (+1 flight), then each engager\'s discipline test', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    // Disengagement 1+1 passes; red's discipline test: natural 12 always fails → red takes a charge marker.
    const r = flee(s, 'b', [{ face: 6 }, { to: H('0506') }, { to: H('0507') }], [1, 1, 6, 6]);
    const t = r.ok ? tests(r.events) : [];
    expect(t.map((x) => [x.test, x.subject, x.success])).toEqual([
      ['disengagement', 'b', true],
      ['discipline', 'r', false],
    ]);
    expect(t[0].modifiers.map((m) => m.value)).toEqual([1]);
    expect(t[1]).toMatchObject({ natural: 'failure' });
    expect(t[1].modifiers.map((m) => m.value)).toEqual([-1]);
    expect(r.ok && u(r.state, 'r').shock).toBe('charge');
  });

  test('§2.6.13.1 shaken or exhausted engagers do not test', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    u(s, 'r').breath = 'exhausted';
    const r = flee(s, 'b', [{ face: 6 }, { to: H('0506') }]);
    // An exhausted engager owes no disengagement test either (§2.6.14.1).
    expect(r.ok && tests(r.events)).toEqual([]);
  });

  test('§2.6.13 the preview lists the flights; none toward the threat', () => {
    const arrivals = fleeArrivals(act(apart(), 'b'), 'blue', 'b');
    expect(arrivals.length).toBeGreaterThan(0);
    expect(arrivals.every((a) => a.threat === 'r')).toBe(true);
    expect(arrivals.some((a) => a.hex === H('0504'))).toBe(false);
    expect(canFlee(apart(), u(apart(), 'b'))).toBe(true);
  });

  test('§2.6.10 a routed unit fleeing off the map is gone for good', () => {
    // A routed unit flees whatever its orders (§2.5.1); without a special order it may not rally instead (§2.8.4).
    const s = field([unit('b', 'blue', '0501', 0), unit('r', 'red', '0503', 0)]);
    u(s, 'b').cohesion = 'routed';
    // Its wing then takes a demoralisation test (§2.5.10.2): two more dice.
    const r = flee(s, 'b', [{ exit: 0 }], [1, 1], [1, 1, 1, 1, 1, 1]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ destroyed: true, hex: -1 });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'leftMap', unit: 'b', final: true }));
  });

  test('legalActions gives the flight verdict', () => {
    expect(legalActions(act(apart(), 'b'), 'blue', 'b').find((a) => a.type === 'flee')).toMatchObject({ allowed: true });
  });
});

describe('§2.3.1 fleeing out of, through and into stacks', () => {
  const crossings = (events: { type: string }[]) => tests(events).filter((t) => t.test === 'crossing');
  const cavalry = { type: 'cavalry', profiles: profiles('equestrian', 'superior') };

  test('§2.3.1.1, §2.3.1.2 the back of a stack fleeing forward crosses the front: 1 MP more, and both test once it has left', () => {
    // k is the front, b the back, both facing south, away from the threat.
    const s = game([unit('k', 'blue', '0505', 6), unit('b', 'blue', '0505', 6), unit('r', 'red', '0502', 6)]);
    const r = flee(s, 'b', [{ to: H('0506') }], [1, 1, 2, 2]);
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'fled', unit: 'b', cost: 2 }));
    expect(r.ok && crossings(r.events).map((t) => [t.subject, t.success])).toEqual([
      ['b', true],
      ['k', true],
    ]);
    expect(r.ok && crossings(r.events)[0].modifiers.map((m) => m.value)).toEqual([1]);
    // Pedestrian, 2 MP: the crossing leaves no point for a second hex.
    expect(code(flee(s, 'b', [{ to: H('0506') }, { to: H('0507') }]))).toBe('notEnoughPoints');
  });

  test('§2.3.1.1 the back of a stack turning about and fleeing backward crosses no one', () => {
    const s = game([unit('k', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('r', 'red', '0502', 6)]);
    const r = flee(s, 'b', [{ face: 6 }, { to: H('0506') }, { to: H('0507') }]);
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'fled', unit: 'b', cost: 2 }));
    expect(r.ok && crossings(r.events)).toEqual([]);
  });

  test('§2.3.1.2 fleeing through a friendly large unit: both test, every modifier, facing judged as it left the hex', () => {
    const s = game([unit('b', 'blue', '0505', 6, cavalry), unit('k', 'blue', '0506', 2), unit('r', 'red', '0502', 6)]);
    const r = flee(s, 'b', [{ to: H('0506') }, { to: H('0507') }], [1, 1, 1, 1]);
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'fled', unit: 'b', cost: 2 }));
    const t = r.ok ? crossings(r.events) : [];
    expect(t.map((x) => x.subject)).toEqual(['b', 'k']);
    // Different types, different movement classes, one large unit crossed, facings 120° apart.
    expect(t[0].modifiers.map((m) => m.value)).toEqual([1, 1, 1, 2]);
  });

  test('§2.3.1 a flight ending on large units facing elsewhere turns the unit to match, for a level of cohesion', () => {
    const s = game([unit('b', 'blue', '0505', 6), unit('k', 'blue', '0506', 0), unit('r', 'red', '0502', 6)]);
    const r = flee(s, 'b', [{ to: H('0506') }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: H('0506'), facing: 0, cohesion: 'shaken' });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'stackAligned', unit: 'b', facing: 0, cohesionLost: true }));
  });

  test('sheet 000 Orientation: a large unit fleeing onto small units only turns them', () => {
    const s = game([unit('b', 'blue', '0505', 6), unit('c', 'blue', '0506', 0, { kind: 'character', size: 'small' }), unit('r', 'red', '0502', 6)]);
    const r = flee(s, 'b', [{ to: H('0506') }]);
    expect(r.ok && [u(r.state, 'b').facing, u(r.state, 'c').facing, u(r.state, 'b').cohesion]).toEqual([6, 6, 'inOrder']);
  });

  test('§2.6.13, §2.3.1.3 no flight may end where the stack\'s facing would leave it engaged', () => {
    // At the back of k's stack, facing north, b would have r2 on its rear; facing south it would not.
    const s = game([unit('b', 'blue', '0505', 6), unit('k', 'blue', '0506', 0), unit('r', 'red', '0503', 6), unit('r2', 'red', '0507', 0)]);
    expect(code(flee(s, 'b', [{ to: H('0506') }], [], [], { threat: 'r' }))).toBe('fleeEngaged');
    expect(fleeArrivals(act(s, 'b'), 'blue', 'b').some((a) => a.hex === H('0506'))).toBe(false);
    u(s, 'k').facing = 6;
    expect(code(flee(s, 'b', [{ to: H('0506') }], [], [], { threat: 'r' }))).toBe('ok');
  });
});

describe('§2.6.10 off the map: threat, return, pursuit', () => {
  const gone = () => {
    const s = game([unit('b', 'blue', '0510', 0), unit('b2', 'blue', '0101', 0), unit('r', 'red', '0501', 6)]);
    Object.assign(u(s, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    return s;
  };

  test('§2.6.10 the turn it left, it still counts as a threat from behind its exit hexside', () => {
    const s2 = game([unit('b', 'blue', '0510', 0), unit('r', 'red', '0508', 6)]);
    Object.assign(u(s2, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    expect(nearestThreats(s2, u(s2, 'r')).units.map((x) => x.id)).toEqual(['b']);
    s2.turn = 2;
    expect(nearestThreats(s2, u(s2, 'r')).units).toEqual([]);
  });

  test('§2.6.10.2 a later turn, 2D6 ≤ 4 brings it back next to its exit point, activated', () => {
    const s = gone();
    s.turn = 2;
    const r = apply(s, 'blue', { type: 'returnToMap', piece: 'b', to: H('0510') }, { dice: fixedDice([1, 3]) });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: H('0510'), facing: 0, order: 'activated' });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'returned', unit: 'b' }));
    const failed = apply(s, 'blue', { type: 'returnToMap', piece: 'b', to: H('0510') }, { dice: fixedDice([2, 3]) });
    expect(failed.ok && u(failed.state, 'b')).toMatchObject({ hex: -1, order: 'activated' });
  });

  test('§2.6.10.2 not the turn it left, and only through the hexsides next to its exit', () => {
    const s = gone();
    const soon = apply(s, 'blue', { type: 'returnToMap', piece: 'b', to: H('0510') });
    expect(soon.ok ? 'ok' : soon.rejection.code).toBe('returnTooSoon');
    s.turn = 2;
    const far = apply(s, 'blue', { type: 'returnToMap', piece: 'b', to: H('0110') });
    expect(far.ok ? 'ok' : far.rejection.code).toBe('returnHex');
  });

  test('§2.6.10.1 pursuit: the pursued tests first and is destroyed on failure', () => {
    const s = game([unit('b', 'blue', '0510', 0), unit('r', 'red', '0508', 6, { profiles: profiles('equestrian') })]);
    Object.assign(u(s, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    const events = pursue(s, u(s, 'r'), u(s, 'b'), fixedDice([6, 6]));
    expect(u(s, 'b').destroyed).toBe(true);
    const t = tests(events);
    expect(t).toHaveLength(1);
    // Slower than the cavalry pursuing it: +2.
    expect(t[0].modifiers.map((m) => m.value)).toContain(2);
    expect(u(s, 'r').offMap).toEqual({ hex: H('0510'), dir: 3, turn: 1 });
  });

  test('§2.6.10.1 pursuit: a pursued unit that passes and is not routed makes the pursuer test', () => {
    const s = game([unit('b', 'blue', '0510', 0), unit('r', 'red', '0508', 6)]);
    Object.assign(u(s, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    const events = pursue(s, u(s, 'r'), u(s, 'b'), fixedDice([1, 1, 6, 6]));
    expect(tests(events).map((t) => [t.subject, t.success])).toEqual([
      ['b', true],
      ['r', false],
    ]);
    expect(u(s, 'r').destroyed).toBe(true);
  });
});
