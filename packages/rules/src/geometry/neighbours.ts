import { DIRECTIONS, GridSize, neighbourOf } from './hex';

/**
 * Precomputed neighbour table: `table[index * 6 + dir]` is the neighbour of
 * `index` across hexside `dir`, or -1 off the map. Movement searches ask for
 * neighbours millions of times; the table turns each ask into one read.
 */
const cache = new Map<string, Int32Array>();
/** The last table asked for: nearly every ask is for the one board in play, and building the cache key costs more than the read. */
let last: { cols: number; rows: number; table: Int32Array } | null = null;

export function neighbourTable(grid: GridSize): Int32Array {
  if (last && last.cols === grid.cols && last.rows === grid.rows) return last.table;
  const key = `${grid.cols}x${grid.rows}`;
  let table = cache.get(key);
  if (!table) {
    table = new Int32Array(grid.cols * grid.rows * 6);
    for (let i = 0; i < grid.cols * grid.rows; i++) {
      for (const d of DIRECTIONS) table[i * 6 + d] = neighbourOf(grid, i, d);
    }
    cache.set(key, table);
  }
  last = { cols: grid.cols, rows: grid.rows, table };
  return table;
}
