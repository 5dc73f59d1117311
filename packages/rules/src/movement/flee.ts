import { directiveVerdicts } from '../command/directive';
import { reject, Rejection } from '../actions/rejection';
import { isRejection } from '../actions/rejection';
import { enemyCovers } from '../fog/covers';
import { answerAbout, sharedView } from '../fog/view';
import { FACINGS, Facing, zoneOf } from '../geometry/facing';
import { Direction, hexLabel } from '../geometry/hex';
import { boardIndex, neighbour } from '../terrain/board';
import type { GameState, Seat, Unit } from '../state/types';
import { movementPoints, zoneSize } from '../units/abilities';
import { engagedBy } from '../units/engagement';
import { crossedLeavingStack } from '../units/crossing';
import { joiningFacing } from '../units/stack-facing';
import { inferiorStackClash, STACK_LIMIT, stackAt, stackPlace, stackPoints } from '../units/stacking';
import { chargeForbidsRetreat } from './charge';
import { neverFlees } from '../units/formation';
import { occupies } from '../units/body';
import { crossingCost, Halves, reorientCost, toHalves, toPoints } from './costs';
import { MinHeap } from './heap';
import { No, silent, worded } from './refusal';
import { stepTable, StepTable } from './step-table';
import { unitsAround, unitsNear, UnitsNear } from './units-near';
import { moverOf, Mover } from './mover';
import { nearestThreats } from './nearest-threat';
import { threatField } from './threat-field';
import { mustEngageAnEngager } from './withdraw';

/**
 * L'Action de Fuite (§2.6.13): a move into the front zone where every hex
 * entered takes the unit further, in the threat's movement points, from the
 * nearest threat (the player picks one when several tie), never into an
 * enemy hex nor a hex where it would be engaged; the first reorientation is
 * free. Short of points, one hex by minimal movement (breath). Judged on what
 * the player knows, like every move.
 */
export type FleeStep = { to: number } | { face: Facing } | { exit: number };

export interface FleeContext {
  view: GameState;
  mover: Mover;
  threat: string;
  /** What the threat would pay to engage the unit in a hex (half points). */
  away: (hex: number) => Halves;
  budget: Halves;
  enemyAt: Uint8Array;
  coverNear: Uint8Array;
  /** Whether the unit would be engaged at a hex × 12 + facing, worked out once (the search asks it at every step). */
  engaged: Map<number, boolean>;
  /** What the stack of a hex entered says (points with the unit, an inferior clash) and what crossing a hex costs, worked out once per hex (issue 9). */
  stacking: Map<number, { points: number; clash: boolean }>;
  crossing: Map<number, Halves>;
  /** What leaving the start hex costs in crossings, by direction (-1 not asked yet): asked from each facing the search holds there. */
  leaving: Float64Array;
  /** The board's neighbours, the unit's step costs, and the units by hex (engagement reads those around a hex), looked up once per search (issue 9). */
  neighbours: Int32Array;
  costs: StepTable['costs'];
  near: UnitsNear;
  /** A hex's six steps (a hex or an edge to leave by) and the facing a flight ending at hex × 12 + facing takes there (`joiningFacing`), once per hex. */
  hexSteps: Map<number, FleeStep[]>;
  withTurns: Map<number, FleeStep[]>;
  joining: Map<number, Facing | null>;
  /** Per hexside (hex × 6 + direction), whether the search may step across it at all: 0 not asked yet, 1 no, 2 yes (`mayStep`). */
  open: Int8Array;
  /** A copy of the view and of the unit that `engagedAt` places at each hex it asks about, with the units around it. */
  around?: { view: GameState; placed: Unit };
}

export interface FleeWalk {
  hex: number;
  facing: Facing;
  spent: Halves;
  hexSteps: number;
  reorientedSinceStep: boolean;
  freeTurnUsed: boolean;
  minimal: boolean;
  exit?: Direction;
  ended: 'reveal' | 'minimal' | 'exit' | null;
}

