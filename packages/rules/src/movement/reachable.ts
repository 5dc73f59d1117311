import type { Facing } from '../geometry/facing';
import { toPoints } from './costs';
import { MinHeap } from './heap';
import { CHARGE_RUN, chargeOpenAfter, chargeRank } from './charge';
import { engagingAt } from './charge-settle';
import { boardIndex } from '../terrain/board';
import type { Direction } from '../geometry/hex';
import { stepTable } from './step-table';
import { facingModel, FacingModel } from './search-facings';
import { allArrivals, ArrivalSet, builtArrivals, PathPosition, positionsAlong } from './arrival-set';
import type { BodyStep } from './formation-walker';
import { searchBodyArrivals } from './formation-search';
import { MoveContext, MoveEnd, MoveStep, pursuedAt, startWalk, stepChargeRun, stepHalves, tryExit, tryReorient, tryStepThrough, turnCost, WalkState } from './walker';

export type { MoveStep } from './walker';
export type { BodyStep } from './formation-walker';
export type { FormationStep } from './formation-moves';

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

/**
 * Every place and facing the mover can end its move at, each with its
 * cheapest sequence of steps (uniform-cost search over hex × facing, using
 * the same walker that validates a submitted move; a small mover's facings
 * are folded, see search-facings.ts).
 *
 * The search's bookkeeping is typed arrays (issue 9): a search state is a
 * number (its key), and what is known of it — the walk state reached, the
 * state before it, the step between — lives in a node numbered in the order
 * its key was first met; a cheaper way to a known key rewrites its node in
 * place, so the nodes keep the order a `Map` of them would (the order of the
 * arrivals offered depends on it).
 */
export function searchArrivals(ctx: MoveContext): Arrival[] {
  return allArrivals(searchArrivalSet(ctx));
}

/** The same arrivals, in the same order, each built only when asked (arrival-set.ts: the preview's filter drops most unbuilt). */
export function searchArrivalSet(ctx: MoveContext): ArrivalSet {
  if (ctx.mover.unit.secondHex !== undefined) return builtArrivals(ctx.mover.unit, searchBodyArrivals(ctx));
  const model = facingModel(ctx.mover.unit);
  const hexes = boardIndex(ctx.view.board).size;
  const s = new Search(hexes * model.slots * 20, hexes * 12);
  try {
    search(ctx, model, s);
  } finally {
    s.release();
  }
  return bestArrivals(ctx, model, s, hexes);
}

function search(ctx: MoveContext, model: FacingModel, s: Search): void {
  const keyOf: KeyOf = (hex, facing, turns, reoriented, engaging, chargeRun) => (((hex * model.slots + model.slot(facing, turns)) * 2 + (reoriented ? 1 : 0)) * 2 + (engaging ? 1 : 0)) * 5 + chargeRun;
  const key = (ws: WalkState, turns: number) => keyOf(ws.hex, ws.facing, turns, ws.reorientedSinceStep, ws.engagingRun, ws.chargeRun);
  const front = stepTable(ctx.view.board, ctx.mover.unit).front;
  const start = startWalk(ctx);
  const heap = new MinHeap((n) => s.ws[n].spent);
  heap.push(s.add(key(start, 0), start, -1, NO_STEP, 0));
  // A state reached no dearer with a charge run at least as good makes this one useless (§2.6.9 keeps the search small).
  const dominated = (k: number) => s.rankOf(Math.floor(k / 5)) >= chargeRank(k % 5);
  const useless = (k: number) => s.isDone(k) || dominated(k);
  // What `visit` would do nothing with: a useless key, or one already reached as cheaply.
  const noBetter = (k: number, spent: number) => {
    if (useless(k)) return true;
    const known = s.nodeOf(k);
    return known >= 0 && s.ws[known].spent <= spent;
  };
  const known: Known = { keyOf, noBetter };
  let from = 0;
  const visit: Visit = (next, step, nextTurns) => {
    if (next.ended === 'exit') {
      const e = exitIndex(ctx, next);
      const known = s.exits[e];
      if (known < 0) s.exits[e] = s.add(-1, next, from, step, nextTurns);
      else if (s.ws[known].spent > next.spent) s.rewrite(known, next, from, step, nextTurns);
      return;
    }
    const nk = key(next, nextTurns);
    if (useless(nk)) return;
    const known = s.nodeOf(nk);
    if (known < 0) heap.push(s.add(nk, next, from, step, nextTurns));
    else if (s.ws[known].spent > next.spent) heap.push(s.rewrite(known, next, from, step, nextTurns));
  };
  for (let n = heap.pop(); n !== undefined; n = heap.pop()) {
    const k = s.key[n];
    if (useless(k)) continue;
    s.settle(k);
    from = n;
    successors(ctx, model, front, s.ws[n], s.turns[n], visit, known);
  }
}

