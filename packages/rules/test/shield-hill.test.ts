import { bodyIsValid, createGame, formationStepsValid, isFormation, maxFormationSteps, mayForm, parseHexLabel, terrainAt, unitToWire, wireToUnit, wordOf, type Unit } from '../src';
import { SCENARIOS } from '../src/scenarios';
import { issuesOf, scenario, unit } from './fixtures';

/** The intermediate scenario with formations (issue 10): what it must hold for the formation rules to be played. */
describe('the shield hill (issue 10: the formation scenario)', () => {
  const hill = SCENARIOS.find((s) => s.id === 'the-shield-hill')!;
  const state = createGame(hill, 'shield');
  const troops = state.units.filter((u) => u.kind === 'troop');
  const formations = state.units.filter(isFormation);
  const byType = (type: string) => troops.filter((u) => u.type === type);

  test('§3 it loads, passes the cross-check and is played with the intermediate rules', () => {
    expect(hill.rulesLevel).toBe('intermediate');
    expect(state.rulesLevel).toBe('intermediate');
  });

  test('§3.3.2 a superior-command troop type with Manoeuvre may grow to 12 steps; an advantaged one to 8, an ordinary one to 4', () => {
    const limits = new Map(troops.map((u) => [u.type, maxFormationSteps(u.profiles.command.capacity)]));
    const superior = troops.filter((u) => limits.get(u.type) === 12);
    expect(superior.length).toBeGreaterThan(0);
    expect(superior.every((u) => u.faculties.includes('manoeuvre'))).toBe(true);
    // the simple troops beside it reach the limit by joining (10 + 2)
    const legion = superior.filter(isFormation);
    expect(legion.some((f) => f.steps + byType(f.type).filter((u) => !isFormation(u)).reduce((n, u) => n + u.steps, 0) >= 12)).toBe(true);
    expect([...limits.values()]).toEqual(expect.arrayContaining([8, 4]));
  });

  test('§3.3 archers may form and cavalry that may charge them stands across the field (the book’s elf archers and Dents Noires)', () => {
    const archers = troops.filter((u) => u.profiles.weapon.class === 'archers');
    expect(archers.some(isFormation)).toBe(true);
    expect(archers.filter((u) => !isFormation(u)).every((u) => mayForm(u))).toBe(true);
    const cavalry = troops.filter((u) => ['lightCavalry', 'mediumCavalry', 'heavyCavalry'].includes(u.profiles.weapon.class));
    expect(cavalry.length).toBeGreaterThan(0);
    expect(new Set(cavalry.map((u) => u.side)).has(archers[0].side)).toBe(false);
  });

  test('§3.2.4 a hill of clear slopes a formation may climb (§3.3.7 the hill example), and rough ground to refuse a flank on', () => {
    const at = (label: string) => parseHexLabel(state.board, label);
    const summit = at('0405');
    expect(state.board.altitude[summit]).toBe(2);
    expect(terrainAt(state.board, summit)).toBe('clear');
    expect(hill.map.altitude['1'].map((l) => terrainAt(state.board, at(l)))).toEqual(hill.map.altitude['1'].map(() => 'clear'));
    expect(hill.map.terrain.rough?.length).toBeGreaterThan(2);
  });

  test('§3.3 formations are deployed: each body valid (two adjacent clear hexes at 90° to a vertex facing), 3–12 steps, its type’s formation counter', () => {
    expect(formations.length).toBeGreaterThanOrEqual(3);
    for (const f of formations) {
      expect(bodyIsValid(state.board, f)).toBe(true);
      expect(f.facing % 2).toBe(1);
      expect(formationStepsValid(f.steps)).toBe(true);
      expect(f.steps).toBeLessThanOrEqual(maxFormationSteps(f.profiles.command.capacity));
      expect(f.profiles).toEqual(state.formationProfiles![f.type]);
      for (const h of [f.hex, f.secondHex!]) expect(terrainAt(state.board, h)).toBe('clear');
    }
    // PRE-06: every troop type that may form has its formation counter, better in morale than the simple troop (l.2157)
    for (const u of troops.filter((x) => !isFormation(x) && mayForm(x))) {
      const counter = state.formationProfiles![u.type];
      expect(counter).toBeDefined();
      expect(capacityRank(counter.morale.capacity)).toBeLessThan(capacityRank(u.profiles.morale.capacity));
    }
    // a bloodied face (odd steps) and a formation stacked with a small unit in one of its hexes are on the map
    expect(formations.some((f) => f.steps % 2 === 1)).toBe(true);
    expect(formations.some((f) => state.units.some((u) => u.size === 'small' && (u.hex === f.hex || u.hex === f.secondHex)))).toBe(true);
  });

  test('§3.3.6 the deployed modes: march by default (no field), shield wall, and tortoise for a Manoeuvre formation; the wire carries them', () => {
    const modes = formations.map((f) => f.formationMode ?? 'march');
    expect(modes).toEqual(expect.arrayContaining(['march', 'shieldWall', 'tortoise']));
    const tortoise = formations.find((f) => f.formationMode === 'tortoise')!;
    expect(tortoise.faculties).toContain('manoeuvre');
    for (const f of formations) expect(wireToUnit(unitToWire(f, f.stackRank, false))).toEqual(stripped(f));
    // a one-hex unit's piece carries no mode, and reads back without one
    const simple = troops.find((u) => !isFormation(u))!;
    expect(wordOf('formationMode', unitToWire(simple, 1, false).formationMode)).toBe('');
    expect('formationMode' in wireToUnit(unitToWire(simple, 1, false))).toBe(false);
  });

  test('§3.3.6 the cross-check refuses a mode on a one-hex unit and a Manoeuvre mode without the faculty', () => {
    const pair = { secondHex: '0605', steps: 4 } as const;
    expect(issuesOf(scenario([unit('a', 'blue', '0505', 1, { formationMode: 'shieldWall' })]))).toEqual([expect.stringMatching(/^units\[0\]\.formationMode: only a formation/)]);
    const withProfiles = (s: ReturnType<typeof scenario>) => ({ ...s, formationProfiles: { infantry: s.units[0].profiles } });
    const tortoise = withProfiles(scenario([unit('a', 'blue', '0505', 1, { ...pair, formationMode: 'tortoise' })]));
    expect(issuesOf(tortoise)).toEqual([expect.stringMatching(/^units\[0\]\.formationMode: tortoise needs the manoeuvre faculty/)]);
    const drilled = withProfiles(scenario([unit('a', 'blue', '0505', 1, { ...pair, formationMode: 'tortoise', faculties: ['manoeuvre'] })]));
    expect(issuesOf(drilled)).toEqual([]);
  });

  // A random game of every shipped scenario, this one included, runs to its end in random-games.test.ts.
  // Formation movement, actions and combat are being built (issue 10): until they land the random
  // player moves a formation as one hex, so "every formation keeps a valid body" is not asserted over play yet.
});

const CAPACITY_ORDER = ['superior', 'advantaged', 'ordinary', 'disadvantaged', 'inferior'];
const capacityRank = (c: string) => CAPACITY_ORDER.indexOf(c);

/** What survives the wire: the unit without the fields the wire does not carry. */
function stripped(u: Unit): Unit {
  const { testedAgainst: _t, ...rest } = u;
  return rest;
}