/** Whether the unit may flee at all, before any step (§2.6.13, §2.6.9). */
export function fleeUnitRefusal(view: GameState, unit: Unit): Rejection | null {
  if (unit.hex < 0) return reject('notOnMap');
  if (neverFlees(unit)) return reject('formationNeverFlees');
  if (chargeForbidsRetreat(view, unit)) return reject('chargeNoRetreat');
  // "Si elle est Engagée, et qu'elle n'est pas en Déroute, elle doit Engager au moins une de ces Unités."
  if (unit.cohesion !== 'routed') {
    const r = mustEngageAnEngager(view, unit);
    if (r) return r;
  }
  if (stackPlace(view, unit) === 'front') return reject('fleeFrontOfStack');
  return null;
}

/**
 * The preview and the verdict measure "away from the threat" with the same
 * field of the threat's engage costs, so that they cannot disagree.
 */
export function fleeContext(view: GameState, mover: Mover, threat: Unit): FleeContext {
  const idx = boardIndex(view.board);
  const enemyAt = new Uint8Array(idx.size);
  const coverNear = new Uint8Array(idx.size);
  for (const u of view.units) if (u.hex >= 0 && u.side !== mover.unit.side) enemyAt[u.hex] = 1;
  for (const c of enemyCovers(view, mover.unit.side)) {
    enemyAt[c.hex] = 1;
    coverNear[c.hex] = 1;
    for (let d = 0; d < 6; d++) if (idx.neighbours[c.hex * 6 + d] >= 0) coverNear[idx.neighbours[c.hex * 6 + d]] = 1;
  }
  return {
    view,
    mover,
    threat: threat.id,
    away: awayMeasure(view, threat),
    budget: toHalves(movementPoints(mover.unit)),
    enemyAt,
    coverNear,
    engaged: new Map(),
    stacking: new Map(),
    crossing: new Map(),
    leaving: new Float64Array(6).fill(-1),
    neighbours: idx.neighbours,
    costs: stepTable(view.board, mover.unit).costs,
    near: unitsNear(view, mover.unit.id),
    hexSteps: new Map(),
    withTurns: new Map(),
    joining: new Map(),
    open: new Int8Array(idx.size * 6),
  };
}

/** Read from the threat's field, settled only as far as the hexes asked (a flight looks at a few hexes around the unit; issue 9). */
function awayMeasure(view: GameState, threat: Unit): (hex: number) => Halves {
  const field = threatField(view, threat);
  return (hex) => field.at(hex);
}

export function startFlee(ctx: FleeContext): FleeWalk {
  const u = ctx.mover.unit;
  return { hex: u.hex, facing: u.facing, spent: 0, hexSteps: 0, reorientedSinceStep: false, freeTurnUsed: false, minimal: false, exit: undefined, ended: null };
}

/**
 * A copy of the walk with some fields changed, written out field by field
 * (as walker.ts `change`): spreading a walk costs far more in V8, and the
 * flight's search makes one per step tried (issue 9).
 */
function changed(fw: FleeWalk, c: Partial<FleeWalk>): FleeWalk {
  return {
    hex: c.hex ?? fw.hex,
    facing: c.facing ?? fw.facing,
    spent: c.spent ?? fw.spent,
    hexSteps: c.hexSteps ?? fw.hexSteps,
    reorientedSinceStep: c.reorientedSinceStep ?? fw.reorientedSinceStep,
    freeTurnUsed: c.freeTurnUsed ?? fw.freeTurnUsed,
    minimal: c.minimal ?? fw.minimal,
    exit: c.exit ?? fw.exit,
    ended: c.ended !== undefined ? c.ended : fw.ended,
  };
}

