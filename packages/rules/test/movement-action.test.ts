import { apply, eventsFor, reachable, viewFor } from '../src';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { activated, activateAndMove } from './helpers';

const code = (r: ReturnType<typeof activateAndMove>) => (r.ok ? 'ok' : r.rejection.code);
const moveOf = (s: ReturnType<typeof game>, piece: string, steps: unknown[], mode = 'normal') =>
  apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps, mode });

describe('§2.6.3 procedure: steps into the front zone within the allowance', () => {
  // A special order frees the unit of its wing's attack directive (§2.5.5).
  const s = withOrder(game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]), 'b');

  test('§2.6.3 a large unit facing north moves into its front zone', () => {
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0504') }]))).toBe('ok');
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0604') }]))).toBe('ok');
  });

  test('§2.6.3 a step out of the front zone is refused', () => {
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0506') }]))).toBe('notFrontZone');
  });

  test('§2.6.3 a unit never spends more than its movement points', () => {
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0504') }, { to: H('0503') }]))).toBe('ok');
    const r = activateAndMove(s, 'blue', 'b', [{ to: H('0504') }, { to: H('0503') }, { to: H('0502') }]);
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'notEnoughPoints', section: '§2.6.3' });
  });

  test('§2.6.3 a step must go to an adjacent hex', () => {
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0503') }]))).toBe('notAdjacentStep');
  });

  test('§2.6.6 turning then stepping: the unit may move after reorienting, paying the cost', () => {
    // Foot: the first 30° is free, the second costs ½; then 1 for the clear hex.
    const r = activateAndMove(s, 'blue', 'b', [{ face: 2 }, { to: H('0605') }]);
    expect(r.ok && r.state.units[0]).toMatchObject({ hex: H('0605'), facing: 2 });
    const moved = r.ok ? r.events.find((e) => e.type === 'moved') : undefined;
    expect(moved).toMatchObject({ cost: 1.5 });
    expect(code(activateAndMove(s, 'blue', 'b', [{ face: 6 }, { to: H('0506') }]))).toBe('notEnoughPoints');
  });

  test('§2.6.6 two reorientations need a hex between them', () => {
    expect(code(activateAndMove(s, 'blue', 'b', [{ face: 1 }, { face: 2 }]))).toBe('reorientTwice');
    expect(code(activateAndMove(s, 'blue', 'b', [{ face: 1 }, { to: H('0604') }, { face: 2 }]))).toBe('ok');
  });
});

