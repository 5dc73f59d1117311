import { createGame, GameState, loadScenario, parseHexLabel, ScenarioInput } from '../src';

type UnitInput = ScenarioInput['units'][number];
type Profiles = UnitInput['profiles'];

/** Profiles of an ordinary unit of the given movement class. */
export function profiles(movement: Profiles['movement']['class'] = 'pedestrian', capacity: Profiles['movement']['capacity'] = 'ordinary'): Profiles {
  return {
    weapon: { class: 'infantry', capacity: 'ordinary' },
    command: { class: 'regular', capacity: 'ordinary' },
    morale: { class: 'normal', capacity: 'ordinary' },
    movement: { class: movement, capacity },
  };
}

export function unit(id: string, side: 'blue' | 'red', hex: string, facing: number, extra: Partial<UnitInput> = {}): UnitInput {
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

/** A 10×10 clear battlefield for two sides, blue and red, one wing each. */
export function scenario(units: UnitInput[], map: Partial<ScenarioInput['map']> = {}, decoys: ScenarioInput['decoys'] = []): ScenarioInput {
  const side = (id: 'blue' | 'red', edge: 'south' | 'north') => ({
    id,
    name: id,
    armyCommander: null,
    retreatEdge: edge,
    wings: [{ id: `${id}-wing`, name: `${id} wing`, leader: null, directive: 'attack' as const, morale: 5, fatigue: 4 }],
  });
  return {
    id: 'test-field',
    name: { fr: 'Champ', en: 'Field' },
    description: { fr: 'Test', en: 'Test' },
    rulesLevel: 'basic',
    turnLimit: 3,
    map: { cols: 10, rows: 10, ...map },
    sides: [side('blue', 'south'), side('red', 'north')],
    units,
    decoys,
  };
}

export function game(units: UnitInput[], map: Partial<ScenarioInput['map']> = {}, decoys: ScenarioInput['decoys'] = []): GameState {
  return createGame(loadScenario(scenario(units, map, decoys)), 'test-seed');
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
export function gameWithFreeB(units: UnitInput[], map: Partial<ScenarioInput['map']> = {}, decoys: ScenarioInput['decoys'] = []): GameState {
  return withOrder(game(units, map, decoys), 'b');
}