/** One elementary move of a flight; `no` words the refusal (the verdict) or not (the search, refusal.ts). */
export function fleeStep(ctx: FleeContext, fw: FleeWalk, step: FleeStep, no: No = worded): FleeWalk | Rejection {
  if (fw.ended) return no('moveEnded', () => ({ hex: hexLabel(ctx.view.board, fw.hex) }));
  if ('face' in step) return fleeReorient(ctx, fw, step.face, no);
  if ('exit' in step) return fleeExit(ctx, fw, step.exit as Direction, no);
  return fleeHex(ctx, fw, step.to, no);
}

/** Reorientation as in a move (§2.6.6), the first one free (§2.6.13). */
function fleeReorient(ctx: FleeContext, fw: FleeWalk, facing: Facing, no: No): FleeWalk | Rejection {
  if (fw.reorientedSinceStep) return no('reorientTwice');
  const cost = turnCost(ctx, fw, facing);
  if (fw.spent + cost > ctx.budget) return no('notEnoughPoints', () => ({ cost: toPoints(cost), left: toPoints(ctx.budget - fw.spent) }));
  return changed(fw, { facing, spent: fw.spent + cost, reorientedSinceStep: true, freeTurnUsed: true });
}

/** What turning to `facing` costs: the first turn of a flight is free (§2.6.13), the others as in a move (§2.6.6). */
function turnCost(ctx: FleeContext, fw: FleeWalk, facing: Facing): Halves {
  return fw.freeTurnUsed ? reorientCost(ctx.mover.unit, fw.facing, facing) : 0;
}

/** Leaving the map across an edge hexside of the front zone (§2.6.10): always further from every threat. */
function fleeExit(ctx: FleeContext, fw: FleeWalk, dir: Direction, no: No): FleeWalk | Rejection {
  if (neighbour(ctx.view.board, fw.hex, dir) >= 0) return no('exitNotEdge');
  if (zoneOf(zoneSize(ctx.mover.unit), fw.facing, dir) !== 'front') return no('notFrontZone', () => ({ hex: hexLabel(ctx.view.board, fw.hex) }));
  return changed(fw, { exit: dir, ended: 'exit' });
}

function fleeHex(ctx: FleeContext, fw: FleeWalk, to: number, no: No): FleeWalk | Rejection {
  const board = ctx.view.board;
  const u = ctx.mover.unit;
  const dir = directionOf(ctx, fw.hex, to);
  if (dir === -1) return no('notAdjacentStep', () => ({ hex: to >= 0 && to < board.cols * board.rows ? hexLabel(board, to) : String(to) }));
  const label = () => ({ hex: hexLabel(board, to) });
  if (zoneOf(zoneSize(u), fw.facing, dir) !== 'front') return no('notFrontZone', label);
  const sc = ctx.costs[fw.hex * 6 + dir];
  if (sc.kind === 'forbidden') return no(sc.reason === 'hexside' ? 'forbiddenHexside' : 'forbiddenTerrain', label);
  if (ctx.enemyAt[to]) return no('enemyInHex', label);
  if (!(ctx.away(to) > ctx.away(fw.hex))) return no('fleeNotAway', label);
  const stacking = stackingRefusal(ctx, to, no);
  if (stacking) return stacking;
  if (wouldBeEngaged(ctx, to, fw.facing)) return no('fleeEngaged', label);
  const cost = (sc.kind === 'cost' ? sc.halves : Number.POSITIVE_INFINITY) + crossingHere(ctx, fw.hex, dir);
  if (fw.spent + cost <= ctx.budget) return changed(fw, { hex: to, hexSteps: fw.hexSteps + 1, reorientedSinceStep: false, spent: fw.spent + cost, ended: ctx.coverNear[to] ? 'reveal' : fw.ended });
  // Short of points: one hex by minimal movement, for a level of breath (§2.6.5).
  if (fw.hexSteps > 0 || u.breath === 'exhausted') return no('notEnoughPoints', () => ({ cost: toPoints(Math.min(cost, 99)), left: toPoints(ctx.budget - fw.spent) }));
  return changed(fw, { hex: to, hexSteps: fw.hexSteps + 1, reorientedSinceStep: false, minimal: true, ended: 'minimal' });
}

