// The move search (searchArrivals) as it was before its state moved to typed arrays (issue 9), kept verbatim so that the tests can check the new answers against it.
import { Facing, zoneOf } from '../../src/geometry/facing';
import { toPoints } from '../../src/movement/costs';
import { MinHeap } from '../../src/movement/heap';
import { chargeOpenAfter, chargeRank } from '../../src/movement/charge';
import { engagingAt } from '../../src/movement/charge-settle';
import { neighbour } from '../../src/terrain/board';
import type { Direction } from '../../src/geometry/hex';
import { zoneSize } from '../../src/units/abilities';
import { facingModel, FacingModel } from '../../src/movement/search-facings';
import type { BodyStep } from '../../src/movement/formation-walker';
import { searchBodyArrivals } from '../../src/movement/formation-search';
import { MoveContext, MoveEnd, MoveStep, pursuedAt, startWalk, tryExit, tryReorient, tryStep, turnCost, WalkState } from '../../src/movement/walker';

export type { MoveStep } from '../../src/movement/walker';
export type { BodyStep } from '../../src/movement/formation-walker';
export type { FormationStep } from '../../src/movement/formation-moves';

/** Where a two-hex body stands after one elementary move of a preview: both hexes, facing, points spent so far (§3.3.7). */
export interface BodyTrailStep {
  hex: number;
  second: number;
  facing: Facing;
  spent: number;
}

/** One way to end a move: where, facing where, at what cost, and how to get there. */
export interface Arrival {
  hex: number;
  /** A formation's other hex at the end (§3.3.7); absent for a one-hex unit. */
  second?: number;
  facing: Facing;
  /** Movement points spent. */
  cost: number;
  steps: BodyStep[];
  /** A formation's body after each step, for the preview (both hexes highlighted); absent for a one-hex unit. */
  trail?: BodyTrailStep[];
  /** Why the move cannot go on from here, if it cannot. */
  ends: MoveEnd | null;
  /** A charge marker is open at this arrival (§2.6.9). */
  charge: boolean;
  /** The move ends engaging an enemy here, so a contact marker may be chosen (§2.6.8, charge-settle.ts). */
  engaging: boolean;
  /** The move leaves the map across this edge hexside of `hex` (§2.6.10). */
  exit?: Direction;
  /** Leaving charging behind this enemy, the move pursues it (§2.6.10–2.6.10.1). */
  pursues?: string;
}

interface Node {
  ws: WalkState;
  prev: number;
  step: MoveStep | null;
  /** Reorientations made so far, up to 2: what a small mover's state stands for (search-facings.ts). */
  turns: number;
}

/**
 * Every place and facing the mover can end its move at, each with its
 * cheapest sequence of steps (uniform-cost search over hex × facing, using
 * the same walker that validates a submitted move; a small mover's facings
 * are folded, see search-facings.ts).
 */
export function searchArrivals(ctx: MoveContext): Arrival[] {
  if (ctx.mover.unit.secondHex !== undefined) return searchBodyArrivals(ctx);
  const model = facingModel(ctx.mover.unit);
  const key = (ws: WalkState, turns: number) => (((ws.hex * model.slots + model.slot(ws.facing, turns)) * 2 + (ws.reorientedSinceStep ? 1 : 0)) * 2 + (ws.engagingRun ? 1 : 0)) * 5 + ws.chargeRun;
  const nodes = new Map<number, Node>();
  const start = startWalk(ctx);
  const startKey = key(start, 0);
  nodes.set(startKey, { ws: start, prev: -1, step: null, turns: 0 });
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
    const { ws, turns } = nodes.get(k)!;
    successors(ctx, model, ws, turns, (next, step, nextTurns) => {
      const exit = next.ended === 'exit';
      const nk = exit ? exitKey(ctx, next) : key(next, nextTurns);
      const known = nodes.get(nk);
      if (done.has(nk) || (!exit && dominated(nk)) || (known && known.ws.spent <= next.spent)) return;
      nodes.set(nk, { ws: next, prev: k, step, turns: nextTurns });
      if (!exit) heap.push(nk);
    });
  }
  return bestArrivals(ctx, model, nodes, startKey);
}

/** Leaving the map ends the move: exits get keys of their own (negative), one per hexside and per pursuit, and are never expanded. */
const exitKey = (ctx: MoveContext, ws: WalkState) => -1 - ((ws.hex * 6 + ws.exit!) * 2 + (pursuedAt(ctx, ws) ? 1 : 0));

