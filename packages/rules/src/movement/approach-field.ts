import type { Facing } from '../geometry/facing';
import type { GameState, Unit } from '../state/types';
import { bodyHexes } from '../units/body';
import type { Halves } from './costs';
import { boardId, FieldCache } from './field-cache';
import { MinHeap } from './heap';
import { moverKey, stepTable, StepTable } from './step-table';

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

const cache = new FieldCache<ApproachField>(128);

/**
 * The field depends on the board, the unit's movement and the targets'
 * hexes only: units of one kind share it, and it is kept for the states
 * after, until a target moves (field-cache.ts).
 */
export function approachField(state: GameState, unit: Unit, targets: readonly Unit[]): ApproachField {
  const key = `${boardId(state.board)}|${moverKey(unit)}|${targets.map((t) => bodyHexes(t).join('+')).join(',')}`;
  return cache.get(key, () => searchField(stepTable(state.board, unit), targets));
}

function searchField(t: StepTable, targets: readonly Unit[]): ApproachField {
  const cost = new Float32Array(t.size * 24).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap((k) => cost[k]);
  for (const k of goalStates(t, targets)) {
    cost[k] = 0;
    heap.push(k);
  }
  const nb = t.neighbours;
  const done = new Uint8Array(t.size * 24);
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
    const hex = (k / 24) | 0;
    const facing = (k >> 1) % 12;
    // Before a turn (k odd: reached by turning) came a state of the same hex, not turned, facing elsewhere.
    if ((k & 1) === 1) for (let f = 0; f < 12; f++) if (f !== facing) relax((hex * 12 + f) * 2, cost[k] + t.turn[f * 12 + facing]);
    // Before a step into this hex (k even) came a neighbour with the same facing, this hex in its front zone, turned or not.
    if ((k & 1) === 0) {
      for (let d = 0; d < 6; d++) {
        const from = nb[hex * 6 + d];
        if (from < 0) continue;
        // The way back is the opposite direction on a regular board; asked in full only where it is not (issue 9: six look-ups per neighbour were most of a settle).
        const back = (d + 3) % 6;
        const ahead = nb[from * 6 + back] === hex ? back : directionOf(nb, from, hex);
        if (ahead === -1 || !t.front[facing * 6 + ahead]) continue;
        const h = t.halves[from * 6 + ahead];
        if (h === Number.POSITIVE_INFINITY) continue;
        relax((from * 12 + facing) * 2, cost[k] + h);
        relax((from * 12 + facing) * 2 + 1, cost[k] + h);
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

/** `directionTo` on the board's neighbour table: the first direction from `from` that leads to `to`, or -1. */
function directionOf(nb: Int32Array, from: number, to: number): number {
  for (let d = 0; d < 6; d++) if (nb[from * 6 + d] === to) return d;
  return -1;
}

/** Every state (turned or not) in which the unit engages a target: next to it, the target in its front zone, its hex and the hexside open to the unit (§2.3.2, stacks ignored). */
function goalStates(t: StepTable, targets: readonly Unit[]): number[] {
  const goals: number[] = [];
  const nb = t.neighbours;
  // A formation is engaged by engaging either of its hexes.
  for (const targetHex of targets.flatMap((t) => bodyHexes(t))) {
    for (let d = 0; d < 6; d++) {
      const hex = nb[targetHex * 6 + d];
      if (hex < 0) continue;
      const toward = directionOf(nb, hex, targetHex);
      // Adjacency (the target's hex and the hexside open to the unit) does not depend on the facing.
      if (toward === -1 || !t.adjacent[hex * 6 + toward]) continue;
      for (let f = 0; f < 12; f++) if (t.front[f * 6 + toward]) goals.push((hex * 12 + f) * 2, (hex * 12 + f) * 2 + 1);
    }
  }
  return goals;
}
