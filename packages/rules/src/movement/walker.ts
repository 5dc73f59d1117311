import type { Rejection } from '../actions/rejection';
import { No, silent, worded } from './refusal';
import { FACINGS, zoneOf, Facing } from '../geometry/facing';
import { Direction, hexLabel } from '../geometry/hex';
import { hexsideAt, neighbour } from '../terrain/board';
import { mayCrossHexside, zoneSize } from '../units/abilities';
import { STACK_LIMIT, stackPoints, stacksWithSmallOnly } from '../units/stacking';
import { crossingCost, Halves, toPoints } from './costs';
import { allowanceHalves, mayMoveOnWhileEngaging } from './mover';
import { CHARGE_RUN, chargeKept, nextChargeRun, startChargeRun } from './charge';
import { BodyStep, BodyWalk, startBodyWalk, walkBody } from './formation-walker';
import { isFormationStep } from './formation-moves';
import { directionOf, engagementAt, EngagementFacts, MoveContext, stepCostAt, turnCost } from './move-context';

export { moveContext, turnCost } from './move-context';
export type { MoveContext } from './move-context';

/** One elementary move: a hex forward, a reorientation, or off the map across an edge hexside (§2.6.10). */
export type MoveStep = { to: number } | { face: Facing } | { exit: number };

export type MoveEnd = 'engaged' | 'engaging' | 'reveal' | 'exit';

/**
 * One elementary move at a time (§2.6.3): the walker checks a step or a
 * reorientation against the state the mover's player knows, and says where
 * the move stands after it. Both the reachable-hex search and the validation
 * of a submitted move use it, so the preview and the verdict cannot differ.
 */
export interface WalkState {
  hex: number;
  facing: Facing;
  spent: Halves;
  hexSteps: number;
  reorientedSinceStep: boolean;
  /** Engaging the enemy without being engaged, and allowed to go on (§2.6.8). */
  engagingRun: boolean;
  ended: MoveEnd | null;
  /** Where the charge stands (§2.6.9, movement/charge.ts CHARGE_RUN). */
  chargeRun: number;
  /** The edge hexside crossed to leave the map (§2.6.10), when `ended` is 'exit'. */
  exit?: Direction;
}

export function startWalk(ctx: MoveContext): WalkState {
  const u = ctx.mover.unit;
  if (u.secondHex !== undefined) return startBodyWalk(ctx);
  const chargeRun = startChargeRun(u, ctx.chargeEligible);
  return { hex: u.hex, facing: u.facing, spent: 0, hexSteps: 0, reorientedSinceStep: false, engagingRun: false, ended: null, chargeRun, exit: undefined };
}

/**
 * A copy of the walk state with some fields changed. Written out field by
 * field: spreading a state (`{ ...ws, hex }`) costs about a hundred times
 * more in V8, and the preview's search makes tens of thousands of them.
 */
function change(ws: WalkState, c: Partial<WalkState>): WalkState {
  return {
    hex: c.hex ?? ws.hex,
    facing: c.facing ?? ws.facing,
    spent: c.spent ?? ws.spent,
    hexSteps: c.hexSteps ?? ws.hexSteps,
    reorientedSinceStep: c.reorientedSinceStep ?? ws.reorientedSinceStep,
    engagingRun: c.engagingRun ?? ws.engagingRun,
    ended: c.ended !== undefined ? c.ended : ws.ended,
    chargeRun: c.chargeRun ?? ws.chargeRun,
    exit: c.exit ?? ws.exit,
  };
}

/**
 * `change` for a step or a turn, the walker's two most frequent moves: the
 * same state, in the same field order, without the object of changes
 * (issue 9: the search's allocations are what its collector pauses cost).
 */
function moved(ws: WalkState, hex: number, facing: Facing, spent: Halves, hexSteps: number, reorientedSinceStep: boolean, chargeRun: number): WalkState {
  return { hex, facing, spent, hexSteps, reorientedSinceStep, engagingRun: ws.engagingRun, ended: ws.ended, chargeRun, exit: ws.exit };
}

/** Reorientation (§2.6.6): never twice without a hex in between, never while engaged. */
export function walkReorient(ctx: MoveContext, ws: WalkState, facing: Facing): WalkState | Rejection {
  return reorient(ctx, ws, facing, worded);
}

