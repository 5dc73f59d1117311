import { createGame, GameState, loadScenario, parseHexLabel, ScenarioError, ScenarioInput } from '../src';
import { deploySides, LabelledPlacement } from '../src/testing';

type UnitInput = ScenarioInput['units'][number];
type Profiles = UnitInput['profiles'];
/**
 * A unit of a test battlefield: in the open, or `hidden` at the hex and
 * facing its side deploys it to (§4.5.2). The fixtures turn a hidden one into
 * a unit deployed hidden and play the deployment, so that tests start where
 * they mean to.
 */
export type TestUnit = Omit<UnitInput, 'deployHidden' | 'hex' | 'facing'> & { hex: string; facing: number; hidden?: boolean };
/** A decoy its side deploys (§4.5.2), with the id the test calls it by. */
export interface TestDecoy {
  id: string;
  side: string;
  hex: string;
  facing: number;
  mimic: string;
}

/** Profiles of an ordinary unit of the given movement class. */
export function profiles(movement: Profiles['movement']['class'] = 'pedestrian', capacity: Profiles['movement']['capacity'] = 'ordinary'): Profiles {
  return {
    weapon: { class: 'infantry', capacity: 'ordinary' },
    command: { class: 'regular', capacity: 'ordinary' },
    morale: { class: 'normal', capacity: 'ordinary' },
    movement: { class: movement, capacity },
  };
}

export function unit(id: string, side: 'blue' | 'red', hex: string, facing: number, extra: Partial<TestUnit> = {}): TestUnit {
  return {
    id,
    name: id,
    side,
    wing: `${side}-wing`,
    kind: 'troop',
    size: 'large',
    type: 'infantry',
    profiles: profiles(),
    steps: 2,
    hex,
    facing,
    ...extra,
  };
}

/**
 * A 10×10 clear battlefield for two sides, blue and red, one wing each. A
 * side with hidden units or decoys deploys them in a zone made of their hexes.
 */
export function scenario(units: TestUnit[], map: Partial<ScenarioInput['map']> = {}, decoys: TestDecoy[] = []): ScenarioInput {
  const side = (id: 'blue' | 'red', edge: 'south' | 'north') => {
    const zone = [...units.filter((u) => u.side === id && u.hidden), ...decoys.filter((d) => d.side === id)].map((p) => p.hex);
    return {
      id,
      name: id,
      armyCommander: null,
      retreatEdge: edge,
      ...(zone.length > 0 ? { deploymentZone: zone } : {}),
      wings: [{ id: `${id}-wing`, name: `${id} wing`, leader: null, directive: 'attack' as const, morale: 5, fatigue: 4 }],
    };
  };
  return {
    id: 'test-field',
    name: { fr: 'Champ', en: 'Field' },
    description: { fr: 'Test', en: 'Test' },
    // Test fields play the intermediate rules, so that fire and the faculties can be set up; chapter 2 is the same at both levels.
    rulesLevel: 'intermediate',
    turnLimit: 3,
    map: { cols: 10, rows: 10, ...map },
    sides: [side('blue', 'south'), side('red', 'north')],
    units: units.map(({ hidden, ...u }) => (hidden ? { ...u, hex: undefined, facing: undefined, deployHidden: true } : u)),
    ...formationCounters(units),
  };
}

/** A test formation is a counter of its own profiles (§3.3, PRE-06): the field lists them as its type's formation profiles. */
function formationCounters(units: TestUnit[]): Pick<ScenarioInput, 'formationProfiles'> {
  const formations = units.filter((u) => u.secondHex !== undefined);
  return formations.length > 0 ? { formationProfiles: Object.fromEntries(formations.map((u) => [u.type, u.profiles])) } : {};
}

/** The battlefield after its deployment: hidden units and decoys where the test put them, decoys named as the test names them. */
export function game(units: TestUnit[], map: Partial<ScenarioInput['map']> = {}, decoys: TestDecoy[] = []): GameState {
  const created = createGame(loadScenario(scenario(units, map, decoys)), 'test-seed');
  const placements: Record<string, LabelledPlacement> = {};
  for (const side of ['blue', 'red'] as const) {
    placements[side] = {
      units: units.filter((u) => u.side === side && u.hidden).map((u) => ({ unit: u.id, hex: u.hex, facing: u.facing })),
      decoys: decoys.filter((d) => d.side === side).map((d) => ({ mimic: d.mimic, hex: d.hex, facing: d.facing })),
    };
  }
  if (decoys.length > 0 && !created.deployment) throw new Error('a decoy imitates a hidden unit of its side (§4.5.1): hide one');
  const { state } = deploySides(created, placements);
  for (const side of ['blue', 'red'] as const) {
    decoys.filter((d) => d.side === side).forEach((d, i) => (state.decoys.find((x) => x.id === `${side}-decoy-${i + 1}`)!.id = d.id));
  }
  return state;
}

export const H = (label: string) => parseHexLabel({ cols: 10, rows: 10 }, label);

/** Gives units a special order (§2.5.5), freeing them of their wing's directive in tests about something else. */
export function withOrder(state: GameState, ...ids: string[]): GameState {
  for (const u of state.units) if (ids.includes(u.id)) u.order = 'specialOrder';
  return state;
}

/**
 * A battlefield where the blue unit 'b' holds a special order: withdrawing or
 * fleeing in order is refused under its wing's attack directive (§2.5.1), and
 * tests about the manoeuvre itself need it free.
 */
export function gameWithFreeB(units: TestUnit[], map: Partial<ScenarioInput['map']> = {}, decoys: TestDecoy[] = []): GameState {
  return withOrder(game(units, map, decoys), 'b');
}

/** The issues a scenario file is refused with, each naming its field; none when it loads. */
export function issuesOf(json: unknown): string[] {
  try {
    loadScenario(json);
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.issues;
    throw e;
  }
}
