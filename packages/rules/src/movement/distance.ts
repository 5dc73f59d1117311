import { movementTable } from '../data';
import { Direction, DIRECTIONS, directionTo } from '../geometry/hex';
import { neighbour } from '../terrain/board';
import type { Board, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { Halves, stepCost, toHalves, toPoints } from './costs';
import { MinHeap } from './heap';

/**
 * Distances counted in movement points (§2.6.2), as used to find the nearest
 * enemy: a hex that only minimal movement can enter counts 150 % of the
 * unit's movement capacity.
 */
function enterHalves(board: Board, unit: Unit, from: number, to: number): Halves | null {
  const dir = directionTo(board, from, to);
  if (dir === -1) return null;
  const sc = stepCost(board, unit, from, dir as Direction);
  if (sc.kind === 'forbidden') return null;
  if (sc.kind === 'minimal') return toHalves(movementPoints(unit) * movementTable.minimalMovementDistanceFactor);
  return sc.halves;
}

/** The distance, in movement points, of a path of hexes starting at the unit's hex; null if a hex is forbidden. */
export function pathDistance(board: Board, unit: Unit, path: number[]): number | null {
  let total = 0;
  let from = unit.hex;
  for (const to of path) {
    const h = enterHalves(board, unit, from, to);
    if (h === null) return null;
    total += h;
    from = to;
  }
  return toPoints(total);
}

/** Distance in movement points from the unit's hex to every hex (Infinity where it cannot go), terrain only. */
export function distanceField(board: Board, unit: Unit): Float64Array {
  const dist = new Float64Array(board.cols * board.rows).fill(Number.POSITIVE_INFINITY);
  dist[unit.hex] = 0;
  const heap = new MinHeap((h) => dist[h]);
  heap.push(unit.hex);
  const done = new Uint8Array(dist.length);
  for (let h = heap.pop(); h !== undefined; h = heap.pop()) {
    if (done[h]) continue;
    done[h] = 1;
    for (const d of DIRECTIONS) {
      const n = neighbour(board, h, d);
      if (n < 0 || done[n]) continue;
      const c = enterHalves(board, unit, h, n);
      if (c === null) continue;
      const nd = dist[h] + toPoints(c);
      if (nd < dist[n]) {
        dist[n] = nd;
        heap.push(n);
      }
    }
  }
  return dist;
}