/**
 * Crossing friendly large units costs 1 each (§2.3.1.1): all those of a hex
 * passed through; in the start hex, those the unit passes as it leaves its
 * stack, ahead of it or, once turned about, behind it.
 */
function crossingHere(ctx: FleeContext, hex: number, dir: Direction): Halves {
  const u = ctx.mover.unit;
  if (hex === u.hex) {
    if (ctx.leaving[dir] < 0) ctx.leaving[dir] = crossingCost(crossedLeavingStack(ctx.view, u, dir).length);
    return ctx.leaving[dir];
  }
  let cost = ctx.crossing.get(hex);
  if (cost === undefined) ctx.crossing.set(hex, (cost = crossingCost(stackAt({ units: unitsIn(ctx, hex) }, hex).filter((o) => o.id !== u.id && o.side === u.side && o.size === 'large').length)));
  return cost;
}

function stackingRefusal(ctx: FleeContext, to: number, no: No): Rejection | null {
  const { points, clash } = stackFacts(ctx, to);
  const hex = () => hexLabel(ctx.view.board, to);
  if (points > STACK_LIMIT) return no('stackingLimit', () => ({ hex: hex(), points }));
  return clash ? no('stackingInferior', () => ({ hex: hex() })) : null;
}

function stackFacts(ctx: FleeContext, to: number): { points: number; clash: boolean } {
  const known = ctx.stacking.get(to);
  if (known) return known;
  const u = ctx.mover.unit;
  // A formation stands in its second hex as in its first (PRE-04, A-69: 4 points in each).
  const friends = unitsIn(ctx, to).filter((o) => occupies(o, to) && o.id !== u.id && o.side === u.side);
  const facts = { points: friends.reduce((n, o) => n + stackPoints(o), 0) + stackPoints(u), clash: inferiorStackClash(ctx.view, [u], to, [u.id]) };
  ctx.stacking.set(to, facts);
  return facts;
}

/**
 * A flight ending on friends ends with the stack's facing (§2.3.1), which
 * says from where its place in the stack may be engaged (§2.3.1.3): it must
 * not be engaged with that facing either (§2.6.13). Alone, its facing
 * changes nothing to who engages it.
 */
export function endRefusal(ctx: FleeContext, fw: FleeWalk): Rejection | null {
  if (fw.ended === 'exit') return null;
  const facing = joiningAt(ctx, fw.hex, fw.facing);
  if (facing === null || !wouldBeEngaged(ctx, fw.hex, facing)) return null;
  return reject('fleeEngaged', { hex: hexLabel(ctx.view.board, fw.hex) });
}

function joiningAt(ctx: FleeContext, hex: number, facing: Facing): Facing | null {
  const key = hex * 12 + facing;
  let joined = ctx.joining.get(key);
  if (joined === undefined) ctx.joining.set(key, (joined = joiningFacing({ units: unitsIn(ctx, hex) }, ctx.mover.unit, hex, facing)));
  return joined;
}

/**
 * The view's units standing in `hex`, the mover left out, in the view's
 * order, read from the search's index of units by hex: what the stack of a
 * hex says (its facing, its points, what crossing it costs) reads only
 * those, and a scan of the whole army for each hex and facing asked was most
 * of the cost of listing the arrivals (issue 9).
 */
function unitsIn(ctx: FleeContext, hex: number): Unit[] {
  const here = ctx.near.unitsByHex.get(hex);
  return here ? here.map((i) => ctx.view.units[i]) : [];
}

/** The direction from `from` to `to` (geometry/hex.ts `directionTo`, on the context's table). */
function directionOf(ctx: FleeContext, from: number, to: number): Direction | -1 {
  for (let d = 0; d < 6; d++) if (ctx.neighbours[from * 6 + d] === to) return d as Direction;
  return -1;
}

