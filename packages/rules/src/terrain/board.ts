import { terrainTable } from '../data';
// Straight from the schemas, not through the data index's re-export: a getter on every read, and `terrainAt` is asked millions of times (issue 9).
import { HEXSIDES, Hexside, Terrain, TERRAINS } from '../data/schemas';
import { Direction, neighbourOf, opposite } from '../geometry/hex';
import { neighbourTable } from '../geometry/neighbours';
import type { Board } from '../state/types';

/**
 * Typed-array index of a board, built once per board and cached: terrain
 * codes, altitudes, the kind of each of the six hexsides of every hex, and
 * the neighbour table.
 */
export interface BoardIndex {
  readonly cols: number;
  readonly rows: number;
  readonly size: number;
  readonly terrain: Uint8Array;
  readonly altitude: Float32Array;
  /** `hexside[index * 6 + dir]`: code into HEXSIDES. */
  readonly hexside: Uint8Array;
  readonly neighbours: Int32Array;
}

const cache = new WeakMap<Board, BoardIndex>();

/** The canonical key of the hexside of `hex` in direction `dir`: stored on the hex that sees it as N, NE or SE. */
export function hexsideKey(board: { cols: number; rows: number }, hex: number, dir: Direction): string {
  if (dir < 3) return `${hex}:${dir}`;
  const other = neighbourOf(board, hex, dir);
  return other < 0 ? `${hex}:${dir}` : `${other}:${opposite(dir)}`;
}

export function boardIndex(board: Board): BoardIndex {
  let idx = cache.get(board);
  if (idx) return idx;
  const size = board.cols * board.rows;
  const neighbours = neighbourTable(board);
  const hexside = new Uint8Array(size * 6);
  for (let h = 0; h < size; h++) {
    for (let d = 0 as Direction; d < 6; d = (d + 1) as Direction) {
      const kind = board.hexsides[hexsideKey(board, h, d)] ?? 'normal';
      hexside[h * 6 + d] = HEXSIDES.indexOf(kind);
    }
  }
  idx = {
    cols: board.cols,
    rows: board.rows,
    size,
    terrain: Uint8Array.from(board.terrain, (t) => TERRAINS.indexOf(t)),
    altitude: Float32Array.from(board.altitude),
    hexside,
    neighbours,
  };
  cache.set(board, idx);
  return idx;
}

export function terrainAt(board: Board, hex: number): Terrain {
  return TERRAINS[boardIndex(board).terrain[hex]];
}

export function hexsideAt(board: Board, hex: number, dir: Direction): Hexside {
  return HEXSIDES[boardIndex(board).hexside[hex * 6 + dir]];
}

export function neighbour(board: Board, hex: number, dir: Direction): number {
  return boardIndex(board).neighbours[hex * 6 + dir];
}

export function terrainInfo(t: Terrain) {
  return terrainTable.terrains.find((x) => x.id === t)!;
}

export function hexsideInfo(h: Hexside) {
  return terrainTable.hexsides.find((x) => x.id === h)!;
}
