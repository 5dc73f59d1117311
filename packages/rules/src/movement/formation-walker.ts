import type { Rejection } from '../actions/rejection';
import type { Direction } from '../geometry/hex';
import { hexLabel } from '../geometry/hex';
import type { Unit } from '../state/types';
import { stacksWithOneSmallOnly } from '../units/formation';
import { STACK_LIMIT, stackPoints } from '../units/stacking';
import { crossedLeavingStack } from '../units/crossing';
import { adjacentEnemies, engagedBy, engagedTargets } from '../units/engagement';
import { CHARGE_RUN } from './charge';
import { Halves, toPoints } from './costs';
import { allowanceHalves } from './mover';
import { EngagementFacts, MoveContext, stepCostAt, turnCost } from './move-context';
import { No } from './refusal';
import { BodyMove, bodyMove, BodyPlace, dirBetween, FormationStep, moveHalves } from './formation-moves';
import { bodyGroundRefusal } from './formation-terrain';
import { arriveSeeing, type MoveStep, type WalkState } from './walker';

/**
 * The walker of a two-hex body (§3.3.7): one elementary move at a time —
 * both hexes one hex forward, a pivot forward, the half-turn — checked
 * against what the mover's player knows, with the same engagement and cover
 * stops as any unit's move (walker.ts `arriveSeeing`). A withdrawal walks
 * the same way backward (`way: 'rear'`: both hexes back or a pivot back,
 * The search (formation-search.ts) and the verdict share it.
 */
export interface BodyWalk extends WalkState {
  /** The body's other hex (Unit.secondHex). */
  second: number;
}

/** Any step a move action may carry: a one-hex unit's, or a formation's. */
export type BodyStep = MoveStep | FormationStep;

/** Which way the body goes: forward for a move (§3.3.7), back for a withdrawal. */
export type BodyWay = 'front' | 'rear';

export function startBodyWalk(ctx: MoveContext): BodyWalk {
  const u = ctx.mover.unit;
  return { hex: u.hex, second: u.secondHex ?? -1, facing: u.facing, spent: 0, hexSteps: 0, reorientedSinceStep: false, engagingRun: false, ended: null, chargeRun: CHARGE_RUN.none, exit: undefined };
}

/** One elementary move of the body, or why not. A formation never charges (FORM-10): its charge run stays none. */
export function walkBody(ctx: MoveContext, ws: BodyWalk, step: BodyStep, no: No, way: BodyWay = 'front'): BodyWalk | Rejection {
  if (ws.ended) return no('moveEnded', () => ({ hex: hexLabel(ctx.view.board, ws.hex) }));
  if ('shift' in step) return shift(ctx, ws, step.shift, no, way);
  if ('pivot' in step) return pivot(ctx, ws, step.pivot, step.onto, no, way);
  if ('face' in step && way === 'front') return halfTurn(ctx, ws, step.face, no);
  if ('exit' in step) return no('formationNeverLeavesMap');
  return no('formationMovesByBody');
}

/** Both hexes across hexside `dir` (§3.3.7): the dearer of the two hexes, move by move (FORM-52). */
function shift(ctx: MoveContext, ws: BodyWalk, dir: number, no: No, way: BodyWay): BodyWalk | Rejection {
  if (!isDirection(dir)) return no('formationMovesByBody');
  const m = bodyMove(ctx.costs.neighbours, ws, { shift: dir })!;
  if (m.way !== way) return no(way === 'front' ? 'notFrontZone' : 'withdrawNotRear', () => ({ hex: m.body.hex >= 0 ? hexLabel(ctx.view.board, m.body.hex) : '—' }));
  return enter(ctx, ws, m, no, way);
}

const isDirection = (d: number): d is Direction => Number.isInteger(d) && d >= 0 && d <= 5;

/** One hex swings about the other (§3.3.7): priced as half the formation entering that hex (FORM-53); the facing turn is free (FORM-50). */
function pivot(ctx: MoveContext, ws: BodyWalk, kept: number, onto: number, no: No, way: BodyWay): BodyWalk | Rejection {
  const m = bodyMove(ctx.costs.neighbours, ws, { pivot: kept, onto });
  if (!m) return no('formationBadPivot');
  if (m.way !== way) return no('formationPivotWay', () => ({ way: m.way === 'front' ? 'avant' : 'arrière' }));
  return enter(ctx, ws, m, no, way);
}