/** One hex forward, into the front zone (§2.6.3), within stacking (§2.3.1) and the allowance. */
export function walkStep(ctx: MoveContext, ws: WalkState, to: number): WalkState | Rejection {
  return step(ctx, ws, to, worded);
}

/**
 * Leaving the map (§2.6.10) across an edge hexside of the front zone: an
 * elementary move that enters no hex, so it costs only the friendly large
 * units crossed in the hex left (§2.3.1.1); it ends the move. A unit that
 * must keep engaging (§2.6.8) cannot leave.
 */
export function walkExit(ctx: MoveContext, ws: WalkState, dir: number): WalkState | Rejection {
  return exit(ctx, ws, dir, worded);
}

/** The search's form of the same three checks: the state after the step, or null where the walker says no. */
export const tryReorient = (ctx: MoveContext, ws: WalkState, facing: Facing): WalkState | null => orNull(reorient(ctx, ws, facing, silent));
export const tryStep = (ctx: MoveContext, ws: WalkState, to: number): WalkState | null => orNull(step(ctx, ws, to, silent));
/** `tryStep` through hexside `dir` of the walk's hex, `to` being the hex beyond it (the search's form: it knows both). */
export const tryStepThrough = (ctx: MoveContext, ws: WalkState, to: number, dir: Direction): WalkState | null =>
  ws.ended || (ctx.mode === 'minimal' && ws.hexSteps >= 1) ? null : orNull(stepToward(ctx, ws, to, dir, silent));
export const tryExit = (ctx: MoveContext, ws: WalkState, dir: number): WalkState | null => orNull(exit(ctx, ws, dir, silent));
const orNull = (r: WalkState | Rejection): WalkState | null => ('code' in r ? null : r);

function reorient(ctx: MoveContext, ws: WalkState, facing: Facing, no: No): WalkState | Rejection {
  if (ws.ended) return no('moveEnded', () => ({ hex: hexLabel(ctx.view.board, ws.hex) }));
  if (!Number.isInteger(facing) || facing < 0 || facing > 11) return no('badFacing');
  if (ws.reorientedSinceStep) return no('reorientTwice');
  // Minimal movement pays for entering the hex, the turn to face it included; after it the allowance is spent (§2.6.5, §2.6.6).
  const cost = ctx.mode === 'minimal' && ws.hexSteps === 0 ? 0 : turnCost(ctx, ws.facing, facing);
  if (ctx.mode === 'minimal' && cost > 0) return no('notEnoughPoints', () => ({ cost: toPoints(cost), left: 0 }));
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost, no);
  const next = moved(ws, ws.hex, facing, ws.spent + cost, ws.hexSteps, true, CHARGE_RUN.none);
  return arrive(ctx, next, no);
}

function step(ctx: MoveContext, ws: WalkState, to: number, no: No): WalkState | Rejection {
  const board = ctx.view.board;
  if (ws.ended) return no('moveEnded', () => ({ hex: hexLabel(board, ws.hex) }));
  if (ctx.mode === 'minimal' && ws.hexSteps >= 1) return no('minimalOneHex');
  const dir = directionOf(ctx, ws.hex, to);
  if (dir === -1) return no('notAdjacentStep', () => ({ hex: to >= 0 && to < board.cols * board.rows ? hexLabel(board, to) : String(to) }));
  return stepToward(ctx, ws, to, dir, no);
}

/** The rest of `step`, the direction known (the search knows it: it steps through each hexside in turn). */
function stepToward(ctx: MoveContext, ws: WalkState, to: number, dir: Direction, no: No): WalkState | Rejection {
  // Worded only when refused: the search tries thousands of steps.
  const label = () => ({ hex: hexLabel(ctx.view.board, to) });
  // The front zone (§2.3), from the step table: `zoneOf(zoneSize(u), facing, dir) === 'front'`, worked out once per kind of mover.
  if (!ctx.costs.front[ws.facing * 6 + dir]) return no('notFrontZone', label);
  const sc = stepCostAt(ctx, ws.hex, dir);
  if (sc.kind === 'forbidden') return no(sc.reason === 'hexside' ? 'forbiddenHexside' : sc.reason === 'offMap' ? 'offMap' : 'forbiddenTerrain', label);
  if (sc.kind === 'minimal' && ctx.mode !== 'minimal') return no('needsMinimalMovement', label);
  const occupied = occupation(ctx, to, no);
  if (occupied) return occupied;
  if (ctx.mode === 'minimal' && sc.kind === 'cost' && affordable(ctx, dir, sc.halves + leavingCost(ctx, ws.hex, dir))) return no('minimalNotNeeded', label);
  const cost = ctx.mode === 'minimal' ? 0 : stepHalves(ctx, ws.hex, dir);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost, no);
  const next = moved(ws, to, ws.facing, ws.spent + cost, ws.hexSteps + 1, false, stepChargeRun(ctx, ws, dir));
  return arrive(ctx, next, no);
}

