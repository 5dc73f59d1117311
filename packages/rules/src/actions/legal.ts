import { viewFor } from '../fog/view';
import { searchArrivals, Arrival } from '../movement/reachable';
import { moverOf, MoveMode } from '../movement/mover';
import { moveContext } from '../movement/walker';
import type { GameState, Seat } from '../state/types';
import { activateRule } from './activate';
import { activePlayer, firstRejection, ownPiece, underActivation } from './common';
import { endTurnRule } from './end-turn';
import { unitMayMove } from './move';
import { passRule } from './pass';
import { reject, Rejection } from './rejection';
import type { ActionType } from './schema';

export interface LegalAction {
  type: ActionType;
  /** For a move, the modes open to the unit. */
  modes?: MoveMode[];
  allowed: boolean;
  /** Why not, when not allowed. */
  rejection?: Rejection;
}

/**
 * What a piece may do now, and why each other action is refused. Works on
 * the full state or on a seat's view: the answer only uses what the seat
 * knows.
 */
export function legalActions(state: GameState, seat: Seat, piece: string): LegalAction[] {
  const verdict = (type: ActionType, r: Rejection | null, extra: Partial<LegalAction> = {}): LegalAction =>
    r ? { type, allowed: false, rejection: r } : { type, allowed: true, ...extra };
  const modes = (['normal', 'extra', 'minimal'] as MoveMode[]).filter((m) => !moveRefusal(state, seat, piece, m));
  return [
    verdict('activate', activateRule.conditions(state, seat, { type: 'activate', piece })),
    verdict('move', modes.length > 0 ? null : moveRefusal(state, seat, piece, 'normal'), { modes }),
    verdict('pass', passRule.conditions(state, seat, { type: 'pass', piece })),
    verdict('endTurn', endTurnRule.conditions(state, seat, { type: 'endTurn' })),
  ];
}

function moveRefusal(state: GameState, seat: Seat, piece: string, mode: MoveMode): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => unitMayMove(state, piece, mode),
  );
}

/**
 * Where the piece can end a move in this mode, with cost and path (for the
 * client's preview), computed on what `seat` knows.
 */
export function reachable(state: GameState, seat: Seat, piece: string, mode: MoveMode = 'normal'): Arrival[] {
  const view = state.perspective ? state : viewFor(state, seat);
  const mover = moverOf(view, piece);
  if (!mover || mover.unit.side !== seat) return [];
  return searchArrivals(moveContext(view, mover, mode));
}

export { reject };
