import { apply, fixedDice, GameState, neighbour, reachable, Unit } from '../src';
import { game, gameWithFreeB, H, profiles, unit } from './fixtures';
import { activated } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const move = (s: GameState, piece: string, steps: unknown[], extra: object = {}, dice: number[] = []) =>
  apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps, ...extra }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof move>) => (r.ok ? 'ok' : r.rejection.code);
const tests = (events: { type: string }[]) => events.filter((e) => e.type === 'test') as unknown as Array<{ test: string; subject: string; success: boolean }>;

/** Red unit 'r' left the map this turn across the south hexside of 0510. */
function rGone(s: GameState): GameState {
  Object.assign(u(s, 'r'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
  return s;
}

/** Blue 'b' two hexes from the south edge, charging southward, under its wing's attack directive; red 'r' just left the map there. */
const chase = () => {
  const s = rGone(game([unit('b', 'blue', '0508', 6), unit('r', 'red', '0301', 0)]));
  u(s, 'b').shock = 'charge';
  return s;
};

describe('§2.6.10 a movement action may leave the map', () => {
  // 'b' is free of its directive (special order): the move is judged on its own rules.
  const south = () => gameWithFreeB([unit('b', 'blue', '0508', 6), unit('r', 'red', '0101', 6)]);

  test('§2.6.10 a move step across an edge hexside of the front zone takes the unit off the map, behind that hexside', () => {
    const r = move(south(), 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'leftMap', unit: 'b', hex: H('0510'), dir: 3, final: false }));
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'moved', unit: 'b', cost: 2 }));
  });

  test('§2.6.10 only across an edge hexside, of the front zone, as the last step', () => {
    expect(code(move(south(), 'b', [{ to: H('0509') }, { exit: 3 }]))).toBe('exitNotEdge');
    const facingNorth = gameWithFreeB([unit('b', 'blue', '0510', 0), unit('r', 'red', '0101', 6)]);
    expect(code(move(facingNorth, 'b', [{ exit: 3 }]))).toBe('notFrontZone');
    expect(code(move(south(), 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }, { to: H('0509') }]))).toBe('moveEnded');
  });

  test('§2.6.10 the preview offers leaving the map, with its cost, and the move it sends is accepted', () => {
    const s = activated(south(), 'blue', 'b');
    const exits = reachable(s, 'blue', 'b').filter((a) => a.exit !== undefined);
    const out = exits.find((a) => a.hex === H('0510') && a.exit === 3)!;
    expect(out).toMatchObject({ cost: 2, ends: 'exit', charge: false });
    expect(out.steps[out.steps.length - 1]).toEqual({ exit: 3 });
    expect(out.pursues).toBeUndefined();
    expect(apply(s, 'blue', { type: 'move', piece: 'b', steps: out.steps }).ok).toBe(true);
    // Leaving is offered only from edge hexes.
    expect(exits.every((a) => a.hex === H('0510') || a.hex % 10 === 9 || a.hex % 10 === 0 || a.hex < 10 || a.hex >= 90)).toBe(true);
  });

  test('§2.6.10, §2.6.5 leaving the map can be the one hex of a minimal movement, for a level of breath', () => {
    // §2.6.5 minimal movement only where the allowance cannot pay: with no movement point, behind a friend it must cross (1, §2.3.1.1).
    const edge = gameWithFreeB([unit('b2', 'blue', '0510', 6), unit('b', 'blue', '0510', 6, { profiles: profiles('pedestrian', 'inferior') }), unit('r', 'red', '0101', 6)]);
    const r = move(edge, 'b', [{ exit: 3 }], { mode: 'minimal' }, [1, 1, 1, 1, 1, 1]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, breath: 'winded' });
    expect(code(move(south(), 'b', [{ to: H('0509') }, { exit: 3 }], { mode: 'minimal' }))).toBe('minimalNotNeeded');
    expect(code(move(gameWithFreeB([unit('b', 'blue', '0508', 6, { profiles: profiles('pedestrian', 'inferior') })]), 'b', [{ to: H('0509') }, { exit: 3 }], { mode: 'minimal' }))).toBe('minimalOneHex');
  });

  test('§2.6.10, §2.6.9 a charge marker does not leave the map: it comes off, for a level of breath', () => {
    const s = south();
    u(s, 'b').shock = 'charge';
    const r = move(s, 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, shock: 'none', breath: 'winded' });
    expect(r.ok && r.events.some((e) => e.type === 'pursuit')).toBe(false);
  });
});

