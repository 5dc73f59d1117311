import { SCENARIOS } from '../src/scenarios';
import { issuesOf, scenario, unit } from './fixtures';

describe('scenario files', () => {
  test('the shipped scenarios load', () => {
    expect(SCENARIOS.map((s) => s.id)).toContain('the-ford');
  });

  test('the ford exercises two wings a side, characters, a hidden deployment, terrain and hexsides', () => {
    const ford = SCENARIOS.find((s) => s.id === 'the-ford')!;
    expect(ford.sides.every((s) => s.wings.length === 2)).toBe(true);
    expect(ford.units.length).toBeGreaterThanOrEqual(12);
    expect(ford.units.some((u) => u.deployHidden)).toBe(true);
    expect(ford.sides.find((s) => s.id === 'black-teeth')?.deploymentZone).toBeDefined();
    expect(new Set(ford.map.hexsides.map((h) => h.kind))).toEqual(new Set(['road', 'rough', 'impassable', 'water']));
    expect(Object.keys(ford.map.terrain).sort()).toEqual(['difficult', 'fortification', 'rough', 'water']);
  });

  test('a malformed field is named by its path', () => {
    const bad = scenario([unit('b', 'blue', '05x5', 0)]);
    expect(issuesOf(bad)[0]).toMatch(/^units\[0\]\.hex: /);
    const badCapacity = scenario([unit('b', 'blue', '0505', 0)]);
    (badCapacity.units[0].profiles.movement as { capacity: string }).capacity = 'heroic';
    expect(issuesOf(badCapacity)[0]).toMatch(/^units\[0\]\.profiles\.movement\.capacity: /);
  });

  test('cross references and placement are checked, each issue naming its field', () => {
    const s = scenario([
      unit('b', 'blue', '1111', 0),
      unit('b', 'blue', '0505', 0, { wing: 'red-wing' }),
      unit('c', 'blue', '0506', 0, { kind: 'character', size: 'small', hidden: true }),
    ]);
    const issues = issuesOf(s);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^units\[0\]\.hex: "1111" is off the 10×10 map/),
        expect.stringMatching(/^units\[1\]\.id: "b" is used twice/),
        expect.stringMatching(/^units\[1\]\.wing: /),
        expect.stringMatching(/^units\[2\]\.deployHidden: only troops/),
      ]),
    );
  });

  test('§2.3.1 a scenario may not start a hex above 10 stacking points or mixed with the enemy', () => {
    const over = scenario([unit('a', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('c', 'blue', '0505', 0)]);
    expect(issuesOf(over)).toEqual([expect.stringMatching(/^units\[2\]\.hex: 0505 exceeds 10 stacking points/)]);
    const mixed = scenario([unit('a', 'blue', '0505', 0), unit('r', 'red', '0505', 6)]);
    expect(issuesOf(mixed)).toEqual([expect.stringMatching(/^units\[1\]\.hex: 0505 already holds an enemy unit/)]);
  });

  test('§2.2.1.1 a unit may not start on terrain forbidden to it', () => {
    const wet = scenario([unit('a', 'blue', '0505', 0)], { terrain: { water: ['0505'] } });
    expect(issuesOf(wet)).toEqual([expect.stringMatching(/^units\[0\]\.hex: a may not stand on water/)]);
  });

  test('unknown fields are refused rather than ignored', () => {
    const s = { ...scenario([unit('a', 'blue', '0505', 0)]), victoryPoints: 3 };
    expect(issuesOf(s)[0]).toMatch(/Unrecognized key/);
  });
});
