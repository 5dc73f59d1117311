import { movementClass, movementTable } from '../data';
import type { TerrainCost } from '../data/schemas';
import { turnSteps, Facing } from '../geometry/facing';
import { Direction } from '../geometry/hex';
import { boardIndex, hexsideAt, neighbour } from '../terrain/board';
import type { Board, Unit } from '../state/types';
import { crossesByFaculty, entersByFaculty, hasFaculty, mayCrossHexside, mayEnterTerrain, movementTerrain } from '../units/abilities';

/**
 * Movement costs of the Table de Mouvement (§2.6.2), counted in half points
 * so that every sum is exact.
 */
export type Halves = number;
export const toHalves = (points: number): Halves => Math.round(points * 2);
export const toPoints = (halves: Halves): number => halves / 2;

type Mover = Pick<Unit, 'profiles' | 'faculties' | 'size'>;

export type StepCost =
  | { kind: 'cost'; halves: Halves; road: boolean; roughHexside: boolean; climb: boolean }
  | { kind: 'minimal'; road: boolean; roughHexside: boolean; climb: boolean }
  | { kind: 'forbidden'; reason: 'terrain' | 'hexside' | 'offMap' };

/**
 * Cost of one elementary move from `from` across hexside `dir` (§2.6.3):
 * the terrain of the hex entered — or the road column when a road hexside
 * links the two hexes (§2.2.1.2) — plus a rough hexside and climbing a level.
 * The hex counts as the terrain it is for the mover's movement (forest
 * adaptation, §3.1); what a climber or a swimmer crosses or enters only by
 * its faculty takes minimal movement (§3.1).
 */
export function stepCost(board: Board, mover: Mover, from: number, dir: Direction): StepCost {
  const to = neighbour(board, from, dir);
  if (to < 0) return { kind: 'forbidden', reason: 'offMap' };
  const row = movementClass(mover.profiles.movement.class);
  const terrain = movementTerrain(board, mover, to);
  if (!mayEnterTerrain(mover, terrain)) return { kind: 'forbidden', reason: 'terrain' };
  const side = hexsideAt(board, from, dir);
  if (!mayCrossHexside(mover, side)) return { kind: 'forbidden', reason: 'hexside' };
  const road = side === 'road' && row.road !== null;
  const base: TerrainCost = road ? row.road : row.terrain[terrain];
  const roughHexside = side === 'rough';
  if (roughHexside && row.roughHexside === null) return { kind: 'forbidden', reason: 'hexside' };
  const idx = boardIndex(board);
  const climb = !row.flying && idx.altitude[to] > idx.altitude[from];
  if (entersByFaculty(mover, terrain) || crossesByFaculty(mover, side)) return { kind: 'minimal', road, roughHexside, climb };
  if (base === null) return { kind: 'forbidden', reason: 'terrain' };
  if (base === 'minimal') return { kind: 'minimal', road, roughHexside, climb };
  const extra = (roughHexside ? row.roughHexside ?? 0 : 0) + (climb ? row.levelUp : 0);
  return { kind: 'cost', halves: toHalves(base + extra), road, roughHexside, climb };
}

/**
 * Cost of one reorientation (§2.6.6, table column "Réorientation"): the first
 * vertex step and each further one have their own price. Small units and
 * hedgehogs turn for free (§2.3, §3.1).
 */
export function reorientCost(mover: Mover, from: Facing, to: Facing): Halves {
  const steps = turnSteps(from, to);
  // A hedgehog turns as a small unit does: for free (§3.1; sheet 000, Orientation).
  if (steps === 0 || mover.size === 'small' || hasFaculty(mover, 'hedgehog')) return 0;
  const row = movementClass(mover.profiles.movement.class);
  return toHalves(row.reorientFirst + (steps - 1) * row.reorientEach);
}

/** Extra cost of passing through a hex holding friendly large units (§2.3.1.1, §2.6.7). */
export function crossingCost(largeUnitsCrossed: number): Halves {
  return toHalves(largeUnitsCrossed * movementTable.crossFriendlyLarge);
}
