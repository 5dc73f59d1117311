import { nearestThreats, Unit, viewFor } from '../src';
import { game, profiles, unit } from './fixtures';

const find = (s: ReturnType<typeof game>, id: string) => s.units.find((u) => u.id === id)!;
const patched = (s: ReturnType<typeof game>, id: string, patch: Partial<Unit>) => {
  Object.assign(find(s, id), patch);
  return s;
};

describe('§2.5.3.1 la Menace La Plus Proche: lowest movement-point cost to engage', () => {
  test('§2.5.3.1 the nearest threat is not always the nearest in hexes: cavalry on clear ground beats foot', () => {
    // Foot at 3 hexes facing the unit: 2 hexes at 1 each. Cavalry at 4 hexes: 3 hexes at ½.
    const s = game([unit('b', 'blue', '0505', 0), unit('foot', 'red', '0502', 6), unit('cav', 'red', '0509', 0, { profiles: profiles('equestrian') })]);
    const t = nearestThreats(s, find(s, 'b'));
    expect(t.units.map((u) => u.id)).toEqual(['cav']);
    expect(t.distance).toBe(1.5);
  });

  test('§2.5.3.1 other units on the way are ignored', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('foot', 'red', '0503', 6), unit('wall', 'blue', '0504', 0)]);
    expect(nearestThreats(s, find(s, 'b'))).toMatchObject({ distance: 1 });
  });

  test('§2.6.6 a reorientation needed to engage counts', () => {
    // Cavalry next door facing away: it must turn 180° (½ + 5×1) to engage.
    const s = game([unit('b', 'blue', '0505', 0), unit('cav', 'red', '0504', 0, { profiles: profiles('equestrian') })]);
    const t = nearestThreats(s, find(s, 'b'));
    expect(t.units.map((u) => u.id)).toEqual(['cav']);
    expect(t.distance).toBeLessThanOrEqual(5.5);
    expect(t.distance).toBeGreaterThan(0);
  });

  test('§2.6.5 a hex only minimal movement enters counts 150 % of the capacity', () => {
    // Cavalry (3 MP) must cross a row of forest: 4.5 for that hex, then ½ for the clear hex next to the unit.
    const row3 = ['0103', '0203', '0303', '0403', '0503', '0603', '0703', '0803', '0903', '1003'];
    const s = game([unit('b', 'blue', '0505', 0), unit('cav', 'red', '0502', 6, { profiles: profiles('equestrian') })], { terrain: { difficult: row3 } });
    expect(nearestThreats(s, find(s, 'b')).distance).toBe(5);
  });

  test('§2.5.3.1 ties: every enemy at the lowest cost is a nearest threat (the owner chooses)', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r1', 'red', '0503', 6), unit('r2', 'red', '0507', 0)]);
    expect(nearestThreats(s, find(s, 'b')).units.map((u) => u.id).sort()).toEqual(['r1', 'r2']);
  });

  test('project decision: hidden enemies and covers are no threat, on the full state as on a view', () => {
    const s = game([unit('b', 'blue', '0505', 0), unit('r1', 'red', '0503', 6, { hidden: true }), unit('r2', 'red', '0508', 0)]);
    expect(nearestThreats(s, find(s, 'b')).units.map((u) => u.id)).toEqual(['r2']);
    const v = viewFor(s, 'blue');
    expect(nearestThreats(v, find(v, 'b')).units.map((u) => u.id)).toEqual(['r2']);
  });

  test('§2.3.2 routed enemies engage nobody and are no threat', () => {
    const s = patched(game([unit('b', 'blue', '0505', 0), unit('r1', 'red', '0503', 6)]), 'r1', { cohesion: 'routed' });
    expect(nearestThreats(s, find(s, 'b'))).toEqual({ units: [], distance: Infinity });
  });
});
