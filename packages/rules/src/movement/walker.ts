import { reject, Rejection } from '../actions/rejection';
import { zoneOf, Facing } from '../geometry/facing';
import { directionTo, distance, hexLabel } from '../geometry/hex';
import { enemyCovers } from '../fog/covers';
import type { GameState, Unit } from '../state/types';
import { adjacentEnemies, engagedBy, engagedTargets } from '../units/engagement';
import { STACK_LIMIT, stackAt, stackPoints, stackPointsAt } from '../units/stacking';
import { crossingCost, Halves, reorientCost, stepCost, toPoints } from './costs';
import { allowanceHalves, mayMoveOnWhileEngaging, MoveMode, Mover } from './mover';

/**
 * One elementary move at a time (§2.6.3): the walker checks a step or a
 * reorientation against the state the mover's player knows, and says where
 * the move stands after it. Both the reachable-hex search and the validation
 * of a submitted move use it, so the preview and the verdict cannot differ.
 */
export interface MoveContext {
  view: GameState;
  mover: Mover;
  mode: MoveMode;
  budget: Halves;
  enemyCoverHexes: number[];
  startHex: number;
}

export type MoveEnd = 'engaged' | 'engaging' | 'reveal';

export interface WalkState {
  hex: number;
  facing: Facing;
  spent: Halves;
  hexSteps: number;
  reorientedSinceStep: boolean;
  /** Engaging the enemy without being engaged, and allowed to go on (§2.6.8). */
  engagingRun: boolean;
  ended: MoveEnd | null;
}

export function moveContext(view: GameState, mover: Mover, mode: MoveMode): MoveContext {
  return {
    view,
    mover,
    mode,
    budget: allowanceHalves(mover.unit, mode),
    enemyCoverHexes: enemyCovers(view, mover.unit.side).map((c) => c.hex),
    startHex: mover.unit.hex,
  };
}

export function startWalk(ctx: MoveContext): WalkState {
  const u = ctx.mover.unit;
  return { hex: u.hex, facing: u.facing, spent: 0, hexSteps: 0, reorientedSinceStep: false, engagingRun: false, ended: null };
}

/** Reorientation (§2.6.6): never twice without a hex in between, never while engaged. */
export function walkReorient(ctx: MoveContext, ws: WalkState, facing: Facing): WalkState | Rejection {
  if (ws.ended) return reject('moveEnded', { hex: hexLabel(ctx.view.board, ws.hex) });
  if (!Number.isInteger(facing) || facing < 0 || facing > 11) return reject('badFacing');
  if (ws.reorientedSinceStep) return reject('reorientTwice');
  const cost = ctx.mode === 'minimal' ? 0 : reorientCost(ctx.mover.unit, ws.facing, facing);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost);
  const next = { ...ws, facing, spent: ws.spent + cost, reorientedSinceStep: true };
  return arrive(ctx, next);
}

/** One hex forward, into the front zone (§2.6.3), within stacking (§2.3.1) and the allowance. */
export function walkStep(ctx: MoveContext, ws: WalkState, to: number): WalkState | Rejection {
  const board = ctx.view.board;
  if (ws.ended) return reject('moveEnded', { hex: hexLabel(board, ws.hex) });
  if (ctx.mode === 'minimal' && ws.hexSteps >= 1) return reject('minimalOneHex');
  const dir = directionTo(board, ws.hex, to);
  if (dir === -1) return reject('notAdjacentStep', { hex: to >= 0 && to < board.cols * board.rows ? hexLabel(board, to) : String(to) });
  const u = ctx.mover.unit;
  if (zoneOf(u.size, ws.facing, dir) !== 'front') return reject('notFrontZone', { hex: hexLabel(board, to) });
  const sc = stepCost(board, u, ws.hex, dir);
  if (sc.kind === 'forbidden') return reject(sc.reason === 'hexside' ? 'forbiddenHexside' : sc.reason === 'offMap' ? 'offMap' : 'forbiddenTerrain', { hex: hexLabel(board, to) });
  if (sc.kind === 'minimal' && ctx.mode !== 'minimal') return reject('needsMinimalMovement', { hex: hexLabel(board, to) });
  const occupied = occupation(ctx, to);
  if (occupied) return occupied;
  const cost = ctx.mode === 'minimal' ? 0 : (sc.kind === 'cost' ? sc.halves : 0) + leavingCost(ctx, ws.hex);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost);
  const next = { ...ws, hex: to, spent: ws.spent + cost, hexSteps: ws.hexSteps + 1, reorientedSinceStep: false };
  return arrive(ctx, next);
}

