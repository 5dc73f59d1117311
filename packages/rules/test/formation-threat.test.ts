import { GameState, nearestThreats } from '../src';
import { game, unit } from './fixtures';

/**
 * The nearest threat (§2.5.3.1) is the enemy that would spend the fewest
 * movement points to engage the unit. A formation F stands on 0505 and 0504
 * (north) facing east (3).
 */
const S = '0505';
const N = '0504';
type Extra = Parameters<typeof unit>[4];
const formation = (id: string, side: 'blue' | 'red', extra: Extra = {}) =>
  unit(id, side, S, 3, { secondHex: N, steps: 6, faculties: ['manoeuvre'], ...extra });
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const threats = (s: GameState, id: string) => {
  const t = nearestThreats(s, u(s, id));
  return { units: t.units.map((x) => x.id), distance: t.distance };
};

describe('§2.5.3.1 §3.3.6 FORM-46 a hedgehog cannot move: it threatens only what it engages where it stands', () => {
  test('§3.3.6 FORM-46 a hedgehog two hexes off is no threat; the same formation in march is one', () => {
    const board = (extra: Extra) =>
      game([formation('f', 'red', extra), unit('b', 'blue', '0705', 9)]);
    expect(threats(board({}), 'b').units).toEqual(['f']);
    expect(threats(board({}), 'b').distance).toBeGreaterThan(0);
    expect(threats(board({ formationMode: 'hedgehog' }), 'b')).toEqual({
      units: [],
      distance: Number.POSITIVE_INFINITY,
    });
  });

  test('§3.3.6 FORM-46 a hedgehog engages every hex around it at no cost, behind it too', () => {
    const s = game([
      formation('f', 'red', { formationMode: 'hedgehog' }),
      unit('b', 'blue', '0404', 3),
      unit('c', 'blue', '0605', 9),
    ]);
    expect(threats(s, 'b')).toEqual({ units: ['f'], distance: 0 });
    expect(threats(s, 'c')).toEqual({ units: ['f'], distance: 0 });
  });

  test('§3.3.6 a farther enemy that can move is the nearest threat, not a hedgehog that cannot', () => {
    const s = game([
      formation('f', 'red', { formationMode: 'hedgehog' }),
      unit('r', 'red', '0209', 0),
      unit('b', 'blue', '0705', 9),
    ]);
    expect(threats(s, 'b').units).toEqual(['r']);
  });
});

describe('§2.5.3.1 §3.3 A-69 FORM-06b the nearest threat to a formation is priced at its nearer hex', () => {
  test('A-69 FORM-06b an enemy facing the second hex threatens the formation as it threatens a unit standing there', () => {
    // r at 0502 faces south (6): it engages a unit in 0503, next to F's second hex 0504, for one hex of movement.
    const asFormation = threats(game([formation('f', 'blue'), unit('r', 'red', '0502', 6)]), 'f');
    const asUnit = threats(game([unit('f', 'blue', N, 3), unit('r', 'red', '0502', 6)]), 'f');
    expect(asFormation).toEqual(asUnit);
    expect(asFormation.units).toEqual(['r']);
  });
});
