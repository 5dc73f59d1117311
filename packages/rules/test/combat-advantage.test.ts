import { advantageOf, columnIndex, combatResults, combatResultsSchema, GameState, lossesFor, lossOdds, WEAPON_CLASSES, weaponSystemAdvantage, weaponSystems, weaponSystemsSchema } from '../src';
import { game, profiles, unit } from './fixtures';

const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const adv = (s: GameState, kind: 'shock' | 'duel' = 'shock', supported = true, a = 'b', d = 'r') => advantageOf(s, u(s, a), u(s, d), { kind, supported });
const value = (s: GameState, en: string, kind: 'shock' | 'duel' = 'shock', supported = true) => adv(s, kind, supported).modifiers.find((m) => m.label.en === en)?.value;
/** Blue infantry at 0505 facing north attacks red infantry at 0504 facing south. */
const base = (extra: Parameters<typeof unit>[4] = {}, map: Parameters<typeof game>[1] = {}, more: ReturnType<typeof unit>[] = []) =>
  game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6, extra), ...more], map);

describe('§2.7.4 the combat results table', () => {
  test('§2.7.4 worked example: advantage +1, a roll of 4 gives 1 loss, a roll of 9 none', () => {
    expect(lossesFor(1, 4)).toBe(1);
    expect(lossesFor(1, 9)).toBe(0);
  });

  test('§2.7.4 columns ≤−7, −6…−4, −3…−2, −1, 0, +1, +2, +3, ≥+4', () => {
    expect([-12, -7, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 11].map(columnIndex)).toEqual([0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 8]);
  });

  test('§2.7.4 row 8 as extracted: single losses under 0 and +1 only (kept as data)', () => {
    expect([-1, 0, 1, 2, 4].map((a) => lossesFor(a, 8))).toEqual([0, 1, 1, 0, 0]);
    expect(lossesFor(4, 2)).toBe(2);
    expect(lossesFor(-7, 5)).toBe(0);
  });

  test('§2.7.4 exact odds over the 36 rolls', () => {
    const odds = lossOdds(0);
    expect(odds[2]).toBeCloseTo(3 / 36);
    expect(odds[1]).toBeCloseTo(23 / 36);
    expect(odds[0] + odds[1] + odds[2]).toBeCloseTo(1);
  });
});

describe('§2.7.2.1 the weapon-system table (project default)', () => {
  test('§2.7.2.1 rulebook example: spearmen attacking medium cavalry have +2', () => {
    expect(weaponSystemAdvantage('spearmen', 'mediumCavalry')).toBe(2);
  });

  test('§2.7.2.1 every attacker × defender pair holds −4, −2, 0, +2 or +4', () => {
    for (const a of WEAPON_CLASSES) for (const d of WEAPON_CLASSES) expect([-4, -2, 0, 2, 4]).toContain(weaponSystemAdvantage(a, d));
  });

  test('§2.7.2.1 the data file is validated: a missing pair or a value off the scale is refused', () => {
    const copy = structuredClone(weaponSystems) as { shock: Record<string, Record<string, number>> };
    expect(weaponSystemsSchema.safeParse(copy).success).toBe(true);
    delete copy.shock.spearmen.mediumCavalry;
    expect(weaponSystemsSchema.safeParse(copy).success).toBe(false);
    const odd = structuredClone(weaponSystems) as { shock: Record<string, Record<string, number>> };
    odd.shock.infantry.infantry = 3;
    expect(weaponSystemsSchema.safeParse(odd).success).toBe(false);
    const gap = structuredClone(combatResults);
    gap.columns[3].min = 0;
    expect(combatResultsSchema.safeParse(gap).success).toBe(false);
  });

  test('§2.7.2.1 the table is the first modifier of every attack', () => {
    const s = base({ profiles: { ...profiles('equestrian'), weapon: { class: 'mediumCavalry', capacity: 'ordinary' } } });
    u(s, 'b').profiles.weapon.class = 'spearmen';
    expect(adv(s).modifiers[0]).toMatchObject({ value: 2, section: '§2.7.2.1' });
    expect(adv(s).total).toBe(2);
  });
});

