import { DIRECTIONS, GridSize, neighbourOf } from './hex';

/**
 * Precomputed neighbour table: `table[index * 6 + dir]` is the neighbour of
 * `index` across hexside `dir`, or -1 off the map. Movement searches ask for
 * neighbours millions of times; the table turns each ask into one read.
 */
const cache = new Map<string, Int32Array>();

export function neighbourTable(grid: GridSize): Int32Array {
  const key = `${grid.cols}x${grid.rows}`;
  let table = cache.get(key);
  if (!table) {
    table = new Int32Array(grid.cols * grid.rows * 6);
    for (let i = 0; i < grid.cols * grid.rows; i++) {
      for (const d of DIRECTIONS) table[i * 6 + d] = neighbourOf(grid, i, d);
    }
    cache.set(key, table);
  }
  return table;
}