/** The move priced hex entered by hex entered (formation-moves.ts `moveHalves`), each judged by `bodyEntry`. */
function enter(ctx: MoveContext, ws: BodyWalk, m: BodyMove, no: No, way: BodyWay): BodyWalk | Rejection {
  const cost = moveHalves(m, (from, dir) => bodyEntry(ctx, ws, from, dir, no));
  return typeof cost === 'number' ? moved(ctx, ws, m.body, cost, no, way) : cost;
}

/** The formation's only reorientation, the 180° turn (FORM-51), at the table's price for six 30° steps (A-19b); never twice without a move between (§2.6.6). */
function halfTurn(ctx: MoveContext, ws: BodyWalk, facing: number, no: No): BodyWalk | Rejection {
  if (facing !== (ws.facing + 6) % 12) return no('formationHalfTurnOnly');
  if (ws.reorientedSinceStep) return no('reorientTwice');
  // As for any unit, minimal movement's one move may be prepared by a free turn, never followed by a paid one (§2.6.5).
  const cost = ctx.mode === 'minimal' && ws.hexSteps === 0 ? 0 : turnCost(ctx, ws.facing, facing);
  if (ctx.mode === 'minimal' && cost > 0) return no('notEnoughPoints', () => ({ cost: toPoints(cost), left: 0 }));
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost, no);
  const next: BodyWalk = { ...ws, facing, spent: ws.spent + cost, reorientedSinceStep: true };
  return arrive(ctx, next, no);
}

/**
 * One hex of the body entering the hex across `dir`: its price in half
 * points, or why not — clear terrain only (FORM-48), never a rough hexside
 * (FORM-49), the stacking of a formation (FORM-38..40), never crossing
 * (FORM-11, FORM-43).
 */
export function bodyEntry(ctx: MoveContext, ws: BodyWalk, from: number, dir: Direction, no: No): Halves | Rejection {
  if (ctx.mode === 'minimal' && ws.hexSteps >= 1) return no('minimalOneHex');
  const to = ctx.costs.neighbours[from * 6 + dir];
  const label = () => ({ hex: hexLabel(ctx.view.board, to) });
  if (to < 0) return no('offMap');
  const sc = stepCostAt(ctx, from, dir);
  // The ground first, as a threat prices it (formation-terrain.ts), then minimal movement and the units.
  const ground = bodyGroundRefusal(ctx.view.board, to, sc);
  if (ground) return no(ground, label);
  if (sc.kind === 'minimal' && ctx.mode !== 'minimal') return no('needsMinimalMovement', label);
  const occupied = occupation(ctx, to, no);
  if (occupied) return occupied;
  if (from === ctx.startHex || from === ctx.mover.unit.secondHex) {
    if (crossesLeaving(ctx.view, ctx.mover.unit, from, dir)) return no('formationNeverCrosses');
  }
  return sc.kind === 'cost' ? sc.halves : Number.POSITIVE_INFINITY;
}

/**
 * The move's price once both hexes are known good, minimal movement's terms
 * (§2.6.5, FORM-55), then where it stands: a move meets the enemy as any
 * move does (§2.6.8); a withdrawal's end is judged by the withdrawal
 * (formation-withdraw.ts: not engaged by the flank or rear, §2.6.12).
 */
function moved(ctx: MoveContext, ws: BodyWalk, to: BodyPlace, halves: Halves, no: No, way: BodyWay): BodyWalk | Rejection {
  const label = () => ({ hex: hexLabel(ctx.view.board, to.hex) });
  if (ctx.mode === 'minimal' && halves <= allowanceHalves(ctx.mover.unit, 'normal')) return no('minimalNotNeeded', label);
  const cost = ctx.mode === 'minimal' ? 0 : halves;
  if (ws.spent + cost > ctx.budget) return noPoints(ctx, ws, cost, no);
  const next: BodyWalk = { ...ws, hex: to.hex, second: to.second, facing: to.facing, spent: ws.spent + cost, hexSteps: ws.hexSteps + 1, reorientedSinceStep: false };
  return way === 'front' ? arrive(ctx, next, no) : next;
}