/** A step as one number in the node tables: a hex entered (≥ 0), a facing turned to, or an edge hexside crossed. */
const NO_STEP = -1000;
const FACE_STEP = -1;
const EXIT_STEP = -100;
const stepOf = (code: number): MoveStep => (code >= 0 ? { to: code } : code > EXIT_STEP ? { face: (FACE_STEP - code) as Facing } : { exit: EXIT_STEP - code });

/** Leaving the map ends the move: one state per hexside and per pursuit, never expanded (its own table, `Search.exits`). */
const exitIndex = (ctx: MoveContext, ws: WalkState) => (ws.hex * 6 + ws.exit!) * 2 + (pursuedAt(ctx, ws) ? 1 : 0);

/**
 * One search's tables. Keys index `Int32Array`s shared by every search
 * (a generation number tells this search's entries from older ones, so
 * nothing is cleared between searches); nodes are numbered from 0.
 */
class Search {
  readonly key: number[] = [];
  readonly ws: WalkState[] = [];
  readonly prev: number[] = [];
  readonly step: number[] = [];
  readonly turns: number[] = [];
  /** Exit states' nodes, by `exitIndex` (-1: none). */
  readonly exits: Int32Array;
  private readonly t: KeyTables;

  constructor(keys: number, exits: number) {
    this.t = keyTables(keys);
    this.exits = new Int32Array(exits).fill(-1);
  }

  add(k: number, ws: WalkState, prev: number, step: number, turns: number): number {
    const n = this.key.length;
    this.key.push(k);
    this.ws.push(ws);
    this.prev.push(prev);
    this.step.push(step);
    this.turns.push(turns);
    if (k >= 0) {
      this.t.nodeGen[k] = this.t.gen;
      this.t.node[k] = n;
    }
    return n;
  }

  rewrite(n: number, ws: WalkState, prev: number, step: number, turns: number): number {
    this.ws[n] = ws;
    this.prev[n] = prev;
    this.step[n] = step;
    this.turns[n] = turns;
    return n;
  }

  nodeOf(k: number): number {
    return this.t.nodeGen[k] === this.t.gen ? this.t.node[k] : -1;
  }

  isDone(k: number): boolean {
    return this.t.doneGen[k] === this.t.gen;
  }

  settle(k: number): void {
    this.t.doneGen[k] = this.t.gen;
    const place = Math.floor(k / 5);
    this.t.rankGen[place] = this.t.gen;
    this.t.rank[place] = chargeRank(k % 5);
  }

  /** The best charge rank settled at a key without its charge run, -1 when none. */
  rankOf(place: number): number {
    return this.t.rankGen[place] === this.t.gen ? this.t.rank[place] : -1;
  }

  release(): void {
    this.t.busy = false;
  }
}

interface KeyTables {
  gen: number;
  busy: boolean;
  node: Int32Array;
  nodeGen: Int32Array;
  doneGen: Int32Array;
  rank: Int8Array;
  rankGen: Int32Array;
}

let shared: KeyTables | null = null;

/** The key tables for one search: the shared ones, grown if needed, under a new generation; fresh ones if a search is already using them. */
function keyTables(keys: number): KeyTables {
  if (shared && !shared.busy && shared.node.length >= keys) {
    shared.gen += 1;
    shared.busy = true;
    return shared;
  }
  const t: KeyTables = { gen: 1, busy: true, node: new Int32Array(keys), nodeGen: new Int32Array(keys), doneGen: new Int32Array(keys), rank: new Int8Array(Math.ceil(keys / 5)), rankGen: new Int32Array(Math.ceil(keys / 5)) };
  if (!shared || !shared.busy) shared = t;
  return t;
}

/** Each state one elementary move leads to, with the move (`stepCode`) and the turns count after it. */
type Visit = (next: WalkState, step: number, turns: number) => void;

/** A search key from its parts (`search`). */
type KeyOf = (hex: number, facing: Facing, turns: number, reoriented: boolean, engaging: boolean, chargeRun: number) => number;

