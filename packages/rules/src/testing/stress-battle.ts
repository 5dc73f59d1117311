import { loadScenario } from '../scenario/load';
import { createGame } from '../scenario/create';
import type { Scenario, ScenarioInput } from '../scenario/schema';
import { scenarioById } from '../scenarios';
import type { GameState } from '../state/types';
import { deployFirstFit } from './deploy';

/**
 * The stress battle (issue 9): about 150 units on 30×24 hexes, each army
 * with hidden units and decoys to deploy, the two front lines in contact in
 * the middle of the map. Far larger than any shipped scenario (the largest
 * has 21 units), it is what the server must still sync whole to every seat
 * and what the benchmarks (bench/run.js) measure beside the shipped ones.
 * Built from the raven hills' units, so that every profile is a real one.
 */

type UnitInput = ScenarioInput['units'][number];

const COLS = 30;
const ROWS = 24;
const WINGS_PER_SIDE = 5;
const TROOPS_PER_WING = 14;
/** One troop in this many deploys hidden (§4.5.2): 14 per side. */
const HIDDEN_EVERY = 5;

interface Army {
  side: 'black-teeth' | 'alliance';
  prefix: string;
  /** The raven hills' characters and troops of this side, as templates. */
  characters: string[];
  troops: string[];
  /** Rows the army fills in the open, from its front line back. */
  rows: number[];
  facing: number;
  zone: { from: string; to: string };
}

const NORTH: Army = {
  side: 'black-teeth',
  prefix: 'n',
  characters: ['o-skarn', 'o-grik'],
  troops: ['o-wolves', 'o-archers', 'o-horde', 'o-trolls', 'o-goblins', 'o-shades'],
  rows: [11, 10, 9, 8, 7, 6],
  facing: 6,
  zone: { from: '0101', to: '3003' },
};

const SOUTH: Army = {
  side: 'alliance',
  prefix: 's',
  characters: ['a-aymeric', 'a-aelis'],
  troops: ['a-knights', 'a-outriders', 'a-spears', 'a-archers', 'a-dwarves', 'a-elf-archers', 'a-elf-scouts', 'a-mangonel', 'a-dragon'],
  rows: [12, 13, 14, 15, 16, 17],
  facing: 0,
  zone: { from: '0122', to: '3024' },
};

/** The raven hills' unit `id`, without its placement, ready to copy. */
function template(id: string): UnitInput {
  const u = scenarioById('the-raven-hills')!.units.find((x) => x.id === id);
  if (!u) throw new Error(`the raven hills have no unit ${id}`);
  const { hex: _hex, facing: _facing, deployHidden: _hidden, ...rest } = u;
  return rest;
}

/**
 * The army's hexes in the open, front line first: the front rows fill from
 * the middle of the map outwards, so the two front lines (rows 11 and 12)
 * touch in the centre.
 */
function hexesOf(army: Army): string[] {
  const cols = Array.from({ length: COLS }, (_, i) => i).sort((a, b) => Math.abs(a - COLS / 2) - Math.abs(b - COLS / 2) || a - b);
  const two = (n: number) => String(n).padStart(2, '0');
  return army.rows.flatMap((row) => cols.map((c) => `${two(c + 1)}${two(row)}`));
}

function unitsOf(army: Army): UnitInput[] {
  const hexes = hexesOf(army);
  const units: UnitInput[] = [];
  const place = (u: UnitInput, hidden: boolean) =>
    units.push(hidden ? { ...u, deployHidden: true } : { ...u, hex: hexes.shift()!, facing: army.facing });
  for (let w = 1; w <= WINGS_PER_SIDE; w++) {
    const wing = `${army.prefix}-wing-${w}`;
    const leader = army.characters[w % army.characters.length];
    place({ ...template(leader), id: `${army.prefix}-leader-${w}`, wing }, false);
    for (let t = 1; t <= TROOPS_PER_WING; t++) {
      const n = (w - 1) * TROOPS_PER_WING + t;
      const base = template(army.troops[n % army.troops.length]);
      place({ ...base, id: `${army.prefix}-${base.type}-${n}`, wing }, n % HIDDEN_EVERY === 0);
    }
  }
  return units;
}

function sideOf(army: Army, name: string, retreatEdge: 'north' | 'south'): ScenarioInput['sides'][number] {
  return {
    id: army.side,
    name,
    armyCommander: `${army.prefix}-leader-1`,
    retreatEdge,
    deploymentZone: [army.zone],
    wings: Array.from({ length: WINGS_PER_SIDE }, (_, i) => ({
      id: `${army.prefix}-wing-${i + 1}`,
      name: `${name} ${i + 1}`,
      leader: `${army.prefix}-leader-${i + 1}`,
      directive: retreatEdge === 'north' ? 'attack' : 'defend',
      morale: 7,
      fatigue: 6,
    })),
  };
}

/** The stress battle as a scenario file would hold it. */
export function stressScenarioInput(): ScenarioInput {
  const hills = scenarioById('the-raven-hills')!;
  return {
    id: 'stress-battle',
    name: { fr: 'Bataille d’essai en charge', en: 'Stress battle' },
    description: { fr: 'Environ 150 unités sur 30×24 hexagones (issue 9).', en: 'About 150 units on 30×24 hexes (issue 9).' },
    rulesLevel: 'intermediate',
    turnLimit: 12,
    map: {
      cols: COLS,
      rows: ROWS,
      defaultTerrain: 'clear',
      terrain: { rough: ['0519', '2519'] },
      altitude: { '1': ['0519', '2519'] },
      hexsides: [],
      features: { wood: ['1020', '2020'], village: ['1521'] },
    },
    sides: [sideOf(NORTH, 'Dents Noires', 'north'), { ...sideOf(SOUTH, 'Alliance du Val', 'south'), ammunitionSource: '1521' }],
    units: [...unitsOf(NORTH), ...unitsOf(SOUTH)],
    victory: hills.victory,
    light: 'day',
    gameElements: { weather: 'rain' },
  };
}

/** The stress battle, checked by loadScenario like any scenario file. */
export function stressScenario(): Scenario {
  return loadScenario(stressScenarioInput());
}

/** The stress battle ready for turn 1: both sides deployed at the first legal hexes, a decoy for each hidden unit where there is room. */
export function stressGame(seed: string): GameState {
  return deployFirstFit(createGame(stressScenario(), seed));
}
