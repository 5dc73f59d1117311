import { fireSystemAdvantage, weaponSystemAdvantage, weaponSystems } from '../src';
import { profiles } from './fixtures';
import { field, modifier, shooter, shotAdvantage, u, unit } from './fire-helpers';

/** The advantage of a shot (§3.2.9): shared parts counted once, fire-only parts, each with its section. */

/** Blue archers at 0508 facing north, red infantry at 0506 facing south. */
const pair = (red: Parameters<typeof unit>[4] = {}, map: Parameters<typeof field>[1] = {}, cls: Parameters<typeof shooter>[4] = 'archers', redHex = '0506') =>
  field([shooter('b', 'blue', '0508', 0, cls), unit('r', 'red', redHex, 6, red)], map);

describe('§3.2.9 base advantage and capacities', () => {
  test('§3.2.9 a shot reads the fire row of the weapon-system table; a shooter in shock its shock row (FIRE-41)', () => {
    const s = pair();
    const first = shotAdvantage(s).modifiers[0];
    expect(first).toMatchObject({ value: fireSystemAdvantage('archers', 'infantry'), section: '§3.2.9' });
    expect(fireSystemAdvantage('crossbowmen', 'heavyCavalry')).not.toBe(weaponSystemAdvantage('crossbowmen', 'heavyCavalry'));
  });

  test('A-14 skirmishers and light cavalry have explicit fire rows, copies of the skirmishers’ shock row', () => {
    expect(weaponSystems.fire.skirmishers).toEqual(weaponSystems.shock.skirmishers);
    expect(weaponSystems.fire.lightCavalry).toEqual(weaponSystems.shock.skirmishers);
  });

  test('§3.2.9 weapon capacities: attacker superior +2, defender inferior +2 (FIRE-42)', () => {
    const s = pair();
    u(s, 'b').profiles.weapon.capacity = 'superior';
    u(s, 'r').profiles.weapon.capacity = 'inferior';
    expect(modifier(s, "Attacker's weapon capacity")).toBe(2);
    expect(modifier(s, "Defender's weapon capacity")).toBe(2);
  });
});

describe('§3.2.9 shared modifiers, counted once (FIRE-43)', () => {
  test('§3.2.9 no unsupported −4: supported combat does not exist for fire (FIRE-52)', () => {
    expect(modifier(pair(), 'Unsupported attack')).toBeUndefined();
  });

  test('§3.2.1 a target fired on in its flank zone gives +2, in its rear +4, at range too (FIRE-03, A-11)', () => {
    expect(modifier(pair({}, {}, 'archers'), 'Attack from the rear')).toBeUndefined();
    const rear = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 0)]);
    expect(modifier(rear, 'Attack from the rear')).toBe(4);
    // Facing a vertex (NNE), the target's flanks are its SE and NW hexsides; blue stands two hexes straight south-east of it.
    const flank = field([shooter('b', 'blue', '0508', 10), unit('r', 'red', '0307', 1)]);
    expect(modifier(flank, 'Attack on the flank')).toBe(2);
  });

  test('§3.2.9 breath and cohesion modifiers apply (FIRE-43)', () => {
    const s = pair({ cohesion: 'shaken' });
    u(s, 'b').breath = 'winded';
    expect(modifier(s, 'Defender shaken')).toBe(1);
    expect(modifier(s, 'Attacker winded')).toBe(-1);
  });

  test('§2.7.3.2 small attacker −4, small defender +4 (FIRE-43)', () => {
    const s = pair({ size: 'small' });
    expect(modifier(s, 'Defender is small')).toBe(4);
  });

  test('§3.2.1 a target stacked with another large troop gives +2, counted once (FIRE-06)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6), unit('r2', 'red', '0506', 6)]);
    const stacked = shotAdvantage(s, 'b', u(s, 'r').stackRank < u(s, 'r2').stackRank ? 'r' : 'r2').modifiers.filter((m) => m.value === 2 && /stacked/.test(m.label.en));
    expect(stacked).toHaveLength(1);
  });

  test('Fiche 000 level: shooter higher +1, lower −1, compared at range (FIRE-51, A-72)', () => {
    expect(modifier(pair({}, { altitude: { '1': ['0508'] } }), 'Attacking from higher ground')).toBe(1);
    expect(modifier(pair({}, { altitude: { '1': ['0506'] } }), 'Attacking from lower ground')).toBe(-1);
  });

  test('A-71 the charge markers count in fire: a charging target −2 for infantry', () => {
    expect(modifier(pair({ shock: 'charge' }), 'Target charging')).toBe(-2);
  });
});