function noPoints(ctx: MoveContext, ws: WalkState, cost: Halves): Rejection {
  return reject('notEnoughPoints', { cost: toPoints(cost), left: toPoints(ctx.budget - ws.spent) });
}

/** Enemy units or covers forbid the hex; friendly ones count against the stacking limit at every step. */
function occupation(ctx: MoveContext, to: number): Rejection | null {
  const { view, mover } = ctx;
  const label = hexLabel(view.board, to);
  const enemyHere = view.units.some((e) => e.hex === to && e.side !== mover.unit.side) || ctx.enemyCoverHexes.includes(to);
  if (enemyHere) return reject('enemyInHex', { hex: label });
  const points = stackPointsAt(view, to, mover.unit.id) + stackPoints(mover.unit);
  if (points > STACK_LIMIT) return reject('stackingLimit', { hex: label, points });
  return null;
}

/**
 * Crossing friendly large units costs 1 each (§2.3.1.1, §2.6.7): those of
 * every hex passed through, and, when leaving the start hex, the large units
 * ahead of a large mover in its own stack.
 */
function leavingCost(ctx: MoveContext, hex: number): Halves {
  const u = ctx.mover.unit;
  const friendsLarge = stackAt(ctx.view, hex).filter((o) => o.id !== u.id && o.side === u.side && o.size === 'large');
  if (hex !== ctx.startHex) return crossingCost(friendsLarge.length);
  if (u.size !== 'large') return 0;
  return crossingCost(friendsLarge.filter((o) => o.stackRank < u.stackRank).length);
}

/** Where the move stands on arriving at a hex or facing (§2.6.8 and the covers). */
function arrive(ctx: MoveContext, ws: WalkState): WalkState | Rejection {
  const board = ctx.view.board;
  const seesCover = ctx.enemyCoverHexes.some((h) => distance(board, h, ws.hex) <= 1);
  if (ctx.mover.isDecoy) {
    const seesEnemy = ctx.view.units.some((e) => e.side !== ctx.mover.unit.side && e.hex >= 0 && distance(board, e.hex, ws.hex) <= 1);
    return seesCover || seesEnemy ? { ...ws, ended: 'reveal' } : ws;
  }
  const engagement = checkEngagement(ctx, ws);
  if ('code' in engagement) return engagement;
  if (seesCover) return { ...ws, ended: 'reveal' };
  return engagement;
}

function checkEngagement(ctx: MoveContext, ws: WalkState): WalkState | Rejection {
  const u = ctx.mover.unit;
  const placed: Unit = { ...u, hex: ws.hex, facing: ws.facing, stackRank: Number.MAX_SAFE_INTEGER };
  const view = { ...ctx.view, units: ctx.view.units.map((o) => (o.id === u.id ? placed : o)) };
  const label = hexLabel(view.board, ws.hex);
  const by = engagedBy(view, placed);
  const targets = engagedTargets(view, placed);
  const unanswered = by.find((e) => !targets.some((t) => t.id === e.id));
  if (unanswered) return reject('engagedWithoutEngaging', { hex: label, enemy: unanswered.name });
  if (targets.length === 0 && adjacentEnemies(view, placed).length > 0) return reject('adjacentWithoutEngaging', { hex: label });
  if (by.length > 0 && (u.cohesion === 'shaken' || u.breath === 'exhausted')) return reject('shakenMayNotBeEngaged');
  if (ws.engagingRun && targets.length === 0) return reject('mustKeepEngaging');
  if (by.length > 0) return { ...ws, ended: 'engaged' };
  if (targets.length > 0) return mayMoveOnWhileEngaging(u) ? { ...ws, engagingRun: true } : { ...ws, ended: 'engaging' };
  return ws;
}
