import { movementClass, movementTable } from '../../src/data';
import { FACINGS, Facing, zoneOf } from '../../src/geometry/facing';
import { Direction, DIRECTIONS, directionTo, distance } from '../../src/geometry/hex';
import { boardIndex, neighbour } from '../../src/terrain/board';
import type { GameState, Unit } from '../../src/state/types';
import { movementPoints, zoneSize } from '../../src/units/abilities';
import { isAdjacent } from '../../src/units/engagement';
import { Halves, reorientCost, stepCost, toHalves } from '../../src/movement/costs';
import { MinHeap } from '../../src/movement/heap';
import { offMapEntry } from '../../src/movement/off-map';
import { engageCost } from '../../src/movement/nearest-threat';
import { toPoints } from '../../src/movement/costs';

/**
 * The threat searches as they were before issue 9's threat fields
 * (src/movement/threat-field.ts), kept verbatim so that the tests can check
 * the new answers against them: one search for the whole board per threat,
 * and `engageCost` (still src/movement/nearest-threat.ts) per hex.
 */

/**
 * For every hex, what it would cost `e` (half points) to engage a unit
 * standing there: the flight's measure of "moving away" (§2.6.13).
 */
export function engageField(state: GameState, e: Unit): Float64Array {
  const size = boardIndex(state.board).size;
  const field = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  searchFrom(state, e, (hex, facing, c) => {
    for (const d of DIRECTIONS) {
      const n = neighbour(state.board, hex, d);
      if (n >= 0 && c < field[n] && wouldEngage(state, e, hex, facing, n)) field[n] = c;
    }
    return false;
  });
  return field;
}

/**
 * Uniform-cost search of `e`'s moves over hex × facing; `visit` returns true
 * to stop. With a target hex it is an A* search: the estimate adds the
 * cheapest hex cost of the class for every hex still between (a lower bound,
 * so the first engaging state reached is still the cheapest).
 */
function searchFrom(
  state: GameState,
  e: Unit,
  visit: (hex: number, facing: Facing, cost: Halves, estimate: Halves) => boolean,
  target = -1,
): void {
  const board = state.board;
  const size = boardIndex(board).size;
  // A state is hex × facing × "reached by turning": one reorientation per hex is priced as a whole (first step, then each further one, §2.6.6), never as a chain of first steps.
  const cost = new Float64Array(size * 24).fill(Number.POSITIVE_INFINITY);
  const perHex = target >= 0 ? cheapestHex(e) : 0;
  const h = (hex: number) =>
    perHex === 0 ? 0 : Math.max(0, distance(board, hex, target) - 1) * perHex;
  const heuristic = new Float64Array(size).fill(-1);
  const est = (k: number) => {
    const hex = Math.floor(k / 24);
    if (heuristic[hex] < 0) heuristic[hex] = h(hex);
    return cost[k] + heuristic[hex];
  };
  const heap = new MinHeap(est);
  for (const [hex, facing, c] of starts(state, e)) {
    cost[(hex * 12 + facing) * 2] = c;
    heap.push((hex * 12 + facing) * 2);
  }
  const done = new Uint8Array(size * 24);
  const minimal = toHalves(movementPoints(e) * movementTable.minimalMovementDistanceFactor);
  const relax = (nk: number, c: Halves) => {
    if (!done[nk] && c < cost[nk]) {
      cost[nk] = c;
      heap.push(nk);
    }
  };
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    if (done[k]) continue;
    done[k] = 1;
    const hex = Math.floor(k / 24);
    const facing = (k >> 1) % 12;
    if (visit(hex, facing, cost[k], est(k))) return;
    if ((k & 1) === 0)
      for (const f of FACINGS)
        if (f !== facing) relax((hex * 12 + f) * 2 + 1, cost[k] + reorientCost(e, facing, f));
    for (const d of DIRECTIONS) {
      if (zoneOf(zoneSize(e), facing, d) !== 'front') continue;
      const sc = stepCost(board, e, hex, d);
      if (sc.kind === 'forbidden') continue;
      relax(
        (neighbour(board, hex, d) * 12 + facing) * 2,
        cost[k] + (sc.kind === 'minimal' ? minimal : sc.halves),
      );
    }
  }
}

/** The cheapest a hex can cost the unit's class (half points): terrain or road, never below. */
function cheapestHex(e: Unit): Halves {
  const row = movementClass(e.profiles.movement.class);
  const costs = [...Object.values(row.terrain), row.road].filter(
    (c): c is number => typeof c === 'number',
  );
  return costs.length > 0 ? toHalves(Math.min(...costs)) : 0;
}

/** Where the enemy starts: its hex, or, off the map, the exit hex it would come back through. */
function starts(state: GameState, e: Unit): Array<[number, Facing, Halves]> {
  if (e.hex >= 0) return [[e.hex, e.facing, 0]];
  const entry = offMapEntry(state, e);
  return entry ? [[entry.hex, entry.facing, entry.cost]] : [];
}

/** The geometry of engagement (§2.3.2), stacks ignored: the target adjacent and in the front zone. */
function wouldEngage(
  state: GameState,
  e: Unit,
  hex: number,
  facing: Facing,
  targetHex: number,
): boolean {
  const dir = directionTo(state.board, hex, targetHex);
  if (dir === -1) return false;
  if (zoneOf(zoneSize(e), facing, dir as Direction) !== 'front') return false;
  return isAdjacent(state, { ...e, hex, facing }, { hex: targetHex });
}

/** `nearestThreats` as it was: one bounded `engageCost` search per candidate, nearest in hexes first. */
export function nearestThreats(state: GameState, unit: Unit): { units: Unit[]; distance: number } {
  let best = Number.POSITIVE_INFINITY;
  let units: Unit[] = [];
  const hexes = (e: Unit) => distance(state.board, e.hex >= 0 ? e.hex : e.offMap!.hex, unit.hex);
  const candidates = state.units.filter(
    (e) =>
      e.side !== unit.side &&
      !e.hidden &&
      !e.destroyed &&
      e.cohesion !== 'routed' &&
      (e.hex >= 0 || (e.offMap && e.offMap.turn === state.turn)),
  );
  for (const e of candidates.sort((a, b) => hexes(a) - hexes(b))) {
    const d = engageCost(state, e, unit, best);
    if (d < best) [best, units] = [d, [e]];
    else if (d === best && d < Number.POSITIVE_INFINITY) units.push(e);
  }
  return { units, distance: toPoints(best) };
}