/** Would the unit, entering `to` (at the back of any stack there), be engaged by a visible enemy? */
function wouldBeEngaged(ctx: FleeContext, to: number, facing: Facing): boolean {
  // A unit with only a front zone may be engaged from any side whatever its facing (§2.3, units/engagement.ts mayBeEngagedFrom): one answer per hex.
  const key = to * 12 + (zoneSize(ctx.mover.unit) === 'small' ? 0 : facing);
  let engaged = ctx.engaged.get(key);
  if (engaged === undefined) ctx.engaged.set(key, (engaged = engagedAt(ctx, to, facing)));
  return engaged;
}

function engagedAt(ctx: FleeContext, to: number, facing: Facing): boolean {
  const u = ctx.mover.unit;
  // One copy of the view and of the unit per search, placed anew for each question: engagement keeps nothing of what it reads (issue 9: two copies per hex asked cost more than the answer).
  const around = (ctx.around ??= { view: { ...ctx.view }, placed: { ...u, stackRank: Number.MAX_SAFE_INTEGER } });
  const { view, placed } = around;
  placed.hex = to;
  placed.facing = facing;
  view.units = unitsAround(ctx.near, ctx.view, ctx.neighbours, to, placed);
  return engagedBy(view, placed).length > 0;
}

/** One way to end a flight, with the threat it flees. */
export interface FleeArrival {
  hex: number;
  facing: Facing;
  cost: number;
  steps: FleeStep[];
  threat: string;
  /** Leaves the map across this edge hexside (§2.6.10). */
  exit?: Direction;
  minimal: boolean;
}

/** Every way the unit can end a flight, on `seat`'s view; empty when it cannot flee. */
export function fleeArrivals(state: GameState, seat: Seat, piece: string): FleeArrival[] {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, piece);
  if (!mover || mover.unit.side !== seat || fleeUnitRefusal(view, mover.unit)) return [];
  const arrivals = nearestThreats(view, mover.unit).units.flatMap((t) => searchFlight(fleeContext(view, mover, t)));
  // The wing's directive may forbid some flights (§2.5.2: never next to the enemy under defend).
  const hexes = (a: FleeArrival) => {
    // A loop rather than flatMap: an array per step, for every step of every flight, cost more than the rest of the filter (issue 9).
    const path: number[] = [];
    for (const s of a.steps) if ('to' in s) path.push(s.to);
    return path;
  };
  const verdict = directiveVerdicts(view, mover.unit);
  return arrivals.filter((a) => !verdict({ type: 'flee', path: hexes(a) }));
}

/**
 * Whether the unit can flee at all (a routed unit that can neither rally nor
 * flee is destroyed, §2.6): some first hex, or edge, is open, straight away or
 * after one reorientation. Cheaper than listing every flight.
 */
export function canFlee(state: GameState, unit: Unit): boolean {
  // It reads of the unit its side and its id only: once per scope (fog/view.ts `answerAbout`; the forced actions ask it for every routed piece and verdict).
  return answerAbout(state, `canFlee ${unit.side} ${unit.id}`, () => findFlight(state, unit));
}

function findFlight(state: GameState, unit: Unit): boolean {
  const view = state.perspective ? state : sharedView(state, unit.side);
  const mover = moverOf(view, unit.id);
  if (!mover || fleeUnitRefusal(view, mover.unit)) return false;
  return canFleeFrom(view, mover, nearestThreats(view, mover.unit).units);
}

