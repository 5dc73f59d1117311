import { apply, Direction, fixedDice, GameState, mustChargeOn, neighbour, reachable, Unit } from '../src';
import { game, H, profiles, unit } from './fixtures';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const next = (s: GameState, hex: number, dir: Direction) => neighbour(s.board, hex, dir);
const act = (s: GameState, piece: string, dice: number[] = []) => {
  const r = apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
};
const move = (s: GameState, piece: string, steps: unknown[], extra: object = {}, dice: number[] = []) =>
  apply(act(s, piece), 'blue', { type: 'move', piece, steps, ...extra }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof move>) => (r.ok ? 'ok' : r.rejection.code);

describe('§2.6.9 la Charge: gaining the marker', () => {
  const s = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6)]);

  test('§2.6.9 two clear hexes without reorienting open a charge, even engaging nobody (§2.4.3: an enemy within reach next turn)', () => {
    const near = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0503', 6)]);
    const r = move(near, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'charge' });
    expect(r.ok && u(r.state, 'b').shock).toBe('charge');
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'markerPlaced', unit: 'b', marker: 'charge', section: '§2.6.9' }));
  });

  test('§2.4.3 a charge that could engage no enemy next turn is cancelled as the activation ends: marker off, a level of breath', () => {
    // r at 0502: from 0506 the charger would need 3 points to engage it, its allowance is 2.
    const r = move(s, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'charge' });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'none', breath: 'winded' });
    const types = r.ok ? r.events.map((e) => e.type) : [];
    expect(types.indexOf('chargeLost')).toBeGreaterThan(types.indexOf('markerPlaced'));
    expect(types.indexOf('chargeLost')).toBeLessThan(types.indexOf('activationEnded'));
  });

  test('§2.4.3 only enemies the owner sees count: a hidden enemy within reach does not keep the charge', () => {
    const hid = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6), unit('rh', 'red', '0504', 6, { hidden: true })]);
    const r = move(hid, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'charge' });
    expect(r.ok && u(r.state, 'rh').hidden).toBe(true);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'none', breath: 'winded' });
  });

  test('§2.6.9 without a choice the unit takes no marker when it engages nobody', () => {
    const r = move(s, 'b', [{ to: H('0507') }, { to: H('0506') }]);
    expect(r.ok && u(r.state, 'b').shock).toBe('none');
  });

  test('§2.6.9 a contact marker needs an engaged enemy', () => {
    expect(code(move(s, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'contact' }))).toBe('contactWithoutEngaging');
  });

  test('§2.6.9 a reorientation in the last moves closes the charge', () => {
    expect(code(move(s, 'b', [{ to: H('0507') }, { face: 1 }], { shock: 'charge' }))).toBe('chargeNotOpen');
    expect(code(move(s, 'b', [{ to: H('0507') }], { shock: 'charge' }))).toBe('chargeNotOpen');
  });

  test('§2.6.9 a hex of rough terrain in the last two closes the charge', () => {
    const cav = game([unit('b', 'blue', '0508', 0, { profiles: profiles('equestrian') }), unit('r', 'red', '0502', 6)], { terrain: { rough: ['0506'] } });
    expect(code(move(cav, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'charge' }))).toBe('chargeNotOpen');
    expect(code(move(cav, 'b', [{ to: H('0507') }, { to: H('0506') }, { to: H('0505') }], { shock: 'charge' }))).toBe('chargeNotOpen');
  });

  test('§2.6.9 a shaken unit may not charge', () => {
    const shaken = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6)]);
    u(shaken, 'b').cohesion = 'shaken';
    expect(code(move(shaken, 'b', [{ to: H('0507') }, { to: H('0506') }], { shock: 'charge' }))).toBe('chargeNotOpen');
  });

  test('§2.6.9 under a defence directive without a special order a troop may not charge; with one it may', () => {
    const d = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6)]);
    d.wings.find((w) => w.id === 'blue-wing')!.directive = 'defend';
    const arrivals = reachable(act(d, 'b'), 'blue', 'b');
    expect(arrivals.some((a) => a.charge)).toBe(false);
    u(d, 'b').order = 'specialOrder';
    expect(reachable(act(d, 'b'), 'blue', 'b').some((a) => a.charge && a.hex === H('0506'))).toBe(true);
  });

  test('§2.6.9 the preview tells at which arrivals a charge is open', () => {
    const arrivals = reachable(act(s, 'b'), 'blue', 'b');
    const straight = arrivals.find((a) => a.hex === H('0506') && a.facing === 0 && a.charge);
    expect(straight?.steps).toEqual([{ to: H('0507') }, { to: H('0506') }]);
    expect(arrivals.filter((a) => a.hex === H('0507')).every((a) => !a.charge)).toBe(true);
  });
});

describe('§2.6.9 keeping and losing the charge marker', () => {
  test('§2.6.9 a unit that starts with a charge keeps it after one hex if it ends engaging', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0504', 6)]);
    u(s, 'b').shock = 'charge';
    // The attack engagement test (§2.6.8.1) follows: a 2 passes it.
    const r = move(s, 'b', [{ to: H('0505') }], {}, [1, 1]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'charge', breath: 'fresh' });
  });

  test('§2.6.9 one hex engaging nobody does not keep it: the marker goes, with a level of breath', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0501', 6)]);
    // A special order frees the unit from the attack movement's obligations (§2.6.11.1).
    Object.assign(u(s, 'b'), { shock: 'charge', order: 'specialOrder' });
    const r = move(s, 'b', [{ to: H('0505') }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'none', breath: 'winded' });
    expect(r.ok && r.events.map((e) => e.type)).toContain('chargeLost');
  });

  test('§2.6.9 reorienting loses the charge marker and a level of breath', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0501', 6)]);
    Object.assign(u(s, 'b'), { shock: 'charge', order: 'specialOrder' });
    const r = move(s, 'b', [{ face: 1 }]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'none', breath: 'winded' });
  });

  test('§2.6.8 ending engaging, the player may choose contact instead of charge (and loses the charge)', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0504', 6)]);
    u(s, 'b').shock = 'charge';
    const r = move(s, 'b', [{ to: H('0505') }], { shock: 'contact' }, [1, 1]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ shock: 'contact', breath: 'winded' });
  });

  test('§2.6.8 ending engaging without a choice gives contact', () => {
    const s = game([unit('b', 'blue', '0507', 0), unit('r', 'red', '0504', 6)]);
    const r = move(s, 'b', [{ to: H('0506') }, { to: H('0505') }], {}, [1, 1]);
    expect(r.ok && u(r.state, 'b').shock).toBe('contact');
  });

  test('§2.6.9 mustChargeOn: a charging troop without special order owes a move or a shock', () => {
    const s = game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0504', 6)]);
    expect(mustChargeOn(s, u(s, 'b'))).toBeNull();
    u(s, 'b').shock = 'charge';
    expect(mustChargeOn(s, u(s, 'b'))).toEqual({ engaging: false });
    u(s, 'b').order = 'specialOrder';
    expect(mustChargeOn(s, u(s, 'b'))).toBeNull();
    expect(next(s, H('0506'), 0)).toBe(H('0505'));
  });
});