/** Each state one elementary move leads to, with the move and the turns count after it. */
type Visit = (next: WalkState, step: MoveStep, turns: number) => void;

function successors(ctx: MoveContext, model: FacingModel, ws: WalkState, turns: number, visit: Visit): void {
  if (ws.ended) return;
  const board = ctx.view.board;
  const size = zoneSize(ctx.mover.unit);
  for (let d = 0; d < 6; d++) {
    // Only the front zone is open (§2.6.3): the walker would refuse the rest.
    if (zoneOf(size, ws.facing, d as Direction) !== 'front') continue;
    const to = neighbour(board, ws.hex, d as Direction);
    const next = to < 0 ? tryExit(ctx, ws, d) : tryStep(ctx, ws, to);
    if (next) visit(next, to < 0 ? { exit: d } : { to }, turns);
  }
  if (ws.reorientedSinceStep) return; // never two reorientations in a row (§2.6.6)
  for (const [f, nextTurns] of model.turnsFrom(ws, turns)) {
    // A turn beyond the points left: the walker would refuse it (most of the turns tried, for a large unit).
    if (ctx.mode !== 'minimal' && ws.spent + turnCost(ctx, ws.facing, f) > ctx.budget) continue;
    const next = tryReorient(ctx, ws, f);
    if (next) visit(next, { face: f }, nextTurns);
  }
}

/**
 * The cheapest way to each place; when only a dearer way there leaves a
 * charge marker open (§2.6.9), that way is offered too, as a second arrival
 * at the same place with `charge: true`. A place off the map is an edge
 * hexside; there the dearer way offered is the one that pursues (§2.6.10).
 */
function bestArrivals(ctx: MoveContext, model: FacingModel, nodes: Map<number, Node>, startKey: number): Arrival[] {
  const best = new Map<number, number>();
  const bestCharging = new Map<number, number>();
  const special = (ws: WalkState) => (ws.ended === 'exit' ? pursuedAt(ctx, ws) !== null : chargeOpenAfter(ws));
  // Of two ways as cheap, the one that keeps the charge (or pursues) is offered: the preview then needs no second arrival.
  const keep = (m: Map<number, number>, place: number, k: number) => {
    const current = m.get(place);
    const [was, now] = [current === undefined ? null : nodes.get(current)!.ws, nodes.get(k)!.ws];
    if (!was || was.spent > now.spent || (was.spent === now.spent && !special(was) && special(now))) m.set(place, k);
  };
  const placesOf = (n: Node) => (n.ws.ended === 'exit' ? [-1 - (n.ws.hex * 6 + n.ws.exit!)] : model.facings(n.ws, n.turns).map((f) => n.ws.hex * 12 + f));
  for (const [k, n] of nodes) {
    if (k === startKey) continue;
    for (const place of placesOf(n)) {
      keep(best, place, k);
      if (special(n.ws)) keep(bestCharging, place, k);
    }
  }
  const chosen = [...best];
  for (const [place, k] of bestCharging) if (!special(nodes.get(best.get(place)!)!.ws)) chosen.push([place, k]);
  return chosen.map(([place, k]) => arrivalOf(ctx, model, nodes, k, place < 0 ? null : place % 12));
}

function arrivalOf(ctx: MoveContext, model: FacingModel, nodes: Map<number, Node>, k: number, facing: Facing | null): Arrival {
  const { ws } = nodes.get(k)!;
  const path = pathTo(nodes, k);
  const steps = facing === null || facing === ws.facing ? path : model.steer(path, facing);
  const arrival: Arrival = { hex: ws.hex, facing: facing ?? ws.facing, cost: toPoints(ws.spent), steps, ends: ws.ended, charge: chargeOpenAfter(ws), engaging: engagingAt(ws) };
  if (ws.ended !== 'exit') return arrival;
  const pursued = pursuedAt(ctx, ws);
  return pursued ? { ...arrival, exit: ws.exit, pursues: pursued } : { ...arrival, exit: ws.exit };
}

function pathTo(nodes: Map<number, Node>, k: number): MoveStep[] {
  const steps: MoveStep[] = [];
  for (let n = nodes.get(k)!; n.step; n = nodes.get(n.prev)!) steps.push(n.step);
  return steps.reverse();
}
