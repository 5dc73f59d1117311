import { revealSweep } from '../fog/reveal';
import { parseHexLabel } from '../geometry/hex';
import { drawToken, seedRng, seededDice } from '../state/dice';
import type { GameState, Unit } from '../state/types';
import { buildBoard } from './load';
import type { Scenario } from './schema';

/**
 * The opening state of a battle. `seed` must be secret and unpredictable in
 * play (the server draws it): the dice and the cover ids come from it.
 * Units listed first in a hex stand in front of its stack (§2.3.1).
 */
export function createGame(s: Scenario, seed: string): GameState {
  const board = buildBoard(s);
  const rng = seedRng(seed);
  const dice = seededDice(rng);
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
    hex: parseHexLabel(board, u.hex),
    facing: u.facing,
    cohesion: 'inOrder',
    breath: 'fresh',
    shock: 'none',
    order: 'none',
    stackRank: ++rank,
    hidden: u.hidden,
  }));
  const decoys = s.decoys.map((d) => ({ id: d.id, side: d.side, hex: parseHexLabel(board, d.hex), facing: d.facing, mimic: d.mimic, activated: false, stackRank: ++rank, coverId: '' }));
  // Cover ids are drawn for hidden units and decoys alike, in the order of
  // the hexes they stand on, so that neither the ids nor their order can
  // tell a decoy from a hidden unit.
  const covered = [...units.filter((u) => u.hidden), ...decoys].sort((a, b) => a.hex - b.hex || a.stackRank - b.stackRank);
  for (const piece of covered) piece.coverId = drawToken(dice);
  const state: GameState = {
    scenarioId: s.id,
    board,
    sides: s.sides.map((x) => ({ id: x.id, name: x.name, armyCommander: x.armyCommander, retreatEdge: x.retreatEdge })),
    wings: s.sides.flatMap((x) => x.wings.map((w) => ({ ...w, side: x.id, shakenMarkers: 0 }))),
    units,
    decoys,
    turn: 1,
    turnLimit: s.turnLimit,
    activeSide: s.sides[0].id,
    activation: null,
    status: 'playing',
    victory: s.victory,
    ...(s.gameElements ? { gameElements: { weather: s.gameElements.weather ?? null } } : {}),
    stackCounter: rank,
    rng,
  };
  revealSweep(state);
  return state;
}