/** What a step through hexside `dir` of `hex` costs outside minimal movement: the hex entered, and the large friends crossed leaving (§2.3.1.1). */
export function stepHalves(ctx: MoveContext, hex: number, dir: Direction): Halves {
  const sc = stepCostAt(ctx, hex, dir);
  return (sc.kind === 'cost' ? sc.halves : 0) + leavingCost(ctx, hex, dir);
}

/** The charge run after a step through hexside `dir` of the walk's hex (§2.6.9; the search asks it before walking the step). */
export function stepChargeRun(ctx: MoveContext, ws: WalkState, dir: number): number {
  return nextChargeRun(ws.chargeRun, ctx.chargeEligible && ctx.chargeSides[ws.hex * 6 + dir] === 1, ctx.chargeEligible);
}

function exit(ctx: MoveContext, ws: WalkState, dir: number, no: No): WalkState | Rejection {
  const board = ctx.view.board;
  const label = () => ({ hex: hexLabel(board, ws.hex) });
  if (ws.ended) return no('moveEnded', label);
  if (ctx.mode === 'minimal' && ws.hexSteps >= 1) return no('minimalOneHex');
  if (!Number.isInteger(dir) || dir < 0 || dir > 5 || neighbour(board, ws.hex, dir as Direction) >= 0) return no('exitNotEdge');
  const u = ctx.mover.unit;
  if (zoneOf(zoneSize(u), ws.facing, dir as Direction) !== 'front') return no('notFrontZone', label);
  if (!mayCrossHexside(u, hexsideAt(board, ws.hex, dir as Direction))) return no('forbiddenHexside', label);
  if (ws.engagingRun) return no('mustKeepEngaging');
  if (ctx.mode === 'minimal' && affordable(ctx, dir as Direction, leavingCost(ctx, ws.hex, dir as Direction))) return no('minimalNotNeeded', label);
  const cost = ctx.mode === 'minimal' ? 0 : leavingCost(ctx, ws.hex, dir as Direction);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost, no);
  return change(ws, { spent: ws.spent + cost, hexSteps: ws.hexSteps + 1, reorientedSinceStep: false, ended: 'exit', exit: dir as Direction });
}

/** Any elementary move: the one entry the preview, the verdict and the directive judge share. A two-hex body walks by its own moves (formation-walker.ts). */
export function walkMove(ctx: MoveContext, ws: WalkState, step: BodyStep): WalkState | Rejection {
  if (ctx.mover.unit.secondHex !== undefined) return walkBody(ctx, ws as BodyWalk, step, worded);
  if (isFormationStep(step)) return worded('notAFormation');
  if ('face' in step) return walkReorient(ctx, ws, step.face);
  if ('exit' in step) return walkExit(ctx, ws, step.exit);
  return walkStep(ctx, ws, step.to);
}

/** The enemy a move pursues (§2.6.10): it left the map, charging, across the hexside an enemy left by this turn. */
export function pursuedAt(ctx: MoveContext, ws: WalkState): string | null {
  if (ws.ended !== 'exit' || ws.exit === undefined || !chargeKept(ctx.mover.unit, ws.chargeRun)) return null;
  return ctx.offMapEnemies.get(ws.hex * 6 + ws.exit) ?? null;
}

/**
 * Whether the normal allowance would pay for this first elementary move,
 * with the cheapest turn from the start facing that opens its way: then
 * minimal movement is not open (§2.6.5, "n'a pas une allocation suffisante").
 */
function affordable(ctx: MoveContext, dir: Direction, stepHalves: Halves): boolean {
  const u = ctx.mover.unit;
  let turn = Number.POSITIVE_INFINITY;
  for (const f of FACINGS) if (zoneOf(zoneSize(u), f, dir) === 'front') turn = Math.min(turn, turnCost(ctx, u.facing, f));
  return turn + stepHalves <= allowanceHalves(u, 'normal');
}