describe('§3.2.9 fire-only modifiers', () => {
  test('§3.2.9 archers: −1 per hex crossed after the adjacent one (FIRE-44, A-10)', () => {
    const s = pair();
    expect(modifier(s, 'Range: 1 hexes crossed', { crossed: 1 })).toBeUndefined();
    expect(modifier(s, 'Range: 2 hexes crossed', { crossed: 2 })).toBe(-1);
  });

  test('§3.2.9 artillery: −1 per complete group of four hexes crossed (FIRE-45, A-10)', () => {
    const s = pair({}, {}, 'artillery');
    expect(modifier(s, 'Range: 3 hexes crossed', { crossed: 3 })).toBeUndefined();
    expect(modifier(s, 'Range: 4 hexes crossed', { crossed: 4 })).toBe(-1);
    expect(modifier(s, 'Range: 8 hexes crossed', { crossed: 8 })).toBe(-2);
  });

  test('§3.2.4.1 harassment takes no range modifier (FIRE-17)', () => {
    const s = pair({}, {}, 'archers');
    expect(modifier(s, 'Range: 2 hexes crossed', { crossed: 2, harassment: true })).toBeUndefined();
  });

  test('§3.2.9 diminished ammunition −1 (FIRE-46)', () => {
    const s = pair();
    u(s, 'b').ammunition = 'diminished';
    expect(modifier(s, 'Shooter with diminished ammunition')).toBe(-1);
  });

  test('§3.2.9 weather: overcast −1, rain −3, storm −4, for archers, crossbowmen and artillery only (FIRE-47)', () => {
    const s = pair();
    for (const [w, v] of [['overcast', -1], ['rain', -3], ['storm', -4]] as const) {
      s.gameElements = { weather: w };
      expect(modifier(s, `Weather: ${w === 'overcast' ? 'Overcast' : w === 'rain' ? 'Rain' : 'Storm'}`)).toBe(v);
    }
    const k = pair({}, {}, 'skirmishers');
    k.gameElements = { weather: 'storm' };
    expect(shotAdvantage(k).modifiers.some((m) => m.label.en.startsWith('Weather'))).toBe(false);
  });

  test('Fiche 000 terrain: from or into rough −2, difficult −4, counted once (FIRE-49)', () => {
    expect(modifier(pair({}, { terrain: { rough: ['0508'] } }), 'Terrain (from and/or into)')).toBe(-2);
    expect(modifier(pair({}, { terrain: { rough: ['0508'], difficult: ['0506'] } }), 'Terrain (from and/or into)')).toBe(-4);
  });

  test('Fiche 000 terrain: into a fortification −4, from one nothing; water gives nothing (FIRE-49)', () => {
    expect(modifier(pair({}, { terrain: { fortification: ['0506'] } }), 'Terrain (from and/or into)')).toBe(-4);
    expect(modifier(pair({}, { terrain: { fortification: ['0508'] } }), 'Terrain (from and/or into)')).toBeUndefined();
    expect(modifier(pair({ profiles: profiles('floating') }, { terrain: { water: ['0506'] } }), 'Terrain (from and/or into)')).toBeUndefined();
  });

  test('Fiche 000 hexsides: target just behind a rough or impassable hexside −2, a fortification −8, a road nothing (FIRE-50, A-13)', () => {
    const side = (kind: 'rough' | 'impassable' | 'fortification' | 'road') => pair({}, { hexsides: [{ hex: '0506', direction: 3, kind }] });
    expect(modifier(side('rough'), 'Target just behind a hexside')).toBe(-2);
    expect(modifier(side('impassable'), 'Target just behind a hexside')).toBe(-2);
    expect(modifier(side('fortification'), 'Target just behind a hexside')).toBe(-8);
    expect(modifier(side('road'), 'Target just behind a hexside')).toBeUndefined();
    // The same hexside on another face of the target's hex is not crossed by the line.
    expect(modifier(pair({}, { hexsides: [{ hex: '0506', direction: 0, kind: 'rough' }] }), 'Target just behind a hexside')).toBeUndefined();
  });

  test('§3.2.3 one combined shot: +2 for two shots, +4 for three (FIRE-12)', () => {
    const s = pair();
    expect(modifier(s, '2 shots combined into one', { combined: 2 })).toBe(2);
    expect(modifier(s, '3 shots combined into one', { combined: 3 })).toBe(4);
  });

  test('§3.2.9 every modifier names its section', () => {
    const s = pair({ cohesion: 'shaken' }, { terrain: { rough: ['0506'] } });
    u(s, 'b').ammunition = 'diminished';
    for (const m of shotAdvantage(s, 'b', 'r', { crossed: 2 }).modifiers) expect(m.section).toMatch(/§|Fiche/);
  });
});
