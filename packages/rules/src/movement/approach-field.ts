import { movementTable } from '../data';
import { FACINGS, Facing, zoneOf } from '../geometry/facing';
import { DIRECTIONS, directionTo } from '../geometry/hex';
import type { GameState, Unit } from '../state/types';
import { boardIndex, neighbour } from '../terrain/board';
import { movementPoints, zoneSize } from '../units/abilities';
import { isAdjacent } from '../units/engagement';
import { Halves, reorientCost, stepCost, toHalves } from './costs';
import { MinHeap } from './heap';

/**
 * What it costs `unit`, standing in any hex with any facing, to engage the
 * nearest of `targets` (§2.6.11.1, "se rapprocher de l'ennemi le plus
 * proche"), in half points: the same answer as the least `engageCost` over
 * the targets, searched once for the whole board instead of once per hex,
 * facing and target (issue 9: the attack directive asked one search per
 * arrival per enemy).
 *
 * A reverse uniform-cost search over the states of `engageCost`'s search
 * (hex × facing × "reached by turning", movement/nearest-threat.ts) from
 * every state that engages a target. A state's value is its cost-to-go:
 * a step ahead into a front-zone hex, or (not after a turn) one
 * reorientation priced as a whole (§2.6.6). `at(hex, facing)` reads the
 * value of a unit standing there before it moves.
 */
export interface ApproachField {
  at(hex: number, facing: Facing): Halves;
}

export function approachField(state: GameState, unit: Unit, targets: readonly Unit[]): ApproachField {
  const board = state.board;
  const size = boardIndex(board).size;
  const cost = new Float64Array(size * 24).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap((k) => cost[k]);
  for (const k of goalStates(state, unit, targets)) {
    cost[k] = 0;
    heap.push(k);
  }
  const minimal = toHalves(movementPoints(unit) * movementTable.minimalMovementDistanceFactor);
  const zones = zoneSize(unit);
  const done = new Uint8Array(size * 24);
  const relax = (k: number, c: Halves) => {
    if (!done[k] && c < cost[k]) {
      cost[k] = c;
      heap.push(k);
    }
  };
  /** Settles the next state, cheapest first; false when none is left. */
  const settleNext = (): boolean => {
    const k = heap.pop();
    if (k === undefined) return false;
    if (done[k]) return true;
    done[k] = 1;
    const hex = Math.floor(k / 24);
    const facing = ((k >> 1) % 12) as Facing;
    // Before a turn (k odd: reached by turning) came a state of the same hex, not turned, facing elsewhere.
    if ((k & 1) === 1) for (const f of FACINGS) if (f !== facing) relax((hex * 12 + f) * 2, cost[k] + reorientCost(unit, f, facing));
    // Before a step into this hex (k even) came a neighbour with the same facing, this hex in its front zone, turned or not.
    if ((k & 1) === 0) {
      for (const d of DIRECTIONS) {
        const from = neighbour(board, hex, d);
        if (from < 0) continue;
        const ahead = directionTo(board, from, hex);
        if (ahead === -1 || zoneOf(zones, facing, ahead) !== 'front') continue;
        const sc = stepCost(board, unit, from, ahead);
        if (sc.kind === 'forbidden') continue;
        const c = cost[k] + (sc.kind === 'minimal' ? minimal : sc.halves);
        relax((from * 12 + facing) * 2, c);
        relax((from * 12 + facing) * 2 + 1, c);
      }
    }
    return true;
  };
  // Lazily: the search goes on only until the state asked about is settled (Dijkstra settles cheapest first),
  // so positions near the enemy cost little, as the bounded searches it replaces did.
  return {
    at(hex, facing) {
      const k = (hex * 12 + facing) * 2;
      while (!done[k] && settleNext());
      return cost[k];
    },
  };
}

/** Every state (turned or not) in which the unit engages a target: next to it, the target in its front zone, its hex and the hexside open to the unit (§2.3.2, stacks ignored). */
function goalStates(state: GameState, unit: Unit, targets: readonly Unit[]): number[] {
  const goals: number[] = [];
  const zones = zoneSize(unit);
  for (const t of targets) {
    for (const d of DIRECTIONS) {
      const hex = neighbour(state.board, t.hex, d);
      if (hex < 0) continue;
      const toward = directionTo(state.board, hex, t.hex);
      if (toward === -1) continue;
      // Adjacency (the target's hex and the hexside open to the unit) does not depend on the facing.
      if (!isAdjacent(state, { ...unit, hex }, t)) continue;
      for (const f of FACINGS) if (zoneOf(zones, f, toward) === 'front') goals.push((hex * 12 + f) * 2, (hex * 12 + f) * 2 + 1);
    }
  }
  return goals;
}
