import { directiveRefusal } from '../command/directive';
import { isRejection, reject, Rejection } from '../actions/rejection';
import { enemyCovers } from '../fog/covers';
import { sharedAnswer, sharedView } from '../fog/view';
import { Facing, retreatDirections } from '../geometry/facing';
import { Direction, directionTo, hexLabel } from '../geometry/hex';
import { boardIndex, neighbour } from '../terrain/board';
import type { GameState, Seat, Unit } from '../state/types';
import { allFront, movementPoints, zoneSize } from '../units/abilities';
import { engagedBy, engagedTargets } from '../units/engagement';
import { crossedLeavingStack } from '../units/crossing';
import { inferiorStackClash, STACK_LIMIT, stackPoints, stackPointsAt } from '../units/stacking';
import { chargeForbidsRetreat } from './charge';
import { crossingCost, stepCost, toHalves } from './costs';
import { Mover, moverOf } from './mover';
import { bodyAfter, FormationStep } from './formation-moves';
import { backwardSteps, bodyWithdrawal } from './formation-withdraw';
import { zoneOf } from '../geometry/facing';
import { breakChoices } from '../units/condition';
import { distanceToHex, occupies } from '../units/body';

/**
 * L'Action de Repli (§2.6.12): one hex into the rear zone (any of the six
 * for a unit with only a front zone), without reorienting, by minimal
 * movement when the points fall short. Judged on what the player knows.
 */
export interface WithdrawTarget {
  /** The hex withdrawn into, or the edge hexside crossed to leave the map (§2.6.10). */
  to?: number;
  exit?: number;
}

export interface WithdrawOption {
  to: number | null;
  exit?: Direction;
  /** A formation's move back (§3.3.7, A-70), with its other hex and facing after it; `to` is its first hex then. */
  step?: FormationStep;
  second?: number;
  facing?: Facing;
  /** A shaken formation of odd steps its disengagement test would break there: the hexes that may take the extra step (§3.3.1.3, A-42). */
  heavier?: number[];
  /** Only minimal movement reaches it: a level of breath (§2.6.5). */
  minimal: boolean;
  allowed: boolean;
  rejection?: Rejection;
}

/** Whether the unit may withdraw at all, before the hex is looked at. */
export function withdrawUnitRefusal(view: GameState, unit: Unit): Rejection | null {
  if (unit.cohesion === 'routed') return reject('routedMustFlee');
  // "Ne peut plus bouger": a withdrawal is a move too (§3.3.6, l.2274).
  if (allFront(unit)) return reject('hedgehogMayNotMove');
  if (chargeForbidsRetreat(view, unit)) return reject('chargeNoRetreat');
  return mustEngageAnEngager(view, unit);
}

/** Engaged, a withdrawing or fleeing unit must engage one of its engagers (§2.6.12, §2.6.13). */
export function mustEngageAnEngager(view: GameState, unit: Unit): Rejection | null {
  const by = engagedBy(view, unit);
  if (by.length === 0) return null;
  const targets = new Set(engagedTargets(view, unit).map((t) => t.id));
  return by.some((e) => targets.has(e.id)) ? null : reject('mustEngageEngager');
}

/** The hex (or edge) checks; returns whether minimal movement is needed. */
export function withdrawRefusal(view: GameState, unit: Unit, target: WithdrawTarget): { rejection: Rejection | null; minimal: boolean } {
  const no = (rejection: Rejection) => ({ rejection, minimal: false });
  const board = view.board;
  const dir = target.exit ?? (target.to !== undefined ? directionTo(board, unit.hex, target.to) : -1);
  const label = target.to !== undefined && target.to >= 0 && target.to < board.cols * board.rows ? hexLabel(board, target.to) : '—';
  if (dir === -1) return no(reject('notAdjacentStep', { hex: label }));
  if (!retreatDirections(zoneSize(unit), unit.facing).includes(dir as Direction)) return no(reject('withdrawNotRear', { hex: label }));
  const to = neighbour(board, unit.hex, dir as Direction);
  if (target.exit !== undefined) return to < 0 ? { rejection: null, minimal: false } : no(reject('exitNotEdge'));
  const sc = stepCost(board, unit, unit.hex, dir as Direction);
  if (sc.kind === 'forbidden') return no(reject(sc.reason === 'hexside' ? 'forbiddenHexside' : 'forbiddenTerrain', { hex: label }));
  const occupied = occupiedRefusal(view, unit, to, label);
  if (occupied) return no(occupied);
  // Crossing the large units behind it in its own stack costs 1 each (§2.3.1.1).
  const crossing = crossingCost(crossedLeavingStack(view, unit, dir as Direction).length);
  const minimal = sc.kind === 'minimal' || sc.halves + crossing > toHalves(movementPoints(unit));
  if (minimal && unit.breath === 'exhausted') return no(reject('withdrawNeedsBreath', { hex: label }));
  if (exposedAt(view, unit, to)) return no(reject('withdrawExposed', { hex: label }));
  return { rejection: null, minimal };
}