/**
 * What the search already knows, to skip a move before walking it (issue 9:
 * of the eleven turns tried from a state of a large unit, most lead to a
 * state already reached as cheaply, and walking one builds a state). Outside
 * minimal movement (`successors`) a step or a turn leads to a key and a cost known before
 * the walk, but for its engaging run (§2.6.8): kept as it was, or begun
 * where an enemy is in sight of the hex arrived at. When `visit` would do
 * nothing with any of them, the move is not walked: the walker has no
 * effect the search reads (its engagement cache is one), so the result is
 * the same.
 */
interface Known {
  keyOf: KeyOf;
  noBetter: (k: number, spent: number) => boolean;
}

/** Whether nothing is to be gained by a move to `hex` reaching key `k` (its engaging run kept as `engaging`) having spent `spent`. */
function noGain(ctx: MoveContext, known: Known, k: number, spent: number, hex: number, engaging: boolean): boolean {
  if (!known.noBetter(k, spent)) return false;
  // Only a hex in sight of an enemy may begin an engaging run (walker.ts `arriveSeeing`); its key is 5 more (the engaging bit, `keyOf`).
  return engaging || ctx.map.enemyNear[hex] === 0 || known.noBetter(k + 5, spent);
}

function successors(ctx: MoveContext, model: FacingModel, front: Uint8Array, ws: WalkState, turns: number, visit: Visit, known: Known): void {
  if (ws.ended) return;
  const nb = ctx.costs.neighbours;
  // Minimal movement prices its one hex apart (§2.6.5): its moves are walked, never skipped.
  const skips = ctx.mode !== 'minimal';
  for (let d = 0; d < 6; d++) {
    // Only the front zone is open (§2.6.3): the walker would refuse the rest.
    if (!front[ws.facing * 6 + d]) continue;
    const to = nb[ws.hex * 6 + d];
    if (skips && to >= 0 && noGain(ctx, known, known.keyOf(to, ws.facing, turns, false, ws.engagingRun, stepChargeRun(ctx, ws, d)), ws.spent + stepHalves(ctx, ws.hex, d as Direction), to, ws.engagingRun)) continue;
    const next = to < 0 ? tryExit(ctx, ws, d) : tryStepThrough(ctx, ws, to, d as Direction);
    if (next) visit(next, to < 0 ? EXIT_STEP - d : to, turns);
  }
  if (ws.reorientedSinceStep) return; // never two reorientations in a row (§2.6.6)
  const turnsOpen = model.turnsFrom(ws, turns);
  for (let i = 0; i < turnsOpen.length; i++) {
    const f = turnsOpen[i][0];
    // A turn beyond the points left: the walker would refuse it (most of the turns tried, for a large unit).
    if (ctx.mode !== 'minimal' && ws.spent + turnCost(ctx, ws.facing, f) > ctx.budget) continue;
    // A reorientation breaks the charge run (§2.6.9, walker.ts `reorient`).
    if (skips && noGain(ctx, known, known.keyOf(ws.hex, f, turnsOpen[i][1], true, ws.engagingRun, CHARGE_RUN.none), ws.spent + turnCost(ctx, ws.facing, f), ws.hex, ws.engagingRun)) continue;
    const next = tryReorient(ctx, ws, f);
    if (next) visit(next, FACE_STEP - f, turnsOpen[i][1]);
  }
}

/**
 * The cheapest way to each place; when only a dearer way there leaves a
 * charge marker open (§2.6.9), that way is offered too, as a second arrival
 * at the same place with `charge: true`. A place off the map is an edge
 * hexside; there the dearer way offered is the one that pursues (§2.6.10).
 * Places are numbered hex × 12 + facing, then the edge hexsides after them;
 * they are offered in the order they were first reached, each built only
 * when asked (`SearchArrivals`).
 */
