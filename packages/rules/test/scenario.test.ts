import { createGame, parseHexLabel, publicScenario } from '../src';
import { SCENARIOS } from '../src/scenarios';
import { lineOfSight } from '../src/sight';
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

  test('sides, wings and units share one namespace: a unit may not take a wing\'s id (the log names each by its id)', () => {
    const s = scenario([unit('a', 'blue', '0505', 0)]);
    const wing = s.sides[0].wings[0].id;
    s.units[0].id = wing;
    expect(issuesOf(s)).toEqual([expect.stringMatching(new RegExp(`^units\\[0\\]\\.id: "${wing}" is already the id of sides\\[0\\]\\.wings\\[0\\]`))]);
    const sideNamed = scenario([unit('a', 'blue', '0505', 0)]);
    sideNamed.sides[1].wings[0].id = 'blue';
    expect(issuesOf(sideNamed)).toEqual(expect.arrayContaining([expect.stringMatching(/^sides\[1\]\.wings\[0\]\.id: "blue" is already the id of sides\[0\]/)]));
  });

  test('the shipped scenarios keep their ids apart', () => {
    for (const sc of SCENARIOS) expect([sc.id, issuesOf(sc)]).toEqual([sc.id, []]);
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

describe('the raven hills (issue 8: the intermediate scenario)', () => {
  const hills = SCENARIOS.find((s) => s.id === 'the-raven-hills')!;
  const units = (f: (u: (typeof hills.units)[number]) => boolean) => hills.units.filter(f);
  const at = (label: string) => parseHexLabel(hills.map, label);

  test('§3 it is played with the intermediate rules, by day, opening on rain (sheet 003, Météo)', () => {
    expect(hills.rulesLevel).toBe('intermediate');
    expect(hills.light).toBe('day');
    expect(hills.gameElements?.weather).toBe('rain');
    expect(hills.turnLimit).toBe(10);
  });

  test('§3.2.4 hills of altitude 1 and 2 with rough slopes, woods and a forest between the lines, a village and a marsh', () => {
    expect(hills.map.altitude['2']).toEqual(['0406', '1306']);
    for (const slope of ['0405', '0306', '0506', '1305', '1205', '1405']) {
      expect(hills.map.altitude['1']).toContain(slope);
      expect(hills.map.terrain.rough).toContain(slope);
    }
    for (const wood of hills.map.features.wood!) expect(hills.map.terrain.rough).toContain(wood);
    for (const forest of hills.map.features.forest!) expect(hills.map.terrain.difficult).toContain(forest);
    for (const marsh of hills.map.features.marsh!) expect(hills.map.terrain.difficult).toContain(marsh);
    expect(hills.map.features.village).toEqual(['1008', '1009']);
  });

  test('§3.2 every kind of shooter: archers of two capacities, crossbowmen, artillery, skirmishers with dodge, light cavalry, an archer character', () => {
    const archers = units((u) => u.kind === 'troop' && u.size === 'large' && u.profiles.weapon.class === 'archers');
    expect(new Set(archers.map((u) => u.profiles.weapon.capacity))).toEqual(new Set(['ordinary', 'superior', 'disadvantaged']));
    expect(units((u) => u.profiles.weapon.class === 'crossbowmen')).toHaveLength(1);
    expect(units((u) => u.profiles.weapon.class === 'artillery').map((u) => u.profiles.weapon.capacity)).toEqual(['ordinary']);
    expect(units((u) => u.profiles.weapon.class === 'skirmishers').every((u) => u.faculties.includes('dodge'))).toBe(true);
    expect(units((u) => u.profiles.weapon.class === 'lightCavalry').map((u) => u.side).sort()).toEqual(['alliance', 'black-teeth', 'black-teeth']);
    // §3.2.5 fire duel: an archer character on each side.
    expect(units((u) => u.kind === 'character' && u.profiles.weapon.class === 'archers').map((u) => u.side).sort()).toEqual(['alliance', 'black-teeth']);
  });

  test('§3.1 faculties: a frightening monster, an invulnerable and evanescent unit, a dragon with breath, light-fragile goblins, forest-adapted elves', () => {
    const withFaculty = (f: string) => units((u) => u.faculties.includes(f as never)).map((u) => u.id);
    expect(withFaculty('frightening')).toEqual(['o-trolls']);
    expect(withFaculty('invulnerable')).toEqual(['o-shades']);
    expect(withFaculty('evanescent')).toEqual(['o-shades']);
    expect(withFaculty('lightFragile')).toEqual(['o-goblins']);
    expect(withFaculty('breath')).toEqual(['a-dragon']);
    expect(hills.units.find((u) => u.id === 'a-dragon')!.profiles.weapon.class).toBe('dragon');
    expect(withFaculty('forestAdapted')).toEqual(['a-aelis', 'a-elf-archers', 'a-elf-scouts']);
  });

  test('§4.5.2 the Black Teeth deploy two troops hidden in their zone; the public scenario drops them', () => {
    expect(units((u) => u.deployHidden).map((u) => u.id)).toEqual(['o-goblins', 'o-shades']);
    expect(hills.sides.find((s) => s.id === 'black-teeth')!.deploymentZone).toBeDefined();
    const served = JSON.stringify(publicScenario(hills));
    for (const secret of ['o-goblins', 'o-shades', 'Tirailleurs gobelins', 'Ombres hurlantes', 'demon-shades']) expect(served).not.toContain(secret);
  });

  test('§2.3.1 the Piquiers stand in front of the Archers de Vaux: a stack of two large units', () => {
    const stack = units((u) => u.hex === '0710');
    expect(stack.map((u) => [u.id, u.size])).toEqual([
      ['a-spears', 'large'],
      ['a-archers', 'large'],
    ]);
  });

  test('§3.2.6 the Alliance draws its arrows from its wagons at 0812, the Black Teeth from their army commander', () => {
    const state = createGame(hills, 'raven');
    expect(state.sides.find((s) => s.id === 'alliance')!.ammunitionSource).toBe(at('0812'));
    expect(state.sides.find((s) => s.id === 'black-teeth')!.ammunitionSource).toBeUndefined();
    expect(state.sides.find((s) => s.id === 'black-teeth')!.armyCommander).toBe('o-skarn');
  });

  describe('§3.2.4 its fire lanes: lines of sight that the hills and the woods decide (sheet 000, Ligne de Vue)', () => {
    const board = createGame(hills, 'raven').board;
    const sight = (from: string, to: string) => {
      const s = lineOfSight(board, at(from), at(to));
      return { visible: s.visible, rule: s.rule, ...(s.blockedBy !== undefined ? { blockedBy: s.blockedBy } : {}) };
    };

    test('LOS-06 from the Tertre du Guet (altitude 1) the mangonel sees over the forest to the Black Teeth’s line', () => {
      expect(sight('0811', '0803')).toEqual({ visible: true, rule: 'clear' });
    });

    test('LOS-06 on level ground the wood hides the Black Teeth from the Archers de Vaux', () => {
      expect(sight('0710', '0803')).toEqual({ visible: false, rule: 'higherThanBoth', blockedBy: at('0807') });
      expect(sight('0804', '0808')).toEqual({ visible: false, rule: 'higherThanBoth', blockedBy: at('0805') });
    });

    test('LOS-10 from the top of the Raven Knoll the slope hides the hex at its foot; one hex farther is seen', () => {
      expect(sight('0406', '0408')).toEqual({ visible: false, rule: 'sourceAboveLastHex', blockedBy: at('0407') });
      expect(sight('0406', '0409')).toEqual({ visible: true, rule: 'clear' });
    });

    test('LOS-11 a line along a hexside at the wood’s edge is blocked by the wood on one side', () => {
      expect(sight('0705', '0905')).toEqual({ visible: false, rule: 'alongHexside', blockedBy: at('0805') });
    });

    test('LOS-06 the two hilltops (altitude 2) see each other over the forest', () => {
      expect(sight('0406', '1306')).toEqual({ visible: true, rule: 'clear' });
    });
  });

  test('PRE-01 PRE-03 the game opens with the map features, the light and the weather of the scenario', () => {
    const state = createGame(hills, 'raven');
    expect(state.light).toBe('day');
    expect(state.gameElements?.weather).toBe('rain');
    expect(state.board.features[at('0806')]).toBe('forest');
    expect(state.board.features[at('0805')]).toBe('wood');
    expect(state.board.features[at('1008')]).toBe('village');
    expect(state.board.features[at('1508')]).toBe('marsh');
    expect(state.board.features[at('0406')]).toBeUndefined();
  });
});