/** `canFlee` once the unit may flee at all, its nearest threats known (the legalActions verdict has them already). */
export function canFleeFrom(view: GameState, mover: Mover, threats: Unit[]): boolean {
  return threats.some((t) => {
    const ctx = fleeContext(view, mover, t);
    const start = startFlee(ctx);
    const turned = candidateSteps(ctx, start).flatMap((step) => ('face' in step ? [fleeStep(ctx, start, step, silent)] : []));
    const starts = [start, ...turned.filter((w): w is FleeWalk => !isRejection(w))];
    return starts.some((w) => candidateSteps(ctx, w).some((step) => !('face' in step) && mayEndOrGoOn(ctx, fleeStep(ctx, w, step, silent))));
  });
}

/** A first hex counts if the flight may end there, or go on from it (§2.6.13, §2.3.1). */
function mayEndOrGoOn(ctx: FleeContext, fw: FleeWalk | Rejection): boolean {
  if (isRejection(fw)) return false;
  if (!endRefusal(ctx, fw)) return true;
  return candidateSteps(ctx, fw).some((step) => !('face' in step) && !isRejection(fleeStep(ctx, fw, step, silent)));
}

interface Node {
  fw: FleeWalk;
  prev: number;
  step: FleeStep | null;
  /** The node's key (fleeKey), and whether it is settled. */
  key: number;
  done: boolean;
}

const walkKey = (hex: number, facing: Facing, reorientedSinceStep: boolean, freeTurnUsed: boolean, ended: FleeWalk['ended'], exit: Direction | undefined) =>
  ((((hex * 12 + facing) * 2 + (reorientedSinceStep ? 1 : 0)) * 2 + (freeTurnUsed ? 1 : 0)) * 4 + (ended === 'exit' ? 1 + (exit ?? 0) % 3 : 0)) * 2 + (ended ? 1 : 0);
const fleeKey = (fw: FleeWalk) => walkKey(fw.hex, fw.facing, fw.reorientedSinceStep, fw.freeTurnUsed, fw.ended, fw.exit);

/**
 * A uniform-cost search over the walks' states (fleeKey). The nodes are kept
 * in the order they are first reached, which is the order of the arrivals.
 * A node carries its settled flag and the heap its priority (issue 9: a set
 * and a look-up per push before).
 */
function searchFlight(ctx: FleeContext): FleeArrival[] {
  const nodes = new Map<number, Node>();
  const start = startFlee(ctx);
  const startKey = fleeKey(start);
  nodes.set(startKey, { fw: start, prev: -1, step: null, key: startKey, done: false });
  const heap = new MinHeap(() => 0);
  heap.pushWith(startKey, start.spent);
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    const node = nodes.get(k)!;
    if (node.done) continue;
    node.done = true;
    const fw = node.fw;
    for (const step of candidateSteps(ctx, fw)) {
      if ('face' in step ? !turnMayImprove(ctx, nodes, fw, step.face) : 'to' in step && !mayStep(ctx, fw.hex, step.to)) continue;
      const next = fleeStep(ctx, fw, step, silent);
      if (isRejection(next)) continue;
      const nk = fleeKey(next);
      const known = nodes.get(nk);
      if (known && (known.done || known.fw.spent <= next.spent)) continue;
      nodes.set(nk, { fw: next, prev: k, step, key: nk, done: false });
      heap.pushWith(nk, next.spent);
    }
  }
  return arrivalsOf(ctx, nodes);
}

/**
 * Whether a step from `from` to `to` passes the checks that do not depend on
 * the walk — terrain, no enemy, further from the threat, stacking (§2.6.13) —
 * told once per hexside: the search tries it from every state it settles in
 * `from`, up to 48 of them (issue 9). A step it lets through is then tried
 * in full (fleeStep), so this only skips steps the search would drop.
 */
function mayStep(ctx: FleeContext, from: number, to: number): boolean {
  const i = from * 6 + directionOf(ctx, from, to);
  if (ctx.open[i] === 0) ctx.open[i] = ctx.costs[i].kind !== 'forbidden' && !ctx.enemyAt[to] && ctx.away(to) > ctx.away(from) && !stackingRefusal(ctx, to, silent) ? 2 : 1;
  return ctx.open[i] === 2;
}

