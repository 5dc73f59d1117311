import { apply, eventsFor, fixedDice, GameState, orderOptions, Unit, viewFor } from '../src';
import { game, H, profiles, unit } from './fixtures';
import { activated, ok } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const character = (id: string, hex: string, extra = {}) => unit(id, 'blue', hex, 0, { kind: 'character', size: 'small', ...extra });
const distribute = (s: GameState, piece: string, die: number) => {
  const r = apply(activated(s, 'blue', piece), 'blue', { type: 'distributeOrders', piece }, { dice: fixedDice([die]) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r;
};
const points = (s: GameState) => s.activation?.commandPoints;

describe('§2.5.9 command points', () => {
  test('§2.5.9 1D3 × the rank multiplier: an ordinary character rolling 5 gets 3 × 3', () => {
    const s = game([character('c', '0505'), unit('b', 'blue', '0508', 0)]);
    const r = distribute(s, 'c', 5);
    expect(points(r.state)).toBe(9);
    expect(r.events.find((e) => e.type === 'commandPoints')).toMatchObject({ die: 5, rank: 'ordinary', points: 9 });
  });

  test('§2.5.9 the rank is lowered once for each of irregular, shaken, exhausted, stacked with an engaged troop', () => {
    const s = game([character('c', '0505', { profiles: { ...profiles(), command: { class: 'irregular', capacity: 'ordinary' } } })]);
    u(s, 'c').cohesion = 'shaken';
    const r = distribute(s, 'c', 6);
    expect(r.events.find((e) => e.type === 'commandPoints')).toMatchObject({ rank: 'inferior', lowered: ['irregular', 'shaken'], points: 3 });
  });

  test('§2.5.9 below inferior the character still gets 1 point, with no roll', () => {
    const s = game([character('c', '0505', { profiles: { ...profiles(), command: { class: 'regular', capacity: 'inferior' } } })]);
    u(s, 'c').breath = 'exhausted';
    const r = apply(activated(s, 'blue', 'c'), 'blue', { type: 'distributeOrders', piece: 'c' }, { dice: fixedDice([]) });
    expect(r.ok && points(r.state)).toBe(1);
  });

  test('§2.5.6 a chaotic character gives no order; §2.5.9 nor a routed one', () => {
    const s = game([character('c', '0505', { profiles: { ...profiles(), command: { class: 'chaotic', capacity: 'ordinary' } } }), character('d', '0605')]);
    expect(apply(activated(s, 'blue', 'c'), 'blue', { type: 'distributeOrders', piece: 'c' }).ok || null).toBeNull();
    u(s, 'd').cohesion = 'routed';
    const r = apply(activated(s, 'blue', 'd'), 'blue', { type: 'distributeOrders', piece: 'd' });
    expect(r.ok ? null : r.rejection.code).toBe('routedCommander');
  });
});

describe('§2.5.9 buying special orders', () => {
  const field = () =>
    game(
      [character('c', '0505'), unit('near', 'blue', '0605', 0), unit('far', 'blue', '0501', 0), unit('irr', 'blue', '0405', 0, { profiles: { ...profiles(), command: { class: 'irregular', capacity: 'ordinary' } } }), character('k', '0705'), unit('r', 'red', '0909', 0)],
      { terrain: { difficult: ['0404', '0504', '0604', '0403', '0503', '0603'] } },
    );

  test('§2.5.9 costs: 1, +1 irregular, +1 exhausted, +1 shaken, +2 routed, +1 per full band of 4 hexes (difficult hexes count 2)', () => {
    const s = field();
    u(s, 'near').breath = 'exhausted';
    u(s, 'near').cohesion = 'shaken';
    const t = distribute(s, 'c', 6).state;
    const cost = (id: string) => orderOptions(viewFor(t, 'blue'), 'blue', 'c').find((o) => o.unit === id)?.cost;
    expect(cost('near')).toBe(3);
    expect(cost('irr')).toBe(2);
    // 0505 → 0501: 0504 and 0503 count 2 each, 0502 and 0501 one each: 6 → one band.
    expect(cost('far')).toBe(2);
    u(t, 'near').cohesion = 'routed';
    expect(cost('near')).toBe(4);
  });

  test('§2.5.9 the points are spent; the activation ends when none is left, or with pass', () => {
    const s = distribute(field(), 'c', 1).state; // 1D3 = 1 → 3 points
    const after = ok(s, 'blue', { type: 'giveOrder', piece: 'c', target: 'far' });
    expect(after.state.activation?.commandPoints).toBe(1);
    expect(u(after.state, 'far').order).toBe('specialOrder');
    const dear = apply(after.state, 'blue', { type: 'giveOrder', piece: 'c', target: 'irr' });
    expect(dear.ok ? null : dear.rejection).toMatchObject({ code: 'orderTooDear', section: '§2.5.9' });
    const last = ok(after.state, 'blue', { type: 'giveOrder', piece: 'c', target: 'near' });
    expect(last.state.activation).toBeNull();
    expect(u(last.state, 'c').order).toBe('activated');
  });

  test('§2.5.9 while distributing, the character takes no other action', () => {
    const s = distribute(field(), 'c', 1).state;
    const r = apply(s, 'blue', { type: 'move', piece: 'c', mode: 'normal', steps: [{ to: H('0504') }] });
    expect(r.ok ? null : r.rejection.code).toBe('distributingOrders');
    const face = apply(s, 'blue', { type: 'face', piece: 'c', facing: 2 });
    expect(face.ok).toBe(false);
    expect(ok(s, 'blue', { type: 'pass', piece: 'c' }).state.activation).toBeNull();
  });

  test('§2.5.9 only the army commander orders a character; §2.5.5 chaotic units receive none', () => {
    const s = field();
    u(s, 'irr').profiles.command.class = 'chaotic';
    const t = distribute(s, 'c', 6).state;
    const code = (target: string) => {
      const r = apply(t, 'blue', { type: 'giveOrder', piece: 'c', target });
      return r.ok ? 'ok' : r.rejection.code;
    };
    expect(code('k')).toBe('onlyArmyCommanderOrdersCharacters');
    expect(code('irr')).toBe('chaoticNoOrder');
    t.sides[0].armyCommander = 'c';
    expect(code('k')).toBe('ok');
  });

  test('§2.5.5 an order given to a unit not yet activated lasts until the end of its activation, and gives it extra movement', () => {
    let s = distribute(field(), 'c', 6).state;
    s = ok(s, 'blue', { type: 'giveOrder', piece: 'c', target: 'near' }).state;
    s = ok(s, 'blue', { type: 'pass', piece: 'c' }).state;
    expect(u(s, 'near').order).toBe('specialOrder');
    s = activated(s, 'blue', 'near');
    s = ok(s, 'blue', { type: 'move', piece: 'near', mode: 'extra', steps: [{ to: H('0604') }] }).state;
    expect(u(s, 'near').order).toBe('activated');
  });

  test('§2.5.5 an already activated unit gets no order (project decision: it could not use it)', () => {
    let s = field();
    s = ok(activated(s, 'blue', 'near'), 'blue', { type: 'pass', piece: 'near' }).state;
    s = distribute(s, 'c', 6).state;
    const r = apply(s, 'blue', { type: 'giveOrder', piece: 'c', target: 'near' });
    expect(r.ok ? null : r.rejection.code).toBe('orderToActivated');
  });

  test('sheet 000 a decoy may receive an order for at least 1 point; the opponent sees only a cover receive it', () => {
    const s = game([character('c', '0505'), unit('h', 'blue', '0508', 0, { hidden: true }), unit('r', 'red', '0101', 6)], {}, [{ id: 'd', side: 'blue', hex: '0708', facing: 0, mimic: 'h' }]);
    const t = distribute(s, 'c', 6).state;
    const r = ok(t, 'blue', { type: 'giveOrder', piece: 'c', target: 'd', points: 2 });
    expect(r.state.activation?.commandPoints).toBe(7);
    expect(r.state.decoys[0].specialOrder).toBe(true);
    const hidden = ok(t, 'blue', { type: 'giveOrder', piece: 'c', target: 'h' });
    const told = JSON.stringify(eventsFor(hidden.events, 'red'));
    expect(told).not.toContain('"h"');
    expect(eventsFor(hidden.events, 'red').map((e) => e.type)).toEqual(['orderGiven']);
    // A unit pays what §2.5.9 computes (1 here): a stated cost must be that one.
    const bad = apply(t, 'blue', { type: 'giveOrder', piece: 'c', target: 'h', points: 2 });
    expect(bad.ok ? null : bad.rejection.code).toBe('orderCostMismatch');
  });
});