function noPoints(ctx: MoveContext, ws: BodyWalk, cost: Halves, no: No): Rejection {
  return no('notEnoughPoints', () => ({ cost: toPoints(cost), left: toPoints(ctx.budget - ws.spent) }));
}

/** Enemies and covers forbid the hex; a formation never moves onto a large unit (FORM-39) and, from 4 figures, stacks with one small unit only (FORM-40). */
function occupation(ctx: MoveContext, to: number, no: No): Rejection | null {
  const label = () => ({ hex: hexLabel(ctx.view.board, to) });
  if (ctx.map.enemyAt[to]) return no('enemyInHex', label);
  if (ctx.map.largeFriends[to] > 0) return no('formationOntoLarge', label);
  const points = ctx.map.friendPoints[to] + stackPoints(ctx.mover.unit);
  if (points > STACK_LIMIT) return no('stackingLimit', () => ({ ...label(), points }));
  if (ctx.map.friendPoints[to] > 1 && stacksWithOneSmallOnly(ctx.mover.unit)) return no('formationStacksOneSmall', label);
  return null;
}

/** Leaving one of its hexes, would it cross a large friend of that hex's stack (§2.3.1.1)? A formation never does (FORM-11). */
function crossesLeaving(view: MoveContext['view'], u: Unit, from: number, dir: Direction): boolean {
  return crossedLeavingStack(view, { ...u, hex: from }, dir).length > 0;
}

/** Where the body stands after a move: what it sees from either hex, who engages whom (§2.6.8). */
function arrive(ctx: MoveContext, ws: BodyWalk, no: No): BodyWalk | Rejection {
  const m = ctx.map;
  const r = arriveSeeing(ctx, ws, m.coverNear[ws.hex] === 1 || m.coverNear[ws.second] === 1, m.enemyNear[ws.hex] === 1 || m.enemyNear[ws.second] === 1, bodyEngagement, no);
  if ('code' in r) return r;
  return r === ws ? ws : { ...r, second: ws.second };
}

const engagementCache = new WeakMap<MoveContext, Map<number, EngagementFacts>>();

/** Who would engage whom with the body placed here (at the back of its stacks), once per place of a context. */
function bodyEngagement(ctx: MoveContext, ws: BodyWalk): EngagementFacts {
  let cache = engagementCache.get(ctx);
  if (!cache) engagementCache.set(ctx, (cache = new Map()));
  const key = (ws.hex * 6 + Math.max(0, dirBetween(ctx.costs.neighbours, ws.hex, ws.second))) * 12 + ws.facing;
  const known = cache.get(key);
  if (known) return known;
  const placed: Unit = { ...ctx.mover.unit, hex: ws.hex, secondHex: ws.second, facing: ws.facing, stackRank: Number.MAX_SAFE_INTEGER };
  const view = { ...ctx.view, units: unitsAroundBody(ctx, placed) };
  const by = engagedBy(view, placed);
  const targets = engagedTargets(view, placed);
  const unanswered = by.find((e) => !targets.some((t) => t.id === e.id));
  const facts = { by: by.length, targets: targets.length, unanswered: unanswered ? unanswered.name : null, adjacent: adjacentEnemies(view, placed).length > 0 };
  cache.set(key, facts);
  return facts;
}

/** The view's units in or next to either hex of the body, in the view's order, the mover replaced by `placed`. */
function unitsAroundBody(ctx: MoveContext, placed: Unit): Unit[] {
  const near = new Set<number>();
  const nb = ctx.costs.neighbours;
  for (const h of [placed.hex, placed.secondHex!]) {
    for (const i of ctx.unitsByHex.get(h) ?? []) near.add(i);
    for (let d = 0; d < 6; d++) for (const i of ctx.unitsByHex.get(nb[h * 6 + d]) ?? []) near.add(i);
  }
  if (ctx.moverIndex >= 0) near.add(ctx.moverIndex);
  return [...near].sort((a, b) => a - b).map((i) => (i === ctx.moverIndex ? placed : ctx.view.units[i]));
}

/** The search's form: the body after the move, or null. */
export const tryBody = (ctx: MoveContext, ws: BodyWalk, step: BodyStep, no: No, way: BodyWay = 'front'): BodyWalk | null => {
  const r = walkBody(ctx, ws, step, no, way);
  return 'code' in r ? null : r;
};
