import { Direction, DIRECTIONS, GridSize, offsetOf } from './hex';

/**
 * Bearings between hex centres, for what the rules judge at a distance: a
 * fire cone (§3.2.1.1), the zone a shot comes from (§3.2.1, A-11), the
 * hexside a shot enters its target's hex by (sheet 000, A-13). Degrees
 * clockwise from north, as facings count (geometry/facing.ts: facing f
 * points at f × 30°, hexside d at d × 60°).
 */

/** Rounding slack: boundaries (a cone's edge, a vertex) are included. */
const EPS = 1e-6;

/** Centre of a hex, flat-topped odd-q layout, in hex radii: x east, y south. */
function centreOf(grid: GridSize, index: number): { x: number; y: number } {
  const { col, row } = offsetOf(grid, index);
  return { x: 1.5 * col, y: Math.sqrt(3) * (row + 0.5 * (col & 1)) };
}

/** Bearing of `to` seen from `from`, in [0, 360). */
export function bearing(grid: GridSize, from: number, to: number): number {
  const a = centreOf(grid, from);
  const b = centreOf(grid, to);
  const deg = (Math.atan2(b.x - a.x, a.y - b.y) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** The smaller angle between two bearings, 0..180. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/** Whether `to` lies within `halfAngle` degrees of bearing `axis` seen from `from`, edges included. */
export function withinWedge(grid: GridSize, from: number, to: number, axis: number, halfAngle: number): boolean {
  return angleBetween(axis, bearing(grid, from, to)) <= halfAngle + EPS;
}

/**
 * The hexside(s) of `hex` that the line towards `towards` leaves by: one, or
 * the two either side of a vertex when the line runs through it.
 */
export function sidesToward(grid: GridSize, hex: number, towards: number): Direction[] {
  const b = bearing(grid, hex, towards);
  return DIRECTIONS.filter((d) => angleBetween(d * 60, b) <= 30 + EPS);
}

interface Cube {
  x: number;
  z: number;
}

function cubeOf(grid: GridSize, index: number): Cube {
  const { col, row } = offsetOf(grid, index);
  return { x: col, z: row - (col - (col & 1)) / 2 };
}

/** Cube steps (x, z) of the six directions, as geometry/hex.ts. */
const STEPS: readonly Cube[] = [
  { x: 0, z: -1 },
  { x: 1, z: -1 },
  { x: 1, z: 0 },
  { x: 0, z: 1 },
  { x: -1, z: 1 },
  { x: -1, z: 0 },
];

/** Hex distance from the neighbour of `hex` across `dir` — on the map or beyond its edge — to `to`. */
export function distanceBeyond(grid: GridSize, hex: number, dir: Direction, to: number): number {
  const a = cubeOf(grid, hex);
  const b = cubeOf(grid, to);
  const x = a.x + STEPS[dir].x - b.x;
  const z = a.z + STEPS[dir].z - b.z;
  return Math.max(Math.abs(x), Math.abs(z), Math.abs(x + z));
}
