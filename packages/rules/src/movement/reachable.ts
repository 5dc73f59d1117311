import { FACINGS, Facing } from '../geometry/facing';
import { isRejection } from '../actions/rejection';
import { toPoints } from './costs';
import { MinHeap } from './heap';
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
}

interface Node {
  ws: WalkState;
  prev: number;
  step: MoveStep | null;
}

const key = (ws: WalkState) => ((ws.hex * 12 + ws.facing) * 2 + (ws.reorientedSinceStep ? 1 : 0)) * 2 + (ws.engagingRun ? 1 : 0);

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
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    if (done.has(k)) continue;
    done.add(k);
    const { ws } = nodes.get(k)!;
    for (const [next, step] of successors(ctx, ws)) {
      const nk = key(next);
      const known = nodes.get(nk);
      if (done.has(nk) || (known && known.ws.spent <= next.spent)) continue;
      nodes.set(nk, { ws: next, prev: k, step });
      heap.push(nk);
    }
  }
  return bestArrivals(nodes, startKey);
}

function* successors(ctx: MoveContext, ws: WalkState): Generator<[WalkState, MoveStep]> {
  if (ws.ended) return;
  const board = ctx.view.board;
  for (let d = 0; d < 6; d++) {
    const to = neighbour(board, ws.hex, d as Direction);
    if (to < 0) continue;
    const next = walkStep(ctx, ws, to);
    if (!isRejection(next)) yield [next, { to }];
  }
  for (const f of FACINGS) {
    if (f === ws.facing) continue;
    const next = walkReorient(ctx, ws, f);
    if (!isRejection(next)) yield [next, { face: f }];
  }
}

function bestArrivals(nodes: Map<number, Node>, startKey: number): Arrival[] {
  const best = new Map<number, number>();
  for (const [k, n] of nodes) {
    if (k === startKey) continue;
    const place = n.ws.hex * 12 + n.ws.facing;
    const current = best.get(place);
    if (current === undefined || nodes.get(current)!.ws.spent > n.ws.spent) best.set(place, k);
  }
  return [...best.values()].map((k) => {
    const n = nodes.get(k)!;
    return { hex: n.ws.hex, facing: n.ws.facing, cost: toPoints(n.ws.spent), steps: pathTo(nodes, k), ends: n.ws.ended };
  });
}

function pathTo(nodes: Map<number, Node>, k: number): MoveStep[] {
  const steps: MoveStep[] = [];
  for (let n = nodes.get(k)!; n.step; n = nodes.get(n.prev)!) steps.push(n.step);
  return steps.reverse();
}
