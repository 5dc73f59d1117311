import { revealSweep } from '../fog/reveal';
import type { Facing } from '../geometry/facing';
import { type GridSize, parseHexLabel } from '../geometry/hex';
import { seedRng } from '../state/dice';
import type { GameState, Profiles, Unit } from '../state/types';
import { buildBoard } from './load';
import type { Scenario } from './schema';
import { zoneHexes } from './zone';

/**
 * The opening state of a battle. `seed` must be secret and unpredictable in
 * play (the server draws it): the dice and the cover ids come from it.
 * Units listed first in a hex stand in front of its stack (§2.3.1).
 * When the scenario deploys units hidden (§4.5.2) the battle opens on the
 * deployment: those units wait off the board (hex -1), hidden, without a
 * cover id, until every side has deployed (deployment/end.ts draws the ids).
 */
export function createGame(s: Scenario, seed: string): GameState {
  const board = buildBoard(s);
  let rank = 0;
  const units: Unit[] = s.units.map((u) => ({
    id: u.id,
    name: u.name,
    side: u.side,
    wing: u.wing,
    kind: u.kind,
    size: u.size,
    type: u.type,
    profiles: u.profiles,
    steps: u.steps,
    maxSteps: u.steps,
    faculties: u.faculties,
    hex: u.deployHidden ? -1 : parseHexLabel(board, u.hex!),
    facing: (u.facing ?? 0) as Facing,
    cohesion: 'inOrder',
    breath: 'fresh',
    shock: 'none',
    order: 'none',
    stackRank: ++rank,
    hidden: u.deployHidden,
    ...(u.secondHex === undefined ? {} : { secondHex: parseHexLabel(board, u.secondHex) }),
    ...(u.formationMode === undefined || u.formationMode === 'march' ? {} : { formationMode: u.formationMode }),
  }));
  const state: GameState = {
    scenarioId: s.id,
    board,
    sides: s.sides.map((x) => ({
      id: x.id,
      name: x.name,
      armyCommander: x.armyCommander,
      retreatEdge: x.retreatEdge,
      ...(x.ammunitionSource ? { ammunitionSource: parseHexLabel(board, x.ammunitionSource) } : {}),
    })),
    wings: s.sides.flatMap((x) => x.wings.map((w) => ({ ...w, side: x.id, shakenMarkers: 0 }))),
    units,
    decoys: [],
    turn: 1,
    turnLimit: s.turnLimit,
    activeSide: s.sides[0].id,
    activation: null,
    status: 'playing',
    victory: s.victory,
    light: s.light,
    rulesLevel: s.rulesLevel,
    ...(s.gameElements ? { gameElements: { weather: s.gameElements.weather ?? null } } : {}),
    ...(Object.keys(s.formationProfiles).length > 0 ? { formationProfiles: s.formationProfiles } : {}),
    ...troopCounters(s.formationProfiles, units),
    stackCounter: rank,
    rng: seedRng(seed),
  };
  const deployment = openingDeployment(s, board);
  if (deployment) state.deployment = deployment;
  else revealSweep(state);
  return state;
}

/** The deployment phase a scenario opens with (§4.5.2), or null when no unit deploys hidden. A side with nothing to deploy has deployed. */
function openingDeployment(s: Scenario, grid: GridSize): GameState['deployment'] | null {
  if (!s.units.some((u) => u.deployHidden)) return null;
  const sides: NonNullable<GameState['deployment']>['sides'] = {};
  for (const side of s.sides) {
    sides[side.id] = { zone: zoneHexes(grid, side.deploymentZone), done: !s.units.some((u) => u.side === side.id && u.deployHidden) };
  }
  return { sides };
}

/** The simple troop profiles of each type that may form, from its one-hex troops on the field (§3.3): what its formations break into. */
function troopCounters(formationProfiles: Record<string, Profiles>, units: Unit[]): Pick<GameState, 'troopProfiles'> {
  const out: Record<string, Profiles> = {};
  for (const u of units) if (u.kind === 'troop' && u.secondHex === undefined && formationProfiles[u.type] && !out[u.type]) out[u.type] = u.profiles;
  return Object.keys(out).length > 0 ? { troopProfiles: out } : {};
}