function bestArrivals(ctx: MoveContext, model: FacingModel, s: Search, hexes: number): ArrivalSet {
  const count = s.key.length;
  const special = new Uint8Array(count);
  for (let n = 0; n < count; n++) special[n] = (s.ws[n].ended === 'exit' ? pursuedAt(ctx, s.ws[n]) !== null : chargeOpenAfter(s.ws[n])) ? 1 : 0;
  const places = hexes * 18;
  const best = new Int32Array(places).fill(-1);
  const bestCharging = new Int32Array(places).fill(-1);
  const order: number[] = [];
  const chargingOrder: number[] = [];
  // Of two ways as cheap, the one that keeps the charge (or pursues) is offered: the preview then needs no second arrival.
  const keep = (m: Int32Array, seen: number[], place: number, n: number) => {
    const was = m[place];
    if (was < 0) seen.push(place);
    const wasSpent = was < 0 ? 0 : s.ws[was].spent;
    const nowSpent = s.ws[n].spent;
    if (was < 0 || wasSpent > nowSpent || (wasSpent === nowSpent && !special[was] && special[n])) m[place] = n;
  };
  // The start state (node 0) is no arrival.
  for (let n = 1; n < count; n++) {
    const ws = s.ws[n];
    if (ws.ended === 'exit') {
      const place = hexes * 12 + ws.hex * 6 + ws.exit!;
      keep(best, order, place, n);
      if (special[n]) keep(bestCharging, chargingOrder, place, n);
      continue;
    }
    for (const f of model.facings(ws, s.turns[n])) {
      keep(best, order, ws.hex * 12 + f, n);
      if (special[n]) keep(bestCharging, chargingOrder, ws.hex * 12 + f, n);
    }
  }
  const nodes: number[] = [];
  const facings: Array<Facing | null> = [];
  const facingAt = (place: number) => (place < hexes * 12 ? ((place % 12) as Facing) : null);
  for (const place of order) {
    nodes.push(best[place]);
    facings.push(facingAt(place));
  }
  for (const place of chargingOrder)
    if (!special[best[place]]) {
      nodes.push(bestCharging[place]);
      facings.push(facingAt(place));
    }
  return new SearchArrivals(ctx, model, s, nodes, facings);
}

/** The arrivals of a one-hex search: node `nodes[i]` ending facing `facings[i]` (null: off the map, as it faced). */
class SearchArrivals implements ArrivalSet {
  constructor(
    private readonly ctx: MoveContext,
    private readonly model: FacingModel,
    private readonly s: Search,
    private readonly nodes: number[],
    private readonly facings: Array<Facing | null>,
  ) {}

  get size(): number {
    return this.nodes.length;
  }

  hex(i: number): number {
    return this.s.ws[this.nodes[i]].hex;
  }

  cost(i: number): number {
    return toPoints(this.s.ws[this.nodes[i]].spent);
  }

  ends(i: number): MoveEnd | null {
    return this.s.ws[this.nodes[i]].ended;
  }

  exit(i: number): Direction | undefined {
    const ws = this.s.ws[this.nodes[i]];
    return ws.ended === 'exit' ? ws.exit : undefined;
  }

  positions(i: number): PathPosition[] {
    const s = this.s;
    // A small unit's turns are rewritten to end facing where it chose (search-facings.ts `steer`): read from its steps.
    if (!this.model.facingsWalked) return positionsAlong(this.ctx.mover.unit, this.steps(i));
    // Otherwise the walk states along the way are the positions walking its steps finds (each a hex and a facing); the exit enters no hex.
    const path: PathPosition[] = [];
    for (let m = this.nodes[i]; s.prev[m] >= 0; m = s.prev[m]) if (s.ws[m].ended !== 'exit') path.push(s.ws[m]);
    return path.reverse();
  }

  arrival(i: number): Arrival {
    const ws = this.s.ws[this.nodes[i]];
    const facing = this.facings[i];
    const arrival: Arrival = { hex: ws.hex, facing: facing ?? ws.facing, cost: toPoints(ws.spent), steps: this.steps(i), ends: ws.ended, charge: chargeOpenAfter(ws), engaging: engagingAt(ws) };
    if (ws.ended !== 'exit') return arrival;
    const pursued = pursuedAt(this.ctx, ws);
    return pursued ? { ...arrival, exit: ws.exit, pursues: pursued } : { ...arrival, exit: ws.exit };
  }

  private steps(i: number): MoveStep[] {
    const n = this.nodes[i];
    const facing = this.facings[i];
    const path = pathTo(this.s, n);
    return facing === null || facing === this.s.ws[n].facing ? path : this.model.steer(path, facing);
  }
}

function pathTo(s: Search, n: number): MoveStep[] {
  const steps: MoveStep[] = [];
  for (let m = n; s.prev[m] >= 0; m = s.prev[m]) steps.push(stepOf(s.step[m]));
  return steps.reverse();
}
