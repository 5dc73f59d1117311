/**
 * Hex grid geometry (§2.2, §2.3).
 *
 * The map is a rectangle of flat-topped hexes in "odd-q" offset layout: odd
 * columns sit half a hex lower, as on the printed boards. A hex is addressed
 * by its index `row * cols + col`, which lets every per-hex table live in a
 * typed array.
 *
 * Directions name the six hexsides, clockwise from north:
 * 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
 */

import { neighbourTable } from './neighbours';

export type Direction = 0 | 1 | 2 | 3 | 4 | 5;
export const DIRECTIONS: readonly Direction[] = [0, 1, 2, 3, 4, 5];

export interface GridSize {
  readonly cols: number;
  readonly rows: number;
}

export interface Offset {
  col: number;
  row: number;
}

interface Cube {
  x: number;
  y: number;
  z: number;
}

/** Cube steps of the six directions for flat-topped hexes. */
const CUBE_STEPS: readonly Cube[] = [
  { x: 0, y: 1, z: -1 }, // N
  { x: 1, y: 0, z: -1 }, // NE
  { x: 1, y: -1, z: 0 }, // SE
  { x: 0, y: -1, z: 1 }, // S
  { x: -1, y: 0, z: 1 }, // SW
  { x: -1, y: 1, z: 0 }, // NW
];

export function hexIndex(grid: GridSize, col: number, row: number): number {
  return row * grid.cols + col;
}

export function offsetOf(grid: GridSize, index: number): Offset {
  return { col: index % grid.cols, row: Math.floor(index / grid.cols) };
}

export function isOnMap(grid: GridSize, col: number, row: number): boolean {
  return col >= 0 && row >= 0 && col < grid.cols && row < grid.rows;
}

function toCube(o: Offset): Cube {
  const x = o.col;
  const z = o.row - (o.col - (o.col & 1)) / 2;
  return { x, y: -x - z, z };
}

function fromCube(c: Cube): Offset {
  return { col: c.x, row: c.z + (c.x - (c.x & 1)) / 2 };
}

/** The hex beyond hexside `dir`, or -1 when it is off the map. */
export function neighbourOf(grid: GridSize, index: number, dir: Direction): number {
  const c = toCube(offsetOf(grid, index));
  const s = CUBE_STEPS[dir];
  const o = fromCube({ x: c.x + s.x, y: c.y + s.y, z: c.z + s.z });
  return isOnMap(grid, o.col, o.row) ? hexIndex(grid, o.col, o.row) : -1;
}

export function distance(grid: GridSize, a: number, b: number): number {
  // toCube(offsetOf(…)) of both hexes, written out: the searches and fire checks ask this for every enemy, and objects per call cost more than the sum.
  const ac = a % grid.cols;
  const bc = b % grid.cols;
  const az = Math.floor(a / grid.cols) - (ac - (ac & 1)) / 2;
  const bz = Math.floor(b / grid.cols) - (bc - (bc & 1)) / 2;
  const dx = ac - bc;
  const dz = az - bz;
  return Math.max(Math.abs(dx), Math.abs(-dx - dz), Math.abs(dz));
}

/** The direction from `a` to an adjacent hex `b`, or -1 when not adjacent. */
export function directionTo(grid: GridSize, a: number, b: number): Direction | -1 {
  const table = neighbourTable(grid);
  for (const d of DIRECTIONS) if (table[a * 6 + d] === b) return d;
  return -1;
}

export function opposite(dir: Direction): Direction {
  return ((dir + 3) % 6) as Direction;
}

/** Printed label of a hex: column then row, two digits each, from 01. */
export function hexLabel(grid: GridSize, index: number): string {
  const { col, row } = offsetOf(grid, index);
  return `${String(col + 1).padStart(2, '0')}${String(row + 1).padStart(2, '0')}`;
}

/** Parses a printed label ("0304") back to an index; -1 when malformed or off the map. */
export function parseHexLabel(grid: GridSize, label: string): number {
  if (!/^\d{4}$/.test(label)) return -1;
  const col = Number(label.slice(0, 2)) - 1;
  const row = Number(label.slice(2, 4)) - 1;
  return isOnMap(grid, col, row) ? hexIndex(grid, col, row) : -1;
}
