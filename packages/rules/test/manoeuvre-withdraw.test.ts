import { apply, eventsFor, fixedDice, GameState, legalActions, Unit, withdrawOptions } from '../src';
import { gameWithFreeB as game, H, profiles, unit, withOrder } from './fixtures';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const act = (s: GameState, piece: string, dice: number[] = []) => {
  const r = apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
};
const withdraw = (s: GameState, piece: string, target: object, dice: number[] = [], activationDice: number[] = []) =>
  apply(act(s, piece, activationDice), 'blue', { type: 'withdraw', piece, ...target }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof withdraw>) => (r.ok ? 'ok' : r.rejection.code);
const tests = (events: { type: string }[]) => events.filter((e) => e.type === 'test') as unknown as Array<{ test: string; success: boolean; modifiers: { value: number; section: string }[] }>;

describe('§2.6.12 Action de Repli', () => {
  // Blue faces north, red faces south next to it: each engages the other from the front.
  const engaged = () => game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);

  test('§2.6.12 one hex into the rear zone, facing unchanged; no test against an unmarked front engager', () => {
    const r = withdraw(engaged(), 'b', { to: H('0506') });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: H('0506'), facing: 0 });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'withdrew', unit: 'b', from: H('0505'), to: H('0506'), minimal: false }));
    expect(r.ok && tests(r.events)).toEqual([]);
  });

  test('§2.6.12 the front zone is not a withdrawal hex', () => {
    expect(code(withdraw(engaged(), 'b', { to: H('0504') }))).toBe('withdrawNotRear');
    expect(code(withdraw(engaged(), 'b', { to: H('0604') }))).toBe('withdrawNotRear');
  });

  test('§2.6.12 sheet 000: a unit with only a front zone withdraws into any of its six hexes', () => {
    const s = game([unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' }), unit('r', 'red', '0502', 6)]);
    expect(withdrawOptions(act(s, 'c'), 'blue', 'c').filter((o) => o.allowed)).toHaveLength(6);
  });

  test('§2.6.12 engaged, it must engage one of its engagers', () => {
    const s = game([unit('b', 'blue', '0505', 6), unit('r', 'red', '0504', 6)]);
    expect(code(withdraw(s, 'b', { to: H('0504') }))).toBe('mustEngageEngager');
  });

  test('§2.6.12 never into a hex where it would be engaged from the flank or rear', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6), unit('r2', 'red', '0507', 0)]);
    expect(code(withdraw(s, 'b', { to: H('0506') }))).toBe('withdrawExposed');
  });

  test('§2.6.12 short of points, minimal movement and a level of breath', () => {
    const s = game([unit('b', 'blue', '0505', 0, { profiles: profiles('equestrian') }), unit('r', 'red', '0501', 6)], { terrain: { difficult: ['0506'] } });
    const r = withdraw(s, 'b', { to: H('0506') });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: H('0506'), breath: 'winded' });
    u(s, 'b').breath = 'exhausted';
    expect(code(withdraw(s, 'b', { to: H('0506') }))).toBe('withdrawNeedsBreath');
  });

  test('sheet 000 Unité Devant: withdrawing into a stack puts the unit on top', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('f', 'blue', '0506', 0), unit('r', 'red', '0501', 6)]);
    const r = withdraw(s, 'b', { to: H('0506') });
    expect(r.ok && u(r.state, 'b').stackRank).toBeLessThan(r.ok ? u(r.state, 'f').stackRank : 0);
  });

  test('sheet 000 Orientation: without reorienting, it may not join large units facing elsewhere', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('f', 'blue', '0506', 6), unit('r', 'red', '0501', 6)]);
    expect(code(withdraw(s, 'b', { to: H('0506') }))).toBe('withdrawStackFacing');
  });

  test('§2.6.12 a routed unit may not withdraw; §2.6.9 nor a charging one without special order', () => {
    const s = engaged();
    u(s, 'b').shock = 'charge';
    u(s, 'b').order = 'none';
    // Engaged and charging, it is bound to fight (§2.9.1) before the charge's own ban (§2.6.9) is even asked.
    expect(['mustShock', 'chargeNoRetreat']).toContain(code(withdraw(s, 'b', { to: H('0506') }, [], [1, 1, 1, 1])));
    const routed = engaged();
    routed.units[0].cohesion = 'routed';
    expect(withdrawOptions(routed, 'blue', 'b').every((o) => o.rejection?.code === 'routedMustFlee')).toBe(true);
  });

  test('§2.6.14.1 an engager with a contact marker makes it test, +1; failure costs a level of cohesion', () => {
    const s = engaged();
    u(s, 'r').shock = 'contact';
    // Activation's defensive engagement test passes on 1+1; the disengagement test fails on 6+6.
    const r = withdraw(s, 'b', { to: H('0506') }, [6, 6], [1, 1]);
    const t = r.ok ? tests(r.events) : [];
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ test: 'disengagement', success: false });
    expect(t[0].modifiers.map((m) => m.value)).toEqual([1]);
    expect(r.ok && u(r.state, 'b').cohesion).toBe('shaken');
  });

  test('§2.6.14.1 engaged from the flank by an in-order enemy: one test, every modifier', () => {
    // Cavalry facing a vertex (NNE): red ahead engages it from the front, red at its NW from its flank.
    const s = game([unit('b', 'blue', '0505', 1, { profiles: profiles('equestrian') }), unit('r', 'red', '0504', 6), unit('r2', 'red', '0404', 4)]);
    const r = withdraw(s, 'b', { to: H('0506') }, [1, 1], [1, 1, 1, 1]);
    const t = r.ok ? tests(r.events) : [];
    expect(t).toHaveLength(1);
    // Faster than every engager (3 MP against 2): −2; engaged from the flank: +1.
    expect(t[0].modifiers.map((m) => m.value).sort()).toEqual([-2, 1]);
    expect(t[0].modifiers.every((m) => m.section === '§2.6.14.1')).toBe(true);
  });

  test('§2.6.10 a withdrawal may leave the map across an edge hexside', () => {
    const s = game([unit('b', 'blue', '0510', 0), unit('r', 'red', '0509', 6)]);
    const r = withdraw(s, 'b', { exit: 3 });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'leftMap', unit: 'b', final: false }));
    expect(code(withdraw(engaged(), 'b', { exit: 3 }))).toBe('exitNotEdge');
  });

  test('fog: a hidden unit withdrawing shows the others only its cover moving', () => {
    const s = game([unit('b', 'blue', '0505', 0, { hidden: true }), unit('r', 'red', '0501', 6)]);
    const r = withdraw(s, 'b', { to: H('0506') });
    const red = r.ok ? eventsFor(r.events, 'red').map((e) => e.type) : [];
    expect(red).toContain('coverMoved');
    expect(red).not.toContain('withdrew');
    expect(r.ok && eventsFor(r.events, 'blue').map((e) => e.type)).toContain('withdrew');
  });

  test('legalActions gives the withdrawal verdict', () => {
    const la = legalActions(act(engaged(), 'b'), 'blue', 'b');
    expect(la.find((a) => a.type === 'withdraw')).toMatchObject({ allowed: true });
  });
});