describe('§2.6.10 the directive on a move that leaves the map', () => {
  test('§2.6.10, §2.6.11.1 under attack, leaving the map approaches no enemy unless one left there this turn', () => {
    const s = game([unit('b', 'blue', '0509', 6), unit('r', 'red', '0101', 6)]);
    expect(code(move(s, 'b', [{ to: H('0510') }, { exit: 3 }]))).toBe('attackMustApproach');
    expect(reachable(activated(s, 'blue', 'b'), 'blue', 'b').some((a) => a.exit !== undefined)).toBe(false);
  });

  test('§2.6.10, §2.6.11.1 the turn it left, an enemy off the map is the nearest enemy an attack movement approaches', () => {
    const s = chase();
    u(s, 'b').shock = 'none';
    // A hex that comes no nearer to its exit hexside does not approach it (one hex by minimal movement, which owes no half allowance).
    const aside = neighbour(s.board, H('0508'), 2);
    // §2.6.5: with no movement point, so that minimal movement is open.
    const slow = structuredClone(s);
    u(slow, 'b').profiles = profiles('pedestrian', 'inferior');
    expect(code(move(slow, 'b', [{ to: aside }], { mode: 'minimal' }))).toBe('attackMustApproach');
    expect(code(move(slow, 'b', [{ to: H('0509') }], { mode: 'minimal' }))).toBe('ok');
    expect(code(move(s, 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }]))).toBe('ok');
  });

  test('§2.6.10, §2.5.4 under retreat, a move leaves the map only across its retreat edge', () => {
    const retreating = (hex: string, facing: number) => {
      const s = game([unit('b', 'blue', hex, facing), unit('r', 'red', '0901', 6)]);
      s.wings.find((w) => w.id === 'blue-wing')!.directive = 'retreat';
      return s;
    };
    // Blue's retreat edge is the south one.
    expect(code(move(retreating('0310', 6), 'b', [{ exit: 3 }]))).toBe('ok');
    expect(code(move(retreating('0105', 10), 'b', [{ exit: 5 }]))).toBe('retreatMustApproachEdge');
  });
});

describe('§2.6.10–2.6.10.1 pursuit by a charge that leaves the map', () => {
  test('§2.6.10 a charging unit leaving across the hexside an enemy left by this turn pursues it; the preview says so', () => {
    const s = activated(chase(), 'blue', 'b');
    const out = reachable(s, 'blue', 'b').find((a) => a.exit === 3 && a.hex === H('0510'))!;
    expect(out).toMatchObject({ pursues: 'r', cost: 2 });
  });

  test('§2.6.10.1 the pursued unit tests first and is destroyed on failure; the pursuer takes its place and its charge comes off after', () => {
    // Pursuit test of r: 12 fails; then red's wing tests its morale for the unit lost (§2.5.10.2).
    const r = move(chase(), 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }], {}, [6, 6, 1, 1]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'pursuit', pursuer: 'b', pursued: 'r' }));
    expect(tests(r.events).map((t) => [t.test, t.subject, t.success])).toEqual([
      ['pursuit', 'r', false],
      ['demoralisation', 'red-wing', true],
    ]);
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(u(r.state, 'b')).toMatchObject({ hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 }, shock: 'none', breath: 'winded' });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('leftMap')).toBeLessThan(types.indexOf('pursuit'));
    expect(types.indexOf('pursuit')).toBeLessThan(types.indexOf('chargeLost'));
  });

  test('§2.6.10.1 a pursued unit that passes and is not routed makes the pursuer test, and risk destruction', () => {
    const r = move(chase(), 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }], {}, [1, 1, 6, 6, 1, 1]);
    expect(r.ok && tests(r.events).map((t) => [t.test, t.subject, t.success])).toEqual([
      ['pursuit', 'r', true],
      ['pursuit', 'b', false],
      ['demoralisation', 'blue-wing', true],
    ]);
    expect(r.ok && u(r.state, 'b').destroyed).toBe(true);
    expect(r.ok && u(r.state, 'r').destroyed).toBeFalsy();
  });

  test('§2.6.10.1 a routed pursued unit that passes ends the pursuit: the pursuer does not test', () => {
    const s = chase();
    u(s, 'r').cohesion = 'routed';
    const r = move(s, 'b', [{ to: H('0509') }, { to: H('0510') }, { exit: 3 }], {}, [1, 1]);
    expect(r.ok && tests(r.events).map((t) => t.subject)).toEqual(['r']);
  });

  test('§2.6.10, §2.6.9 a unit that reoriented on the way no longer charges: it leaves the map without pursuit', () => {
    const s = chase();
    Object.assign(u(s, 'b'), { hex: H('0509') });
    const r = move(s, 'b', [{ face: 7 }, { to: H('0510') }, { exit: 3 }]);
    expect(r.ok && r.events.some((e) => e.type === 'pursuit')).toBe(false);
    expect(r.ok && tests(r.events)).toEqual([]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, shock: 'none', breath: 'winded' });
  });
});