describe('§2.6.4 extra movement and §2.6.5 minimal movement', () => {
  test('§2.6.4 a troop needs a special order for extra movement', () => {
    const s = game([unit('b', 'blue', '0505', 0)]);
    expect(code(activateAndMove(s, 'blue', 'b', [{ to: H('0504') }], 'extra'))).toBe('extraNeedsOrder');
  });

  test('§2.6.4 a character may add 50% and loses a level of breath', () => {
    const s = game([unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' })]);
    const r = moveOf(s, 'c', [{ to: H('0504') }, { to: H('0503') }, { to: H('0502') }], 'extra');
    expect(r.ok && r.state.units[0]).toMatchObject({ hex: H('0502'), breath: 'winded' });
    expect(r.ok && r.events.map((e) => e.type)).toContain('breathChanged');
  });

  test('§2.6.5 cavalry enters a forest only by minimal movement, one hex, losing breath', () => {
    const s = game([unit('cav', 'blue', '0505', 0, { profiles: profiles('equestrian') })], { terrain: { difficult: ['0504'] } });
    expect(code(moveOf(s, 'cav', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    const r = moveOf(s, 'cav', [{ to: H('0504') }], 'minimal');
    expect(r.ok && r.state.units[0]).toMatchObject({ hex: H('0504'), breath: 'winded' });
    expect(code(moveOf(s, 'cav', [{ to: H('0504') }, { to: H('0503') }], 'minimal'))).toBe('minimalOneHex');
  });

  test('§2.6.5 a unit with no movement point still moves one hex by minimal movement', () => {
    const s = game([unit('cart', 'blue', '0505', 0, { profiles: profiles('wheeled', 'inferior') })]);
    expect(code(moveOf(s, 'cart', [{ to: H('0504') }]))).toBe('needsMinimalMovement');
    expect(code(moveOf(s, 'cart', [{ to: H('0504') }], 'minimal'))).toBe('ok');
  });

  test('§2.6.5 minimal movement only where the allowance cannot pay: a 2-MP pedestrian may not take it into a hex it can afford', () => {
    const s = game([unit('b', 'blue', '0505', 0)], { terrain: { rough: ['0503'] } });
    expect(code(moveOf(s, 'b', [{ to: H('0504') }], 'minimal'))).toBe('minimalNotNeeded');
    expect(code(moveOf(s, 'b', [{ to: H('0504') }]))).toBe('ok');
  });

  test('§2.6.5–2.6.6 minimal movement pays the turn to face the hex; after entering, the allowance is spent: only a free turn', () => {
    const s = game([unit('cart', 'blue', '0505', 0, { profiles: profiles('wheeled', 'inferior') })]);
    // The hex behind needs a turn the cart (no movement point) could not pay either: both come with the one hex.
    expect(code(moveOf(s, 'cart', [{ face: 6 }, { to: H('0506') }], 'minimal'))).toBe('ok');
    expect(code(moveOf(s, 'cart', [{ to: H('0504') }, { face: 6 }], 'minimal'))).toBe('notEnoughPoints');
  });

  test('§2.6.4–2.6.5 an exhausted unit may use neither', () => {
    const s = game([unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' })]);
    s.units[0].breath = 'exhausted';
    expect(code(moveOf(s, 'c', [{ to: H('0504') }], 'extra'))).toBe('exhaustedNoExtra');
    expect(code(moveOf(s, 'c', [{ to: H('0504') }], 'minimal'))).toBe('exhaustedNoExtra');
  });
});

describe('§2.3.1 stacking and §2.6.7 crossing friends', () => {
  const inferior = { ...profiles(), command: { class: 'regular' as const, capacity: 'inferior' as const } };

  test('Fiche 000 Empilement: a large unit with an inferior command profile stacks with small units only, at every step', () => {
    const s = game([unit('a', 'blue', '0505', 0), unit('x', 'blue', '0504', 0, { profiles: inferior }), unit('c', 'blue', '0503', 6, { kind: 'character', size: 'small' })]);
    expect(code(moveOf(s, 'a', [{ to: H('0504') }]))).toBe('stackingInferior');
    expect(code(moveOf(s, 'a', [{ to: H('0504') }, { to: H('0503') }]))).toBe('stackingInferior');
    expect(reachable(activated(s, 'blue', 'a'), 'blue', 'a').some((r) => r.hex === H('0504') || r.hex === H('0503'))).toBe(false);
    // A small unit may join it; and it may join no large unit itself.
    expect(code(moveOf(s, 'c', [{ to: H('0504') }]))).toBe('ok');
    const t = game([unit('x', 'blue', '0505', 0, { profiles: inferior }), unit('a', 'blue', '0504', 0)]);
    expect(code(moveOf(t, 'x', [{ to: H('0504') }]))).toBe('stackingInferior');
  });

  test('§2.3.1 a large unit cannot pass through a hex already holding two large friends (10 points at every step)', () => {
    const s = game([unit('a', 'blue', '0505', 0), unit('x', 'blue', '0504', 0), unit('y', 'blue', '0504', 0)]);
    expect(code(moveOf(s, 'a', [{ to: H('0504') }]))).toBe('stackingLimit');
  });

  test('§2.6.7 crossing a friendly large unit costs 1 more', () => {
    const s = game([unit('a', 'blue', '0505', 0, { profiles: profiles('pedestrian', 'advantaged') }), unit('x', 'blue', '0504', 0)]);
    const r = moveOf(s, 'a', [{ to: H('0504') }, { to: H('0503') }]);
    expect(r.ok && r.events.find((e) => e.type === 'moved')).toMatchObject({ cost: 3, allowance: 3 });
  });

  test('§2.3.1 a unit that moves forward into a stack goes to the back, with the stack’s orientation', () => {
    const s = game([unit('a', 'blue', '0505', 0), unit('x', 'blue', '0504', 0)]);
    const r = moveOf(s, 'a', [{ to: H('0504') }]);
    const [a, x] = r.ok ? r.state.units : [];
    expect(a.stackRank).toBeGreaterThan(x.stackRank);
  });

  test('§2.3.1 a large unit stopping on large units facing elsewhere turns to match and loses cohesion', () => {
    const s = game([unit('a', 'blue', '0505', 0), unit('x', 'blue', '0504', 1)]);
    const r = moveOf(s, 'a', [{ to: H('0504') }]);
    expect(r.ok && r.state.units[0]).toMatchObject({ facing: 1, cohesion: 'shaken' });
  });

  test('§2.3.1 never stack with the enemy', () => {
    const s = game([unit('a', 'blue', '0505', 0), unit('r', 'red', '0503', 9)]);
    s.units[1].cohesion = 'routed';
    expect(code(moveOf(s, 'a', [{ face: 0 }]))).not.toBe('enemyInHex');
  });
});

describe('§2.6.8 contact with the enemy and §2.6.11 the movement action', () => {
  test('§2.6.11 an engaged unit may not take a movement action', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    expect(code(moveOf(s, 'b', [{ face: 1 }]))).toBe('engagedMayNotMove');
  });

  test('§2.6 a routed unit may not take a movement action', () => {
    const s = game([unit('b', 'blue', '0505', 0)]);
    s.units[0].cohesion = 'routed';
    expect(code(moveOf(s, 'b', [{ to: H('0504') }]))).toBe('routedMayNotMove');
  });

  test('§2.6.8 the move ends as soon as the unit becomes engaged, and it takes a contact marker', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r', 'red', '0504', 6)]);
    expect(code(moveOf(s, 'b', [{ to: H('0506') }, { to: H('0505') }, { face: 1 }]))).toBe('moveEnded');
    const r = moveOf(s, 'b', [{ to: H('0506') }, { to: H('0505') }]);
    expect(r.ok && r.state.units[0]).toMatchObject({ hex: H('0505'), shock: 'contact' });
  });

  test('§2.6.8 a unit may not end up engaged by an enemy it does not engage back', () => {
    // Red faces south-west at 0604, so 0505 is in its front zone; blue arriving facing north-west does not face it.
    const s = game([unit('b', 'blue', '0506', 10), unit('r', 'red', '0604', 8)]);
    expect(code(moveOf(s, 'b', [{ to: H('0505') }]))).toBe('engagedWithoutEngaging');
  });

  test('§2.6.8 a unit may not be adjacent to the enemy without engaging any', () => {
    // Red faces north at 0504: blue comes to 0505, behind it, facing south — adjacent, engaging nobody.
    const s = game([unit('b', 'blue', '0605', 8), unit('r', 'red', '0504', 0)]);
    expect(code(moveOf(s, 'b', [{ to: H('0505') }]))).toBe('adjacentWithoutEngaging');
  });

  test('§2.3.2 a shaken unit may not deliberately become engaged', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0504', 6)]);
    s.units[0].cohesion = 'shaken';
    expect(code(moveOf(s, 'b', [{ to: H('0505') }]))).toBe('shakenMayNotBeEngaged');
  });

  test('§2.6.8 engaging without being engaged ends a troop’s move, but a character may go on while it keeps engaging', () => {
    // Red faces north at 0504; blue reaches its rear at 0505 facing north: it engages red, red does not engage it.
    const troop = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0504', 0)]);
    expect(code(moveOf(troop, 'b', [{ to: H('0505') }, { to: H('0404') }]))).toBe('moveEnded');
    const hero = game([unit('c', 'blue', '0506', 0, { kind: 'character', size: 'small', profiles: profiles('pedestrian', 'superior') }), unit('r', 'red', '0504', 0)]);
    expect(code(moveOf(hero, 'c', [{ to: H('0505') }, { to: H('0404') }]))).toBe('ok');
    expect(code(moveOf(hero, 'c', [{ to: H('0505') }, { to: H('0506') }]))).toBe('mustKeepEngaging');
  });
});

describe('Fiche mécanismes communs — hidden units (Caches) and decoys (Leurres) on the move', () => {
  test('a move that comes next to a hidden enemy reveals it and stops there', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r', 'red', '0504', 6, { hidden: true })]);
    const r = moveOf(s, 'b', [{ to: H('0506') }, { to: H('0505') }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.units[0].hex).toBe(H('0505'));
    expect(r.events.map((e) => e.type)).toEqual(expect.arrayContaining(['moved', 'revealed']));
    const revealedView = viewFor(r.state, 'blue');
    expect(revealedView.units.map((u) => u.id)).toContain('r');
  });

  test('the path is cut where the cover is first seen: steps beyond it are refused by the preview and the verdict alike', () => {
    const s = game([unit('b', 'blue', '0508', 0, { profiles: profiles('pedestrian', 'superior') }), unit('r', 'red', '0504', 6, { hidden: true })]);
    const r = moveOf(s, 'b', [{ to: H('0507') }, { to: H('0506') }, { to: H('0505') }, { to: H('0404') }]);
    expect(r.ok ? 'ok' : r.rejection.code).toBe('moveEnded');
    const arrivals = reachable(activated(s, 'blue', 'b'), 'blue', 'b');
    expect(arrivals.find((a) => a.hex === H('0505'))?.ends).toBe('reveal');
    expect(arrivals.some((a) => a.hex === H('0504'))).toBe(false);
  });

  test('what a mover may do never depends on what a cover hides: a hidden unit and a decoy give the same answers', () => {
    const withUnit = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0504', 6, { hidden: true }), unit('r2', 'red', '0901', 6, { hidden: true })]);
    const withDecoy = game([unit('b', 'blue', '0508', 0), unit('r2', 'red', '0901', 6, { hidden: true })], {}, [{ id: 'd', side: 'red', hex: '0504', facing: 6, mimic: 'r2' }]);
    const preview = (s: typeof withUnit) => reachable(activated(s, 'blue', 'b'), 'blue', 'b').map((a) => [a.hex, a.facing, a.cost, a.ends]);
    expect(preview(withUnit)).toEqual(preview(withDecoy));
    const into = [{ to: H('0507') }, { to: H('0506') }, { to: H('0505') }];
    expect(code(moveOf(withUnit, 'b', into))).toBe(code(moveOf(withDecoy, 'b', into)));
  });

  test('a decoy seen by an enemy unit is revealed and removed, and the move stops', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r2', 'red', '0901', 6, { hidden: true })], {}, [{ id: 'd', side: 'red', hex: '0504', facing: 6, mimic: 'r2' }]);
    const r = moveOf(s, 'b', [{ to: H('0506') }, { to: H('0505') }]);
    expect(r.ok && r.state.decoys).toEqual([]);
    expect(r.ok && r.events.map((e) => e.type)).toContain('decoyRemoved');
  });

  test('a hidden unit that moves next to an enemy unit is revealed', () => {
    const s = game([unit('h', 'blue', '0507', 0, { hidden: true }), unit('r', 'red', '0504', 6)]);
    const r = moveOf(s, 'h', [{ to: H('0506') }, { to: H('0505') }]);
    expect(r.ok && r.state.units[0]).toMatchObject({ hidden: false, hex: H('0505') });
  });

  test('the opponent hears of a hidden unit’s move only as its cover moving', () => {
    const s = withOrder(game([unit('h', 'blue', '0508', 0, { hidden: true }), unit('r', 'red', '0101', 6)]), 'h');
    const r = moveOf(s, 'h', [{ to: H('0507') }]);
    if (!r.ok) throw new Error(r.rejection.code);
    const told = JSON.stringify(eventsFor(r.events, 'red'));
    expect(told).not.toContain('"h"');
    expect(eventsFor(r.events, 'red').map((e) => e.type)).toEqual(['coverMoved', 'activationEnded', 'sideTurnEnded']);
    expect(eventsFor(r.events, 'blue').map((e) => e.type)).toEqual(['moved', 'activationEnded', 'sideTurnEnded']);
    expect(eventsFor(r.events, 'spectator').map((e) => e.type)).toEqual(['coverMoved', 'activationEnded', 'sideTurnEnded']);
  });
});

describe('§2.3.1 a move ending in a stack settles its orientation', () => {
  const joining = (morale?: 'magic') => {
    const s = withOrder(game([unit('b', 'blue', '0505', 0), unit('f', 'blue', '0504', 2), unit('r', 'red', '0101', 6)]), 'b');
    if (morale) s.units[0].profiles.morale.class = morale;
    const r = activateAndMove(s, 'blue', 'b', [{ to: H('0504') }]);
    if (!r.ok) throw new Error(r.rejection.code);
    return r;
  };

  test('§2.3.1 a large unit stopping on large friends facing elsewhere turns to match and loses a level of cohesion, with its event', () => {
    const r = joining();
    expect(r.state.units[0]).toMatchObject({ hex: H('0504'), facing: 2, cohesion: 'shaken' });
    expect(r.events.find((e) => e.type === 'stackAligned')).toMatchObject({ unit: 'b', facing: 2, cohesionLost: true, section: '§2.3.1' });
    expect(r.events.find((e) => e.type === 'cohesionChanged')).toMatchObject({ unit: 'b', cohesion: 'shaken' });
  });

  test('§2.8.3.3 a magical unit turns with the stack but can never be shaken', () => {
    const r = joining('magic');
    expect(r.state.units[0]).toMatchObject({ facing: 2, cohesion: 'inOrder' });
    expect(r.events.find((e) => e.type === 'stackAligned')).toMatchObject({ unit: 'b', cohesionLost: false });
  });
});