describe('§2.7.2.2 common bonuses and maluses of the advantage', () => {
  test('§2.7.2.2 weapon capacities: attacker superior +2, defender inferior +2', () => {
    const s = base();
    u(s, 'b').profiles.weapon.capacity = 'superior';
    u(s, 'r').profiles.weapon.capacity = 'inferior';
    expect(value(s, "Attacker's weapon capacity")).toBe(2);
    expect(value(s, "Defender's weapon capacity")).toBe(2);
  });

  test('§2.7.3.3 a troop stacked with a character of its weapon class fights with his capacity', () => {
    const hero = unit('bc', 'blue', '0505', 0, { kind: 'character', size: 'small' });
    const s = base({}, {}, [hero]);
    u(s, 'bc').profiles.weapon.capacity = 'superior';
    expect(value(s, "Attacker's weapon capacity")).toBe(2);
    u(s, 'bc').profiles.weapon.class = 'character';
    expect(value(s, "Attacker's weapon capacity")).toBeUndefined();
  });

  test('§2.7.2.2 offensive and defensive supports count 0 in the basic rules; unsupported −4', () => {
    const s = base();
    expect(adv(s).total).toBe(0);
    expect(value(s, 'Unsupported attack', 'shock', false)).toBe(-4);
  });

  test('§2.7.2.2 attacker charging: +2, +4 for cavalry, only against a defender on clear terrain', () => {
    const s = base();
    u(s, 'b').shock = 'charge';
    expect(value(s, 'Attacker charging')).toBe(2);
    u(s, 'b').profiles.weapon.class = 'mediumCavalry';
    expect(value(s, 'Attacker charging')).toBe(4);
    const rough = base({}, { terrain: { rough: ['0504'] } });
    u(rough, 'b').shock = 'charge';
    expect(value(rough, 'Attacker charging')).toBeUndefined();
  });

  test('§2.7.2.2 defender charging: −2, −4 for cavalry', () => {
    const s = base();
    u(s, 'r').shock = 'charge';
    expect(value(s, 'Defender charging')).toBe(-2);
    u(s, 'r').profiles.weapon.class = 'heavyCavalry';
    expect(value(s, 'Defender charging')).toBe(-4);
  });

  test('§2.8.1 breath: attacker winded −1, exhausted −2; defender exhausted +1', () => {
    const s = base();
    u(s, 'b').breath = 'winded';
    expect(value(s, 'Attacker winded')).toBe(-1);
    u(s, 'b').breath = 'exhausted';
    u(s, 'r').breath = 'exhausted';
    expect(value(s, 'Attacker exhausted')).toBe(-2);
    expect(value(s, 'Defender exhausted')).toBe(1);
  });

  test('§2.8.3.2 cohesion: attacker shaken −1, defender shaken +1, defender routed +4', () => {
    const s = base();
    u(s, 'b').cohesion = 'shaken';
    u(s, 'r').cohesion = 'shaken';
    expect(value(s, 'Attacker shaken')).toBe(-1);
    expect(value(s, 'Defender shaken')).toBe(1);
    u(s, 'r').cohesion = 'routed';
    expect(value(s, 'Defender routed')).toBe(4);
  });

  test("§2.7.2.2 flank +2 and rear +4, by the defender's zone the attack comes from", () => {
    expect(value(base({ facing: 9 }), 'Attack on the flank')).toBe(2);
    expect(value(base({ facing: 0 }), 'Attack from the rear')).toBe(4);
    expect(adv(base()).modifiers.map((m) => m.label.en)).not.toContain('Attack on the flank');
  });

  test('§2.7.2.2 level: attacker higher +1, lower −1', () => {
    expect(value(base({}, { altitude: { '1': ['0505'] } }), 'Attacking from higher ground')).toBe(1);
    expect(value(base({}, { altitude: { '1': ['0504'] } }), 'Attacking from lower ground')).toBe(-1);
  });

  test('Fiche 000 terrain: rough −1 from and/or into (once), difficult −2, fortification −4 into, water +2 into', () => {
    const t = (map: Parameters<typeof game>[1]) => value(base({}, map), 'Terrain (from and/or into)');
    expect(t({ terrain: { rough: ['0504'] } })).toBe(-1);
    expect(t({ terrain: { rough: ['0504', '0505'] } })).toBe(-1);
    expect(t({ terrain: { rough: ['0504'], difficult: ['0505'] } })).toBe(-2);
    expect(t({ terrain: { fortification: ['0504'] } })).toBe(-4);
    expect(value(base({ profiles: profiles('floating') }, { terrain: { water: ['0504'] } }), 'Defender in water or lava')).toBe(2);
  });

  test("Fiche 000 a rough hexside: −1", () => {
    expect(value(base({}, { hexsides: [{ hex: '0505', direction: 0, kind: 'rough' }] }), 'Rough hexside')).toBe(-1);
  });

  test('§2.7.3.2 small units: attacker −4, defender +4; §2.7.1.1 they cancel in a duel', () => {
    const s = base({ kind: 'character', size: 'small' });
    u(s, 'b').size = 'small';
    expect(value(s, 'Attacker is small')).toBe(-4);
    expect(value(s, 'Defender is small')).toBe(4);
    expect(value(s, 'Attacker is small', 'duel')).toBeUndefined();
    expect(value(s, 'Defender is small', 'duel')).toBeUndefined();
  });

  test('§2.3.1.3 stacked troops: attacking troop −2, attacked troop +2', () => {
    const s = base({}, {}, [unit('b2', 'blue', '0505', 0), unit('r2', 'red', '0504', 6)]);
    expect(value(s, 'Attacking troop stacked with another troop')).toBe(-2);
    expect(value(s, 'Attacked troop stacked with another troop')).toBe(2);
  });

  test('§2.7.2 the total is the sum of the modifiers', () => {
    const s = base({ facing: 9 }, { terrain: { rough: ['0504'] } });
    u(s, 'b').breath = 'winded';
    const a = adv(s, 'shock', false);
    expect(a.total).toBe(a.modifiers.reduce((t, m) => t + m.value, 0));
    expect(a.total).toBe(0 - 4 - 1 + 2 - 1);
  });
});
