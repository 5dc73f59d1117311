import { Direction, DIRECTIONS } from './hex';

/**
 * The twelve orientations of §2.3: a unit faces either a hexside or a vertex.
 * Facing `f` in 0..11 turns clockwise from north in 30° steps: an even facing
 * points at hexside `f / 2`, an odd one at the vertex between hexsides
 * `(f - 1) / 2` and `(f + 1) / 2`.
 */
export type Facing = number;
export const FACINGS: readonly Facing[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

export type Zone = 'front' | 'flank' | 'rear';
export type UnitSize = 'large' | 'small';

export function facesVertex(f: Facing): boolean {
  return f % 2 === 1;
}

/** Number of 30° steps between two facings (0..6), the shorter way round. */
export function turnSteps(from: Facing, to: Facing): number {
  const d = Math.abs(from - to) % 12;
  return Math.min(d, 12 - d);
}

/** Angular distance, in hexside steps, between hexside `dir` and facing `f` (in half-steps). */
function halfStepsFrom(f: Facing, dir: Direction): number {
  return turnSteps(f, dir * 2);
}

/**
 * The zone that hexside `dir` belongs to for a unit facing `f` (§2.3).
 * A large unit facing a hexside has a 3-hex front and a 3-hex rear; facing a
 * vertex it has a 2-hex front, two 1-hex flanks and a 2-hex rear. A small
 * unit's front is all six hexes.
 */
export function zoneOf(size: UnitSize, f: Facing, dir: Direction): Zone {
  if (size === 'small') return 'front';
  const h = halfStepsFrom(f, dir);
  if (facesVertex(f)) return h === 1 ? 'front' : h === 3 ? 'flank' : 'rear';
  return h <= 2 ? 'front' : 'rear';
}

export function directionsInZone(size: UnitSize, f: Facing, zone: Zone): Direction[] {
  return DIRECTIONS.filter((d) => zoneOf(size, f, d) === zone);
}

/**
 * Zone used to withdraw or recoil (§2.3): a unit with only a front zone uses
 * the same six hexes as its rear.
 */
export function retreatDirections(size: UnitSize, f: Facing): Direction[] {
  return size === 'small' ? [...DIRECTIONS] : directionsInZone(size, f, 'rear');
}

/**
 * The two hexsides at 90° to a vertex facing (§3.3, l.2122): a two-hex body
 * (a formation) lies across one of them. They are the flank hexsides of a
 * one-hex large unit facing that vertex. A hexside facing has none.
 */
export function pairDirections(f: Facing): Direction[] {
  if (!facesVertex(f)) return [];
  return [(((f + 3) / 2) % 6) as Direction, (((f + 9) / 2) % 6) as Direction];
}

export const FACING_NAMES_EN = ['N', 'NNE', 'NE', 'E', 'SE', 'SSE', 'S', 'SSW', 'SW', 'W', 'NW', 'NNW'];