function occupiedRefusal(view: GameState, unit: Unit, to: number, label: string): Rejection | null {
  const enemyThere = view.units.some((u) => occupies(u, to) && u.side !== unit.side) || enemyCovers(view, unit.side).some((c) => c.hex === to);
  if (enemyThere) return reject('enemyInHex', { hex: label });
  const points = stackPointsAt(view, to, unit.id) + stackPoints(unit);
  if (points > STACK_LIMIT) return reject('stackingLimit', { hex: label, points });
  if (inferiorStackClash(view, [unit], to, [unit.id])) return reject('stackingInferior', { hex: label });
  // Sheet 000: a large unit joins large units only with their facing, and a withdrawal cannot turn.
  const large = view.units.filter((u) => occupies(u, to) && u.side === unit.side && u.size === 'large');
  if (unit.size === 'large' && large.some((u) => u.facing !== unit.facing)) return reject('withdrawStackFacing', { hex: label });
  return null;
}

/** Would the unit, withdrawn on top of the stack at `to`, be engaged from its flank or rear (§2.6.12)? */
function exposedAt(view: GameState, unit: Unit, to: number): boolean {
  const placed: Unit = { ...unit, hex: to, stackRank: Number.MIN_SAFE_INTEGER };
  // Engaging takes a hex of the enemy's body next to one of the unit's: with none near, no view is built
  // (issue 9: the withdraw verdict asks this of every retreat hex, and the copy of the units was its cost).
  if (!view.units.some((e) => e.side !== unit.side && !e.hidden && e.hex >= 0 && nextTo(view, e, placed))) return false;
  const v = { ...view, units: view.units.map((o) => (o.id === unit.id ? placed : o)) };
  return engagedBy(v, placed).some((e) => {
    const d = directionTo(view.board, to, e.hex);
    return d !== -1 && zoneOf(zoneSize(unit), unit.facing, d) !== 'front';
  });
}

/** A hex of the enemy's body next to (or on) one of the unit's: what engaging it needs (§2.3.2). */
function nextTo(view: GameState, enemy: Unit, placed: Unit): boolean {
  return distanceToHex(view.board, enemy, placed.hex) <= 1 || (placed.secondHex !== undefined && distanceToHex(view.board, enemy, placed.secondHex) <= 1);
}

/** Every withdrawal hex (and edge) of the unit, each with its verdict, on `seat`'s view. */
export function withdrawOptions(state: GameState, seat: Seat, piece: string): WithdrawOption[] {
  // Asked by the withdraw verdict, then for the options themselves, of one state: worked out once.
  return sharedAnswer(state, `withdrawOptions ${seat} ${piece}`, () => listWithdrawOptions(state, seat, piece));
}

function listWithdrawOptions(state: GameState, seat: Seat, piece: string): WithdrawOption[] {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, piece);
  if (!mover || mover.unit.side !== seat || mover.unit.hex < 0) return [];
  const u = mover.unit;
  const refusal = withdrawUnitRefusal(view, u);
  if (u.secondHex !== undefined) return bodyWithdrawOptions(view, mover, refusal);
  return retreatDirections(zoneSize(u), u.facing).map((dir) => {
    const to = neighbour(view.board, u.hex, dir);
    const target = to < 0 ? { exit: dir } : { to };
    const r = refusal ? { rejection: refusal, minimal: false } : withWithdrawDirective(view, u, to, withdrawRefusal(view, u, target));
    const base = to < 0 ? { to: null, exit: dir } : { to };
    return r.rejection ? { ...base, minimal: r.minimal, allowed: false, rejection: r.rejection } : { ...base, minimal: r.minimal, allowed: true };
  });
}

/** Each move back of a formation that stays on the map, with its verdict. */
function bodyWithdrawOptions(view: GameState, mover: Mover, refusal: Rejection | null): WithdrawOption[] {
  const u = mover.unit;
  const nb = boardIndex(view.board).neighbours;
  const start = { hex: u.hex, second: u.secondHex!, facing: u.facing };
  return backwardSteps(nb, start).flatMap((step) => {
    const body = bodyAfter(nb, start, step);
    if (!body) return [];
    const heavier = breakChoices(u, 'disengagement', u.steps, [body.hex, body.second]).filter((h) => h !== undefined);
    const base = { to: body.hex, second: body.second, facing: body.facing, step, ...(heavier.length > 0 ? { heavier } : {}) };
    const w = refusal ?? bodyWithdrawal(view, mover, step);
    if (isRejection(w)) return [{ ...base, minimal: false, allowed: false, rejection: w }];
    const directive = directiveRefusal(view, u, { type: 'withdraw', path: [body.hex, body.second] });
    return [directive ? { ...base, minimal: w.minimal, allowed: false, rejection: directive } : { ...base, minimal: w.minimal, allowed: true }];
  });
}

/** The wing's directive may forbid the withdrawal too (§2.5.2–2.5.4, e.g. defend: never next to the enemy). */
function withWithdrawDirective(view: GameState, u: Unit, to: number, r: { rejection: Rejection | null; minimal: boolean }) {
  if (r.rejection) return r;
  return { rejection: directiveRefusal(view, u, { type: 'withdraw', path: to < 0 ? [] : [to] }), minimal: r.minimal };
}
