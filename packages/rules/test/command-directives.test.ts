import { apply, directiveFor, directiveRefusal, GameState, reachable, Unit } from '../src';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { activated } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const setDirective = (s: GameState, d: 'attack' | 'defend' | 'regroup' | 'retreat') => {
  s.wings.find((w) => w.id === 'blue-wing')!.directive = d;
  return s;
};
const moveCode = (s: GameState, piece: string, hexes: string[]) => {
  const r = apply(activated(s, 'blue', piece), 'blue', { type: 'move', piece, mode: 'normal', steps: hexes.map((h) => ({ to: H(h) })) });
  return r.ok ? 'ok' : r.rejection.code;
};

describe('§2.5 order situation', () => {
  test('§2.5 a troop follows its wing directive; characters, special orders and autonomous troops are free (§2.5.5, §2.5.6)', () => {
    const s = game([unit('b', 'blue', '0508', 0), unit('c', 'blue', '0608', 0, { kind: 'character', size: 'small' }), unit('a', 'blue', '0708', 0)]);
    setDirective(s, 'defend');
    expect(directiveFor(s, u(s, 'b'))).toBe('defend');
    expect(directiveFor(s, u(s, 'c'))).toBeNull();
    u(s, 'a').profiles.command.class = 'autonomous';
    expect(directiveFor(s, u(s, 'a'))).toBeNull();
    expect(directiveFor(withOrder(s, 'b'), u(s, 'b'))).toBeNull();
  });

  test('§2.5.1 a charging troop without special order follows an attack directive whatever its wing’s', () => {
    const s = setDirective(game([unit('b', 'blue', '0508', 0)]), 'defend');
    u(s, 'b').shock = 'charge';
    expect(directiveFor(s, u(s, 'b'))).toBe('attack');
    u(s, 'b').order = 'specialOrder';
    expect(directiveFor(s, u(s, 'b'))).toBeNull();
  });
});

describe('§2.6.11.1 attack movement', () => {
  const s = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6)]);

  test('§2.6.11.1 (1) it spends at least half its movement points, minimum 2, or all of them', () => {
    const r = apply(activated(s, 'blue', 'b'), 'blue', { type: 'move', piece: 'b', mode: 'normal', steps: [{ to: H('0507') }] });
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'attackSpendHalf', section: '§2.6.11.1' });
    expect(moveCode(s, 'b', ['0507', '0506'])).toBe('ok');
  });

  test('§2.6.11.1 (3) every hex entered brings it nearer to engaging the nearest enemy', () => {
    const t = game([unit('b', 'blue', '0505', 6), unit('r', 'red', '0502', 6)]);
    expect(moveCode(t, 'b', ['0506', '0507'])).toBe('attackMustApproach');
  });

  test('§2.6.11.1 (2) minimal movement moves one hex, and must approach too (§2.6.5: a unit with no movement point)', () => {
    const t = game([unit('b', 'blue', '0505', 6, { profiles: profiles('pedestrian', 'inferior') }), unit('r', 'red', '0502', 6)]);
    const r = apply(activated(t, 'blue', 'b'), 'blue', { type: 'move', piece: 'b', mode: 'minimal', steps: [{ to: H('0506') }] });
    expect(r.ok ? 'ok' : r.rejection.code).toBe('attackMustApproach');
  });

  test('§2.6.11 the preview offers only attack movements, and each is accepted', () => {
    const t = activated(game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0502', 6)]), 'blue', 'b');
    const arrivals = reachable(t, 'blue', 'b');
    expect(arrivals.length).toBeGreaterThan(0);
    for (const a of arrivals) {
      const r = apply(t, 'blue', { type: 'move', piece: 'b', mode: 'normal', steps: a.steps });
      expect(r.ok ? 'ok' : r.rejection.code).toBe('ok');
    }
    // It never stays put, and one hex is enough only if turning there spends the rest (2 MP in all).
    expect(arrivals.some((a) => a.hex === H('0508'))).toBe(false);
    expect(arrivals.filter((a) => a.hex === H('0507')).every((a) => a.cost >= 2)).toBe(true);
  });

  test('§2.5.1 in contact it must shock: no withdrawal unless shaken or exhausted (§2.9.2)', () => {
    const t = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6)]);
    expect(directiveRefusal(t, u(t, 'b'), { type: 'withdraw' })?.code).toBe('attackNoWithdraw');
    expect(directiveRefusal(t, u(t, 'b'), { type: 'shock' })).toBeNull();
    u(t, 'b').cohesion = 'shaken';
    expect(directiveRefusal(t, u(t, 'b'), { type: 'withdraw' })).toBeNull();
    expect(directiveRefusal(t, u(t, 'b'), { type: 'rest' })).toBeNull();
  });
});