describe('§2.3.1 withdrawing out of and into stacks', () => {
  const crossings = (events: { type: string }[]) => tests(events).filter((t) => t.test === 'crossing') as unknown as Array<{ subject: string; success: boolean; modifiers: { value: number }[] }>;
  /** b at the front of a stack, k behind it, both facing north; the enemy far away. */
  const frontOfStack = (hex = '0505') => game([unit('b', 'blue', hex, 0), unit('k', 'blue', hex, 0), unit('r', 'red', '0101', 6)]);

  test('§2.3.1.1, §2.3.1.2 the front of a stack withdrawing crosses the unit behind it: both test once it has left the hex', () => {
    const r = withdraw(frontOfStack(), 'b', { to: H('0506') }, [1, 1, 2, 2]);
    expect(r.ok && crossings(r.events).map((t) => [t.subject, t.success])).toEqual([
      ['b', true],
      ['k', true],
    ]);
    // Same type, wing, movement class and facing: only the one large unit crossed.
    expect(r.ok && crossings(r.events)[0].modifiers.map((m) => m.value)).toEqual([1]);
  });

  test('§2.3.1.2 a failed crossing test costs the crossed unit a level of cohesion', () => {
    const r = withdraw(frontOfStack(), 'b', { to: H('0506') }, [1, 1, 4, 4]);
    expect(r.ok && [u(r.state, 'b').cohesion, u(r.state, 'k').cohesion]).toEqual(['inOrder', 'shaken']);
  });

  test('§2.3.1.1 the back of a stack withdraws without crossing anyone', () => {
    const s = game([unit('k', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]);
    const r = withdraw(s, 'b', { to: H('0506') });
    expect(r.ok && crossings(r.events)).toEqual([]);
  });

  test('§2.3.1.1 crossing the unit behind costs 1 MP: a withdrawal it makes too dear takes minimal movement', () => {
    // Pedestrian, 2 MP: the difficult hex costs 2, 3 with the unit crossed.
    const r = withdraw(frontOfStack(), 'b', { to: H('0506') }, [1, 1, 1, 1]);
    expect(r.ok && u(r.state, 'b').breath).toBe('fresh');
    const dear = game([unit('b', 'blue', '0505', 0), unit('k', 'blue', '0505', 0), unit('r', 'red', '0101', 6)], { terrain: { difficult: ['0506'] } });
    const alone = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)], { terrain: { difficult: ['0506'] } });
    expect(withdrawOptions(act(dear, 'b'), 'blue', 'b').find((o) => o.to === H('0506'))).toMatchObject({ allowed: true, minimal: true });
    expect(withdrawOptions(act(alone, 'b'), 'blue', 'b').find((o) => o.to === H('0506'))).toMatchObject({ allowed: true, minimal: false });
    const r2 = withdraw(dear, 'b', { to: H('0506') }, [1, 1, 1, 1]);
    expect(r2.ok && u(r2.state, 'b').breath).toBe('winded');
  });

  test('§2.3.1.2, §2.6.10 a unit withdrawing off the map out of a stack still tests, with the unit it crossed', () => {
    const r = withdraw(frontOfStack('0510'), 'b', { exit: 3 }, [1, 1, 1, 1]);
    expect(r.ok && u(r.state, 'b').hex).toBe(-1);
    expect(r.ok && crossings(r.events).map((t) => t.subject)).toEqual(['b', 'k']);
  });

  test('sheet 000 Orientation: a small unit withdrawing into a stack takes its facing; a large one turns the small units it joins', () => {
    const small = withOrder(game([unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' }), unit('k', 'blue', '0506', 2), unit('r', 'red', '0101', 6)]), 'c');
    const r = withdraw(small, 'c', { to: H('0506') });
    expect(r.ok && u(r.state, 'c').facing).toBe(2);
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'stackAligned', unit: 'c', facing: 2, cohesionLost: false }));
    const large = game([unit('b', 'blue', '0505', 0), unit('c', 'blue', '0506', 2, { kind: 'character', size: 'small' }), unit('r', 'red', '0101', 6)]);
    const r2 = withdraw(large, 'b', { to: H('0506') });
    expect(r2.ok && [u(r2.state, 'b').facing, u(r2.state, 'c').facing]).toEqual([0, 0]);
  });
});