function noPoints(ctx: MoveContext, ws: WalkState, cost: Halves, no: No): Rejection {
  return no('notEnoughPoints', () => ({ cost: toPoints(cost), left: toPoints(ctx.budget - ws.spent) }));
}

/** Enemy units or covers forbid the hex; friendly ones count against the stacking limit at every step. */
function occupation(ctx: MoveContext, to: number, no: No): Rejection | null {
  const label = () => hexLabel(ctx.view.board, to);
  if (ctx.map.enemyAt[to]) return no('enemyInHex', () => ({ hex: label() }));
  const points = ctx.map.friendPoints[to] + stackPoints(ctx.mover.unit);
  if (points > STACK_LIMIT) return no('stackingLimit', () => ({ hex: label(), points }));
  // Sheet 000 Empilement, at every instant: no large unit with a large friend when either has an inferior command profile.
  const large = ctx.map.largeFriends[to];
  if (ctx.mover.unit.size === 'large' && (large === 2 || (large === 1 && stacksWithSmallOnly(ctx.mover.unit)))) return no('stackingInferior', () => ({ hex: label() }));
  return null;
}

/**
 * Crossing friendly large units costs 1 each (§2.3.1.1, §2.6.7): those of
 * every hex passed through, and, when leaving the start hex, those of its
 * own stack the mover crosses on that side (ahead of it going forward,
 * behind it going back: see crossedLeavingStack).
 */
function leavingCost(ctx: MoveContext, hex: number, dir: Direction): Halves {
  if (hex !== ctx.startHex) return crossingCost(ctx.map.friendLarge[hex]);
  return crossingCost(ctx.startCrossed[dir]);
}

/** Where the move stands on arriving at a hex or facing (§2.6.8 and the covers). */
function arrive(ctx: MoveContext, ws: WalkState, no: No): WalkState | Rejection {
  return arriveSeeing(ctx, ws, ctx.map.coverNear[ws.hex] === 1, ctx.map.enemyNear[ws.hex] === 1, oneHexEngagement, no);
}

const oneHexEngagement = (ctx: MoveContext, ws: WalkState): EngagementFacts => engagementAt(ctx, ws.hex, ws.facing);

/**
 * The same for any body (a formation asks with its two hexes, formation-walker.ts):
 * what it sees around it, and who would engage whom where it stands.
 */
export function arriveSeeing<W extends WalkState>(
  ctx: MoveContext,
  ws: W,
  seesCover: boolean,
  seesEnemy: boolean,
  facts: (ctx: MoveContext, ws: W) => EngagementFacts,
  no: No,
): WalkState | Rejection {
  if (ctx.mover.isDecoy) return seesCover || seesEnemy ? change(ws, { ended: 'reveal' }) : ws;
  if (!seesEnemy) {
    if (ws.engagingRun) return no('mustKeepEngaging');
    return seesCover ? change(ws, { ended: 'reveal' }) : ws;
  }
  const engagement = checkEngagement(ctx, ws, facts(ctx, ws), no);
  if ('code' in engagement) return engagement;
  if (seesCover) return change(ws, { ended: 'reveal' });
  return engagement;
}

function checkEngagement(ctx: MoveContext, ws: WalkState, e: EngagementFacts, no: No): WalkState | Rejection {
  const u = ctx.mover.unit;
  const label = () => hexLabel(ctx.view.board, ws.hex);
  if (e.unanswered !== null) return no('engagedWithoutEngaging', () => ({ hex: label(), enemy: e.unanswered! }));
  if (e.targets === 0 && e.adjacent) return no('adjacentWithoutEngaging', () => ({ hex: label() }));
  if (e.by > 0 && (u.cohesion === 'shaken' || u.breath === 'exhausted')) return no('shakenMayNotBeEngaged');
  if (ws.engagingRun && e.targets === 0) return no('mustKeepEngaging');
  if (e.by > 0) return change(ws, { ended: 'engaged' });
  if (e.targets > 0) return mayMoveOnWhileEngaging(u) ? change(ws, { engagingRun: true }) : change(ws, { ended: 'engaging' });
  return ws;
}

