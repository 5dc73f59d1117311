import { sharedView } from '../fog/view';
import { executeMove } from '../movement/execute';
import { chargeSettler, shockChoiceRefusal } from '../movement/charge-settle';
import { moverOf } from '../movement/mover';
import { moveContext, pursuedAt, startWalk, walkMove, WalkState } from '../movement/walker';
import { leaveByMove } from '../movement/off-map-move';
import { toPoints } from '../movement/costs';
import { allowanceHalves } from '../movement/mover';
import type { GameState, Seat, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { afterMoveTests } from '../turn/engagement-tests';
import { isEngaged } from '../units/engagement';
import { allFront } from '../units/abilities';
import type { ActionRule } from './action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from './common';
import { isRejection, reject, Rejection } from './rejection';
import type { MoveAction } from './schema';
import { moveDirectiveRefusal } from '../command/move-directive';

/**
 * Action de Mouvement (§2.6.11). Conditions: the unit is under activation,
 * not routed (§2.6), not engaged (§2.6.11); extra movement needs breath and,
 * for a troop, a special order (§2.6.4); minimal movement needs breath
 * (§2.6.5); each step is checked against what the player knows, so a refusal
 * never depends on a hidden enemy. Procedure: the steps are carried out, the
 * unit pays breath for extra or minimal movement and takes a contact marker
 * if it ends engaging an enemy (§2.6.8); a move may end by leaving the map,
 * a charge that leaves behind an enemy pursuing it (§2.6.10); the
 * activation then concludes.
 */
export const moveRule: ActionRule<MoveAction> = {
  section: '§2.6.11',
  conditions: (state, seat, a) => {
    // The steps are walked once for the two conditions that read them (issue 9: the context is a pass over the board).
    let walked: ReturnType<typeof walkSteps> | undefined;
    const steps = () => (walked ??= walkSteps(state, seat, a));
    return firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => unitMayMove(state, a.piece, a.mode),
      () => steps().rejection,
      () => shockChoiceRefusal(a.shock, steps().walk, moverOf(state, a.piece)?.unit),
      () => moveDirectiveRefusal(state, seat, a),
    );
  },
  procedure(state, seat, a, dice) {
    // One context, read before the move is carried out, for the steps and for whom a charge leaving the map pursues (§2.6.10).
    const ctx = moveContextFor(state, seat, a);
    const { walk } = walkWith(ctx, a);
    const mover = moverOf(state, a.piece)!;
    const allowance = toPoints(allowanceHalves(mover.unit, a.mode));
    const start = { hex: mover.unit.hex, facing: mover.unit.facing, rank: mover.unit.stackRank };
    const pursued = ctx && walk.length > 0 ? pursuedAt(ctx, walk[walk.length - 1]) : null;
    const { events, exit } = executeMove(state, a.piece, a.steps, a.mode, walk, allowance, chargeSettler(state, a.shock, mover.unit.shock));
    if (exit !== null) events.push(...leaveByMove(state, a.piece, start, events, exit, pursued, dice));
    // Crossing tests (§2.3.1.2) then the attack engagement test (§2.6.8.1).
    else events.push(...afterMoveTests(state, a.piece, start, events, dice));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/** The conditions on the unit itself, before any step is looked at. */
export function unitMayMove(state: GameState, piece: string, mode: MoveAction['mode']): Rejection | null {
  const mover = moverOf(state, piece);
  if (!mover) return reject('unknownPiece');
  const u: Unit = mover.unit;
  if (u.cohesion === 'routed') return reject('routedMayNotMove');
  // Every mode of movement, minimal included (§3.3.6, l.2274).
  if (allFront(u)) return reject('hedgehogMayNotMove');
  if (!mover.isDecoy && isEngaged(state, u)) return reject('engagedMayNotMove');
  if (mode !== 'normal' && u.breath === 'exhausted') return reject('exhaustedNoExtra');
  if (mode === 'extra' && u.kind === 'troop' && u.order !== 'specialOrder') return reject('extraNeedsOrder');
  return null;
}

/** The move's context on the mover's own view of the game: read only, and let go before the move is carried out, so no copy (fog/view.ts sharedView). */
function moveContextFor(state: GameState, seat: Seat, a: MoveAction) {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, a.piece);
  return mover ? moveContext(view, mover, a.mode) : null;
}

/** Walks the submitted steps through the mover's own view of the game. */
function walkSteps(state: GameState, seat: Seat, a: MoveAction): { walk: WalkState[]; rejection: Rejection | null } {
  return walkWith(moveContextFor(state, seat, a), a);
}

/** Walks the submitted steps in a move context (null: the piece is unknown on the mover's view). */
function walkWith(ctx: ReturnType<typeof moveContextFor>, a: MoveAction): { walk: WalkState[]; rejection: Rejection | null } {
  if (!ctx) return { walk: [], rejection: reject('unknownPiece') };
  if (a.steps.length === 0) return { walk: [], rejection: reject('emptyMove') };
  const walk: WalkState[] = [];
  let ws = startWalk(ctx);
  for (const step of a.steps) {
    const next = walkMove(ctx, ws, step);
    if (isRejection(next)) return { walk, rejection: next };
    walk.push((ws = next));
  }
  return { walk, rejection: null };
}
