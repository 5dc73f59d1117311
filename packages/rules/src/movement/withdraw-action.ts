import { directiveRefusal } from '../command/directive';
import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import { isRejection, reject, Rejection } from '../actions/rejection';
import { announce, coverOfPiece, tell } from '../fog/announce';
import { revealSweep } from '../fog/reveal';
import { viewFor } from '../fog/view';
import { Direction, directionTo } from '../geometry/hex';
import { event, GameEvent } from '../state/events';
import type { GameState, Seat, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { breakChoices, loseBreath, loseCharge } from '../units/condition';
import { engagedTargets } from '../units/engagement';
import { crossingTestsOnPath, HexLeft, moveCrossingTests } from '../units/crossing';
import { joinStack, turnWithStack } from '../units/stack-facing';
import { sharesHex } from '../units/body';
import { decoyJoinsStack } from './decoy-stack';
import { placeInStack } from '../units/stacking';
import { Mover, moverOf } from './mover';
import { bodyAfter, FormationStep } from './formation-moves';
import { bodyWithdrawal } from './formation-withdraw';
import { boardIndex } from '../terrain/board';
import { leaveMap } from './off-map';
import { withdrawOptions, withdrawRefusal, withdrawUnitRefusal } from './withdraw';
import { disengagementTest, engagedAtStart, withdrawalOwesTest } from './withdraw-disengagement';

export interface WithdrawAction {
  type: 'withdraw';
  piece: string;
  to?: number;
  exit?: number;
  /** A formation's move back (§3.3.7, A-70): it names no hex. */
  step?: FormationStep;
  /**
   * A shaken formation of odd steps that its disengagement test would break
   * names with its move which of its new hexes takes the extra step
   * (§3.3.1.3, A-42): its own turn, its own decision; unnamed, the first hex.
   */
  heavier?: number;
}

/**
 * Action de Repli (§2.6.12). Conditions (on what the player knows): under
 * activation, not routed, not charging without a special order, engaging one
 * of its engagers if engaged, one hex into the rear zone without reorienting,
 * not into a hex where it would be engaged from its flank or rear. Procedure:
 * the unit goes on top of the stack it joins (sheet 000, Unité Devant),
 * pays a level of breath if only minimal movement got it there, loses any
 * charge marker (§2.6.9); it and the large units it crossed behind it in its
 * old stack take the crossing test (§2.3.1.2); then it takes at most one
 * disengagement test (§2.6.14.1). A withdrawal may leave the map across an
 * edge (§2.6.10).
 */
export const withdrawRule: ActionRule<WithdrawAction> = {
  section: '§2.6.12',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => withdrawViewRefusal(state, seat, a).rejection,
      () => withdrawDirective(state, a),
      () => heavierRefusal(state, a),
    ),
  procedure(state, seat, a, dice) {
    const { minimal } = withdrawViewRefusal(state, seat, a);
    const unit = state.units.find((u) => u.id === a.piece);
    const before = unit ? { ...unit } : null;
    const start = unit ? engagedAtStart(state, unit) : null;
    const decoy = state.decoys.find((d) => d.id === a.piece);
    const decoyStart = decoy ? { hex: decoy.hex, facing: decoy.facing, rank: decoy.stackRank } : null;
    const events = carryOut(state, a, minimal);
    const after = state.units.find((u) => u.id === a.piece);
    // A formation never crosses anyone (FORM-11): its walk refused any crossing, so it owes no crossing test.
    if (after && before && !a.step) events.push(...crossingTestsOnPath(state, after, before, [withdrawalLeg(state, before, a)], dice));
    // The large friends a decoy crossed test as if its mimic had crossed them (sheet 000 Leurres), as in a flight.
    if (decoyStart) events.push(...moveCrossingTests(state, a.piece, decoyStart, [withdrawalLeg(state, decoyStart, a)], dice));
    if (after && !after.destroyed && start && withdrawalOwesTest(start)) events.push(...disengagementTest(state, after, start, false, dice, a.heavier));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/** The hex a withdrawal leaves, backward across one of its rear hexsides (§2.3.1.1): the crossing test's leg. */
function withdrawalLeg(state: GameState, before: Pick<Unit, 'hex' | 'facing'>, a: WithdrawAction): HexLeft {
  const dir = (a.exit ?? directionTo(state.board, before.hex, a.to!)) as Direction;
  return { hex: before.hex, dir, facing: before.facing };
}

function withdrawViewRefusal(state: GameState, seat: Seat, a: WithdrawAction): { rejection: Rejection | null; minimal: boolean } {
  const view = state.perspective ? state : viewFor(state, seat);
  const mover = moverOf(view, a.piece);
  if (!mover) return { rejection: reject('unknownPiece'), minimal: false };
  if (mover.unit.secondHex !== undefined) return formationWithdrawRefusal(view, mover, a);
  if (a.step) return { rejection: reject('notAFormation'), minimal: false };
  if ((a.to === undefined) === (a.exit === undefined)) return { rejection: reject('malformedAction', { detail: 'to or exit, one of them' }), minimal: false };
  const unitRefusal = withdrawUnitRefusal(view, mover.unit);
  if (unitRefusal) return { rejection: unitRefusal, minimal: false };
  return withdrawRefusal(view, mover.unit, a);
}

/** A formation names its move back, never a hex or an edge (§3.3.7: it never leaves the map). */
function formationWithdrawRefusal(view: GameState, mover: Mover, a: WithdrawAction): { rejection: Rejection | null; minimal: boolean } {
  if (!a.step || a.to !== undefined || a.exit !== undefined) return { rejection: reject('formationMovesByBody'), minimal: false };
  const unitRefusal = withdrawUnitRefusal(view, mover.unit);
  if (unitRefusal) return { rejection: unitRefusal, minimal: false };
  const w = bodyWithdrawal(view, mover, a.step);
  return isRejection(w) ? { rejection: w, minimal: false } : { rejection: null, minimal: w.minimal };
}

function carryOut(state: GameState, a: WithdrawAction, minimal: boolean): GameEvent[] {
  const p = state.units.find((u) => u.id === a.piece) ?? state.decoys.find((d) => d.id === a.piece)!;
  const from = p.hex;
  if (a.step && 'secondHex' in p) return carryOutBody(state, p, a.step, minimal);
  if (a.exit !== undefined) return [...settleMarkers(state, a.piece), ...leaveMap(state, a.piece, from, a.exit as Direction, '§2.6.12')];
  const to = a.to!;
  const events = withdrewEvents(state, a.piece, from, to, minimal);
  p.hex = to;
  placeInStack(state, p, 'top');
  events.push(...revealSweep(state, a.piece));
  const unit = state.units.find((u) => u.id === a.piece);
  // A small unit withdrawing into a stack takes its facing; a large one turns the small units it joins (sheet 000).
  if (unit) events.push(...joinStack(state, unit));
  else events.push(...decoyJoinsStack(state, a.piece));
  if (unit && minimal) events.push(...loseBreath(state, unit, 'minimalMovement', '§2.6.12'));
  events.push(...settleMarkers(state, a.piece));
  return events;
}

/** The formation's move back (§3.3.7): both hexes and the facing; on top of its stacks as any withdrawing unit; never under a cover (FORM-H1). */
function carryOutBody(state: GameState, unit: Unit, step: FormationStep, minimal: boolean): GameEvent[] {
  const from = unit.hex;
  const mates = state.units.filter((o) => o.id !== unit.id && sharesHex(o, unit));
  const body = bodyAfter(boardIndex(state.board).neighbours, { hex: unit.hex, second: unit.secondHex!, facing: unit.facing }, step)!;
  Object.assign(unit, { hex: body.hex, secondHex: body.second, facing: body.facing });
  const events = [event({ type: 'withdrew', unit: unit.id, from, to: body.hex, minimal, second: body.second, facing: body.facing }, '§3.3.7')];
  placeInStack(state, unit, 'top');
  events.push(...revealSweep(state, unit.id), ...turnKeptMates(state, unit, mates), ...joinStack(state, unit));
  if (minimal) events.push(...loseBreath(state, unit, 'minimalMovement', '§2.6.12'));
  events.push(...settleMarkers(state, unit.id));
  return events;
}

function withdrewEvents(state: GameState, piece: string, from: number, to: number, minimal: boolean): GameEvent[] {
  const cover = coverOfPiece(state, piece);
  if (!cover) return announce(state, piece, (p) => ({ type: 'withdrew', unit: p, from, to, minimal }), '§2.6.12');
  return [
    event({ type: 'withdrew', unit: piece, from, to, minimal }, '§2.6.12', { to: 'owner', side: cover.side }),
    event({ type: 'coverMoved', cover: cover.id, from, to }, '§2.6.12', { to: 'others', side: cover.side }),
  ];
}

/**
 * The units that shared a hex with a formation before it pivoted, and still
 * share the hex it kept, turn with it (§2.3.1: a stack turns as one; a pivot
 * keeps one hex, §3.3.3), so that a pivot never leaves a large unit of
 * another facing under it.
 */
export function turnKeptMates(state: GameState, unit: Unit, mates: Unit[]): GameEvent[] {
  return mates.filter((o) => sharesHex(o, unit)).flatMap((m) => [...turnWithStack(state, m, unit.facing), ...settleMarkers(state, m.id)]);
}

/** A withdrawal never keeps a charge (§2.6.9), nor a contact marker once it engages nobody. */
export function settleMarkers(state: GameState, piece: string): GameEvent[] {
  const unit: Unit | undefined = state.units.find((u) => u.id === piece);
  if (!unit) return [];
  if (unit.shock === 'charge') return loseCharge(state, unit, '§2.6.9');
  if (unit.shock === 'contact' && (unit.hex < 0 || engagedTargets(state, unit).length === 0)) {
    unit.shock = 'none';
    return [tell(state, unit.id, { type: 'markerRemoved', unit: unit.id, marker: 'contact' }, '§2.6.9')];
  }
  return [];
}

/** The legalActions verdict on withdrawing (§2.6.12): allowed when one hex or edge is open. */
export function withdrawVerdict(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => {
      const options = withdrawOptions(state, seat, piece);
      if (options.some((o) => o.allowed)) return null;
      return options[0]?.rejection ?? reject('withdrawNotRear', { hex: '—' });
    },
  );
}

/** `heavier` only for a formation its test would break with odd steps, one of the hexes it withdraws onto (§3.3.1.3, A-42). */
function heavierRefusal(state: GameState, a: WithdrawAction): Rejection | null {
  if (a.heavier === undefined) return null;
  const f = state.units.find((u) => u.id === a.piece);
  const body = f && a.step && f.secondHex !== undefined ? bodyAfter(boardIndex(state.board).neighbours, { hex: f.hex, second: f.secondHex, facing: f.facing }, a.step) : null;
  const choices = f && body ? breakChoices(f, 'disengagement', f.steps, [body.hex, body.second]) : [];
  return choices.includes(a.heavier) ? null : reject('forcedBreakHeavier');
}

/** The wing's directive on the withdrawal (§2.5.2–2.5.4, §2.9.2). */
function withdrawDirective(state: GameState, a: WithdrawAction): Rejection | null {
  const unit = state.units.find((u) => u.id === a.piece);
  if (!unit) return null;
  // A formation's path is the two hexes it withdraws onto.
  const body = a.step && unit.secondHex !== undefined ? bodyAfter(boardIndex(state.board).neighbours, { hex: unit.hex, second: unit.secondHex, facing: unit.facing }, a.step) : null;
  const path = body ? [body.hex, body.second] : a.to === undefined ? [] : [a.to];
  return directiveRefusal(state, unit, { type: 'withdraw', path });
}
