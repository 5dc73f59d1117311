import { reject, Rejection } from '../actions/rejection';
import { zoneOf, Facing } from '../geometry/facing';
import { Direction, directionTo, hexLabel } from '../geometry/hex';
import { boardIndex, hexsideAt, neighbour } from '../terrain/board';
import { enemyCovers } from '../fog/covers';
import type { GameState, Unit } from '../state/types';
import { mayCrossHexside } from '../units/abilities';
import { adjacentEnemies, engagedBy, engagedTargets } from '../units/engagement';
import { STACK_LIMIT, stackAt, stackPoints } from '../units/stacking';
import { crossingCost, Halves, reorientCost, stepCost, toPoints } from './costs';
import { allowanceHalves, mayMoveOnWhileEngaging, MoveMode, Mover } from './mover';
import { CHARGE_RUN, chargeKept, mayCharge, nextChargeRun, startChargeRun, stepKeepsCharge } from './charge';

/**
 * One elementary move at a time (§2.6.3): the walker checks a step or a
 * reorientation against the state the mover's player knows, and says where
 * the move stands after it. Both the reachable-hex search and the validation
 * of a submitted move use it, so the preview and the verdict cannot differ.
 */
/** One elementary move: a hex forward, a reorientation, or off the map across an edge hexside (§2.6.10). */
export type MoveStep = { to: number } | { face: Facing } | { exit: number };

export interface MoveContext {
  view: GameState;
  mover: Mover;
  mode: MoveMode;
  budget: Halves;
  enemyCoverHexes: number[];
  startHex: number;
  /** The mover may end this move with a charge marker, terrain permitting (§2.6.9). */
  chargeEligible: boolean;
  /** Per hex, precomputed once per search: what the walker asks at every step. */
  map: HexFacts;
  /** Enemies in the open that left the map this turn, by exit hexside (hex × 6 + direction): whom a charge leaving there pursues (§2.6.10). */
  offMapEnemies: Map<number, string>;
}

interface HexFacts {
  /** An enemy unit or cover stands here. */
  enemyAt: Uint8Array;
  /** An enemy unit in the open stands here or next door. */
  enemyNear: Uint8Array;
  /** An enemy cover stands here or next door. */
  coverNear: Uint8Array;
  /** Stacking points of the mover's friends here. */
  friendPoints: Uint8Array;
  /** The mover's friendly large units here. */
  friendLarge: Uint8Array;
}

function hexFacts(view: GameState, mover: Mover, coverHexes: number[]): HexFacts {
  const idx = boardIndex(view.board);
  const facts: HexFacts = {
    enemyAt: new Uint8Array(idx.size),
    enemyNear: new Uint8Array(idx.size),
    coverNear: new Uint8Array(idx.size),
    friendPoints: new Uint8Array(idx.size),
    friendLarge: new Uint8Array(idx.size),
  };
  const around = (hex: number, mark: Uint8Array) => {
    mark[hex] = 1;
    for (let d = 0; d < 6; d++) if (idx.neighbours[hex * 6 + d] >= 0) mark[idx.neighbours[hex * 6 + d]] = 1;
  };
  const side = mover.unit.side;
  for (const u of view.units) {
    if (u.hex < 0 || u.id === mover.unit.id) continue;
    if (u.side !== side) {
      facts.enemyAt[u.hex] = 1;
      around(u.hex, facts.enemyNear);
    } else {
      facts.friendPoints[u.hex] += stackPoints(u);
      if (u.size === 'large') facts.friendLarge[u.hex] += 1;
    }
  }
  for (const d of view.decoys) if (d.id !== mover.unit.id && d.hex >= 0) facts.friendPoints[d.hex] += decoyStackPoints(view, d.mimic);
  for (const h of coverHexes) {
    facts.enemyAt[h] = 1;
    around(h, facts.coverNear);
  }
  return facts;
}

function decoyStackPoints(view: GameState, mimic: string): number {
  const model = view.units.find((u) => u.id === mimic);
  return model ? stackPoints(model) : 4;
}

export type MoveEnd = 'engaged' | 'engaging' | 'reveal' | 'exit';

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

export function moveContext(view: GameState, mover: Mover, mode: MoveMode): MoveContext {
  const enemyCoverHexes = enemyCovers(view, mover.unit.side).map((c) => c.hex);
  return {
    view,
    mover,
    mode,
    budget: allowanceHalves(mover.unit, mode),
    enemyCoverHexes,
    startHex: mover.unit.hex,
    chargeEligible: mayCharge(view, mover.unit, mode),
    map: hexFacts(view, mover, enemyCoverHexes),
    offMapEnemies: offMapEnemies(view, mover.unit),
  };
}

function offMapEnemies(view: GameState, unit: Unit): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of view.units) {
    if (e.side === unit.side || e.hidden || e.destroyed || !e.offMap || e.offMap.turn !== view.turn) continue;
    const key = e.offMap.hex * 6 + e.offMap.dir;
    if (!out.has(key)) out.set(key, e.id);
  }
  return out;
}

export function startWalk(ctx: MoveContext): WalkState {
  const u = ctx.mover.unit;
  const chargeRun = startChargeRun(u, ctx.chargeEligible);
  return { hex: u.hex, facing: u.facing, spent: 0, hexSteps: 0, reorientedSinceStep: false, engagingRun: false, ended: null, chargeRun };
}

