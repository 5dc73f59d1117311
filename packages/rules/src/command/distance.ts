import { DIRECTIONS } from '../geometry/hex';
import { MinHeap } from '../movement/heap';
import { neighbour, terrainAt } from '../terrain/board';
import type { Board, Unit } from '../state/types';
import { bodyHexes } from '../units/body';

/**
 * Command distances (§2.5.8, §2.5.9): hexes counted centre to centre, each
 * difficult hex entered counting 2 — terrain only, whatever the units on the
 * way, so a cost can never depend on a hidden piece. Only the terrain named
 * "difficult" counts double (project decision).
 */
export function commandDistance(board: Board, from: number, to: number): number {
  if (from === to) return 0;
  const dist = new Float64Array(board.cols * board.rows).fill(Number.POSITIVE_INFINITY);
  dist[from] = 0;
  const heap = new MinHeap((h) => dist[h]);
  heap.push(from);
  for (let h = heap.pop(); h !== undefined; h = heap.pop()) {
    if (h === to) return dist[h];
    for (const d of DIRECTIONS) {
      const n = neighbour(board, h, d);
      if (n < 0) continue;
      const c = dist[h] + (terrainAt(board, n) === 'difficult' ? 2 : 1);
      if (c < dist[n]) {
        dist[n] = c;
        heap.push(n);
      }
    }
  }
  return dist[to];
}

/** Full bands of 4 hexes between two hexes (§2.5.8, §2.5.9). */
export function commandBands(board: Board, from: number, to: number): number {
  return Math.floor(commandDistance(board, from, to) / 4);
}

/** Full bands of 4 hexes from a hex to a unit: to the nearer hex of a formation. */
export function commandBandsTo(
  board: Board,
  from: number,
  unit: Pick<Unit, 'hex' | 'secondHex'>,
): number {
  return Math.min(...bodyHexes(unit).map((h) => commandBands(board, from, h)));
}