describe('§2.5.2 defend directive', () => {
  test('§2.5.2 a troop never becomes adjacent to the enemy by itself', () => {
    const s = setDirective(game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6)]), 'defend');
    expect(moveCode(s, 'b', ['0507'])).toBe('ok');
    expect(moveCode(s, 'b', ['0507', '0506'])).toBe('defendNoContact');
    expect(moveCode(withOrder(s, 'b'), 'b', ['0507', '0506'])).toBe('ok');
  });

  test('§2.5 secrecy: a hidden enemy never makes the directive refuse a move', () => {
    const s = setDirective(game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6, { hidden: true })]), 'defend');
    expect(moveCode(s, 'b', ['0507', '0506'])).toBe('ok');
  });

  test('§2.5.2 it may rest, and reorganise only with elite morale', () => {
    const s = setDirective(game([unit('b', 'blue', '0508', 0)]), 'defend');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'rest' })).toBeNull();
    expect(directiveRefusal(s, u(s, 'b'), { type: 'reorganise' })?.code).toBe('defendNoRecovery');
    u(s, 'b').profiles.morale.class = 'elite';
    expect(directiveRefusal(s, u(s, 'b'), { type: 'reorganise' })).toBeNull();
  });

  test('§2.5.2 a move under a defend directive gives no charge', () => {
    const s = setDirective(game([unit('b', 'blue', '0508', 0)]), 'defend');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'move', path: [{ hex: H('0507'), facing: 0 }], spent: 1, mode: 'normal', charge: true })?.code).toBe('defendNoCharge');
  });
});

describe('§2.5.3 regroup directive', () => {
  test('§2.5.3 within the enemy’s reach it moves away from the nearest threat, hex by hex, by at least ½ MP', () => {
    const s = setDirective(game([unit('b', 'blue', '0507', 6), unit('r', 'red', '0504', 6)]), 'regroup');
    expect(moveCode(s, 'b', ['0508'])).toBe('ok');
    u(s, 'b').facing = 0;
    expect(moveCode(s, 'b', ['0506'])).toBe('regroupMustMoveAway');
    u(s, 'b').facing = 6;
    expect(directiveRefusal(s, u(s, 'b'), { type: 'rest' })?.code).toBe('regroupInReach');
  });

  test('§2.5.3 out of reach it is free, but never comes within reach again; it may then rest and reorganise', () => {
    const s = setDirective(game([unit('b', 'blue', '0509', 0), unit('r', 'red', '0504', 6)]), 'regroup');
    expect(moveCode(s, 'b', ['0508', '0507'])).toBe('regroupStayOutOfReach');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'reorganise' })).toBeNull();
    expect(directiveRefusal(s, u(s, 'b'), { type: 'rally' })?.code).toBe('directiveNoRally');
  });

  test('§2.5.3 engaged by enemies without contact or charge marker it must withdraw or flee; with one, it may fight', () => {
    const s = setDirective(game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0505', 6)]), 'regroup');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'shock' })?.code).toBe('mustDisengage');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'withdraw' })).toBeNull();
    u(s, 'r').shock = 'contact';
    expect(directiveRefusal(s, u(s, 'b'), { type: 'shock' })).toBeNull();
  });
});

describe('§2.5.4 retreat directive', () => {
  test('§2.5.4 every hex entered brings the retreat edge nearer; no recovery without special order', () => {
    const s = setDirective(game([unit('n', 'blue', '0505', 0), unit('b', 'blue', '0305', 6)]), 'retreat');
    expect(moveCode(s, 'n', ['0504', '0503'])).toBe('retreatMustApproachEdge');
    expect(moveCode(s, 'b', ['0306', '0307'])).toBe('ok');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'rest' })?.code).toBe('retreatNoRecovery');
    expect(directiveRefusal(withOrder(s, 'b'), u(s, 'b'), { type: 'rest' })).toBeNull();
  });
});

describe('§2.5.2 the directive also binds withdrawals and flights', () => {
  test('§2.5.2 a defending troop may not withdraw or flee next to the enemy; a routed one flees whatever its directive', () => {
    const s = setDirective(game([unit('b', 'blue', '0506', 0), unit('r', 'red', '0509', 0)]), 'defend');
    const nextToEnemy = [H('0508')];
    expect(directiveRefusal(s, u(s, 'b'), { type: 'withdraw', path: nextToEnemy })?.code).toBe('defendNoContact');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'flee', path: nextToEnemy })?.code).toBe('defendNoContact');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'withdraw', path: [H('0606')] })).toBeNull();
    u(s, 'b').cohesion = 'routed';
    expect(directiveRefusal(s, u(s, 'b'), { type: 'flee', path: nextToEnemy })).toBeNull();
  });
});