/**
 * Whether a turn could reach its state more cheaply than known, told before
 * building its walk: most of the eleven turns tried at each state lead to
 * states reached already (issue 9). A turn it lets through is then tried in
 * full (fleeStep), so this only skips turns the search would drop.
 */
function turnMayImprove(ctx: FleeContext, nodes: Map<number, Node>, fw: FleeWalk, facing: Facing): boolean {
  const known = nodes.get(walkKey(fw.hex, facing, true, true, fw.ended, fw.exit));
  return !known || (!known.done && known.fw.spent > fw.spent + turnCost(ctx, fw, facing));
}

/**
 * The steps to try from a walk: the six hexes or edges, then the other
 * facings — not once it has turned since its last hex, as a second turn is
 * refused (§2.6.6). The lists are shared; `pathTo` copies the steps it keeps.
 */
function candidateSteps(ctx: FleeContext, fw: FleeWalk): readonly FleeStep[] {
  if (fw.ended) return [];
  let steps = ctx.hexSteps.get(fw.hex);
  if (!steps) {
    steps = [];
    for (let d = 0 as Direction; d < 6; d = (d + 1) as Direction) {
      const to = neighbour(ctx.view.board, fw.hex, d);
      steps.push(to < 0 ? { exit: d } : { to });
    }
    ctx.hexSteps.set(fw.hex, steps);
  }
  if (fw.reorientedSinceStep) return steps;
  // With the turns after them, once per hex and facing (the search asks at every state it settles).
  const key = fw.hex * 12 + fw.facing;
  let all = ctx.withTurns.get(key);
  if (!all) ctx.withTurns.set(key, (all = [...steps, ...TURNS[fw.facing]]));
  return all;
}

/** Every facing but the one held. */
const TURNS: readonly FleeStep[][] = FACINGS.map((held) => FACINGS.filter((f) => f !== held).map((face) => ({ face })));

/** A flight must cover at least one hex (§2.6.13); the cheapest way to each place is kept. */
function arrivalsOf(ctx: FleeContext, nodes: Map<number, Node>): FleeArrival[] {
  // A place is a hex and facing, or an edge hexside left by (numbered below zero).
  const best = new Map<number, Node>();
  // `endRefusal` reads of a walk its hex, its facing and whether it left the map, all of which its place holds: asked once per place, not per walk ending there (issue 9).
  const refused = new Map<number, boolean>();
  for (const n of nodes.values()) {
    if (n.fw.hexSteps === 0 && n.fw.ended !== 'exit') continue;
    const place = n.fw.ended === 'exit' ? -1 - (n.fw.hex * 6 + n.fw.exit!) : n.fw.hex * 12 + n.fw.facing;
    let no = refused.get(place);
    if (no === undefined) refused.set(place, (no = endRefusal(ctx, n.fw) !== null));
    if (no) continue;
    const cur = best.get(place);
    if (!cur || cur.fw.spent > n.fw.spent) best.set(place, n);
  }
  return [...best.values()].map((n) => ({
    hex: n.fw.hex,
    facing: n.fw.facing,
    cost: toPoints(n.fw.spent),
    steps: pathTo(nodes, n.key),
    threat: ctx.threat,
    exit: n.fw.exit,
    minimal: n.fw.minimal,
  }));
}

function pathTo(nodes: Map<number, Node>, k: number): FleeStep[] {
  const steps: FleeStep[] = [];
  // Each step copied by its one field: a spread sees the three step shapes and costs more (issue 9).
  for (let n = nodes.get(k)!; n.step; n = nodes.get(n.prev)!) steps.push(copyStep(n.step));
  return steps.reverse();
}

function copyStep(s: FleeStep): FleeStep {
  return 'to' in s ? { to: s.to } : 'face' in s ? { face: s.face } : { exit: s.exit };
}
