import { FACINGS, Facing, zoneOf } from '../geometry/facing';
import { isRejection } from '../actions/rejection';
import { toPoints } from './costs';
import { MinHeap } from './heap';
import { chargeOpenAfter, chargeRank } from './charge';
import { neighbour } from '../terrain/board';
import type { Direction } from '../geometry/hex';
import { MoveContext, MoveEnd, startWalk, walkReorient, walkStep, WalkState } from './walker';

export type MoveStep = { to: number } | { face: Facing };

/** One way to end a move: where, facing where, at what cost, and how to get there. */
export interface Arrival {
  hex: number;
  facing: Facing;
  /** Movement points spent. */
  cost: number;
  steps: MoveStep[];
  /** Why the move cannot go on from here, if it cannot. */
  ends: MoveEnd | null;
  /** A charge marker is open at this arrival (§2.6.9). */
  charge: boolean;
}

interface Node {
  ws: WalkState;
  prev: number;
  step: MoveStep | null;
}

const key = (ws: WalkState) => (((ws.hex * 12 + ws.facing) * 2 + (ws.reorientedSinceStep ? 1 : 0)) * 2 + (ws.engagingRun ? 1 : 0)) * 5 + ws.chargeRun;

/**
 * Every place and facing the mover can end its move at, each with its
 * cheapest sequence of steps (uniform-cost search over hex × facing, using
 * the same walker that validates a submitted move).
 */
export function searchArrivals(ctx: MoveContext): Arrival[] {
  const nodes = new Map<number, Node>();
  const start = startWalk(ctx);
  const startKey = key(start);
  nodes.set(startKey, { ws: start, prev: -1, step: null });
  const heap = new MinHeap((k) => nodes.get(k)!.ws.spent);
  heap.push(startKey);
  const done = new Set<number>();
  // A state reached no dearer with a charge run at least as good makes this one useless (§2.6.9 keeps the search small).
  const doneRank = new Map<number, number>();
  const dominated = (k: number) => (doneRank.get(Math.floor(k / 5)) ?? -1) >= chargeRank(k % 5);
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    if (done.has(k) || dominated(k)) continue;
    done.add(k);
    doneRank.set(Math.floor(k / 5), chargeRank(k % 5));
    const { ws } = nodes.get(k)!;
    for (const [next, step] of successors(ctx, ws)) {
      const nk = key(next);
      const known = nodes.get(nk);
      if (done.has(nk) || dominated(nk) || (known && known.ws.spent <= next.spent)) continue;
      nodes.set(nk, { ws: next, prev: k, step });
      heap.push(nk);
    }
  }
  return bestArrivals(nodes, startKey);
}

function* successors(ctx: MoveContext, ws: WalkState): Generator<[WalkState, MoveStep]> {
  if (ws.ended) return;
  const board = ctx.view.board;
  const size = ctx.mover.unit.size;
  for (let d = 0; d < 6; d++) {
    // Only the front zone is open (§2.6.3): the walker would refuse the rest, at the price of a worded refusal.
    if (zoneOf(size, ws.facing, d as Direction) !== 'front') continue;
    const to = neighbour(board, ws.hex, d as Direction);
    if (to < 0) continue;
    const next = walkStep(ctx, ws, to);
    if (!isRejection(next)) yield [next, { to }];
  }
  if (ws.reorientedSinceStep) return; // never two reorientations in a row (§2.6.6)
  for (const f of FACINGS) {
    if (f === ws.facing) continue;
    const next = walkReorient(ctx, ws, f);
    if (!isRejection(next)) yield [next, { face: f }];
  }
}

/**
 * The cheapest way to each place; when only a dearer way there leaves a
 * charge marker open (§2.6.9), that way is offered too, as a second arrival
 * at the same place with `charge: true`.
 */
function bestArrivals(nodes: Map<number, Node>, startKey: number): Arrival[] {
  const best = new Map<number, number>();
  const bestCharging = new Map<number, number>();
  const keep = (m: Map<number, number>, place: number, k: number) => {
    const current = m.get(place);
    if (current === undefined || nodes.get(current)!.ws.spent > nodes.get(k)!.ws.spent) m.set(place, k);
  };
  for (const [k, n] of nodes) {
    if (k === startKey) continue;
    const place = n.ws.hex * 12 + n.ws.facing;
    keep(best, place, k);
    if (chargeOpenAfter(n.ws)) keep(bestCharging, place, k);
  }
  const keys = [...best.values()];
  for (const [place, k] of bestCharging) if (!chargeOpenAfter(nodes.get(best.get(place)!)!.ws)) keys.push(k);
  return keys.map((k) => {
    const n = nodes.get(k)!;
    return { hex: n.ws.hex, facing: n.ws.facing, cost: toPoints(n.ws.spent), steps: pathTo(nodes, k), ends: n.ws.ended, charge: chargeOpenAfter(n.ws) };
  });
}

function pathTo(nodes: Map<number, Node>, k: number): MoveStep[] {
  const steps: MoveStep[] = [];
  for (let n = nodes.get(k)!; n.step; n = nodes.get(n.prev)!) steps.push(n.step);
  return steps.reverse();
}