/** Reorientation (§2.6.6): never twice without a hex in between, never while engaged. */
export function walkReorient(ctx: MoveContext, ws: WalkState, facing: Facing): WalkState | Rejection {
  if (ws.ended) return reject('moveEnded', { hex: hexLabel(ctx.view.board, ws.hex) });
  if (!Number.isInteger(facing) || facing < 0 || facing > 11) return reject('badFacing');
  if (ws.reorientedSinceStep) return reject('reorientTwice');
  const cost = ctx.mode === 'minimal' ? 0 : reorientCost(ctx.mover.unit, ws.facing, facing);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost);
  const next = { ...ws, facing, spent: ws.spent + cost, reorientedSinceStep: true, chargeRun: CHARGE_RUN.none };
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
  const chargeRun = nextChargeRun(ws.chargeRun, ctx.chargeEligible && stepKeepsCharge(ctx.view, ws.hex, dir), ctx.chargeEligible);
  const next = { ...ws, hex: to, spent: ws.spent + cost, hexSteps: ws.hexSteps + 1, reorientedSinceStep: false, chargeRun };
  return arrive(ctx, next);
}

/**
 * Leaving the map (§2.6.10) across an edge hexside of the front zone: an
 * elementary move that enters no hex, so it costs only the friendly large
 * units crossed in the hex left (§2.3.1.1); it ends the move. A unit that
 * must keep engaging (§2.6.8) cannot leave.
 */
export function walkExit(ctx: MoveContext, ws: WalkState, dir: number): WalkState | Rejection {
  const board = ctx.view.board;
  if (ws.ended) return reject('moveEnded', { hex: hexLabel(board, ws.hex) });
  if (ctx.mode === 'minimal' && ws.hexSteps >= 1) return reject('minimalOneHex');
  if (!Number.isInteger(dir) || dir < 0 || dir > 5 || neighbour(board, ws.hex, dir as Direction) >= 0) return reject('exitNotEdge');
  const u = ctx.mover.unit;
  if (zoneOf(u.size, ws.facing, dir as Direction) !== 'front') return reject('notFrontZone', { hex: hexLabel(board, ws.hex) });
  if (!mayCrossHexside(u, hexsideAt(board, ws.hex, dir as Direction))) return reject('forbiddenHexside', { hex: hexLabel(board, ws.hex) });
  if (ws.engagingRun) return reject('mustKeepEngaging');
  const cost = ctx.mode === 'minimal' ? 0 : leavingCost(ctx, ws.hex);
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost);
  return { ...ws, spent: ws.spent + cost, hexSteps: ws.hexSteps + 1, reorientedSinceStep: false, ended: 'exit', exit: dir as Direction };
}

/** Any elementary move: the one entry the preview, the verdict and the directive judge share. */
export function walkMove(ctx: MoveContext, ws: WalkState, step: MoveStep): WalkState | Rejection {
  if ('face' in step) return walkReorient(ctx, ws, step.face);
  if ('exit' in step) return walkExit(ctx, ws, step.exit);
  return walkStep(ctx, ws, step.to);
}

/** The enemy a move pursues (§2.6.10): it left the map, charging, across the hexside an enemy left by this turn. */
export function pursuedAt(ctx: MoveContext, ws: WalkState): string | null {
  if (ws.ended !== 'exit' || ws.exit === undefined || !chargeKept(ctx.mover.unit, ws.chargeRun)) return null;
  return ctx.offMapEnemies.get(ws.hex * 6 + ws.exit) ?? null;
}

function noPoints(ctx: MoveContext, ws: WalkState, cost: Halves): Rejection {
  return reject('notEnoughPoints', { cost: toPoints(cost), left: toPoints(ctx.budget - ws.spent) });
}

/** Enemy units or covers forbid the hex; friendly ones count against the stacking limit at every step. */
function occupation(ctx: MoveContext, to: number): Rejection | null {
  const label = () => hexLabel(ctx.view.board, to);
  if (ctx.map.enemyAt[to]) return reject('enemyInHex', { hex: label() });
  const points = ctx.map.friendPoints[to] + stackPoints(ctx.mover.unit);
  if (points > STACK_LIMIT) return reject('stackingLimit', { hex: label(), points });
  return null;
}

/**
 * Crossing friendly large units costs 1 each (§2.3.1.1, §2.6.7): those of
 * every hex passed through, and, when leaving the start hex, the large units
 * ahead of a large mover in its own stack.
 */
function leavingCost(ctx: MoveContext, hex: number): Halves {
  const u = ctx.mover.unit;
  if (hex !== ctx.startHex) return crossingCost(ctx.map.friendLarge[hex]);
  if (u.size !== 'large') return 0;
  const ahead = stackAt(ctx.view, hex).filter((o) => o.id !== u.id && o.side === u.side && o.size === 'large' && o.stackRank < u.stackRank);
  return crossingCost(ahead.length);
}

/** Where the move stands on arriving at a hex or facing (§2.6.8 and the covers). */
function arrive(ctx: MoveContext, ws: WalkState): WalkState | Rejection {
  const seesCover = ctx.map.coverNear[ws.hex] === 1;
  const seesEnemy = ctx.map.enemyNear[ws.hex] === 1;
  if (ctx.mover.isDecoy) return seesCover || seesEnemy ? { ...ws, ended: 'reveal' } : ws;
  if (!seesEnemy) {
    if (ws.engagingRun) return reject('mustKeepEngaging');
    return seesCover ? { ...ws, ended: 'reveal' } : ws;
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
