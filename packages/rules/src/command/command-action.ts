import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import type { Rejection } from '../actions/rejection';
import type { GameState, Seat } from '../state/types';
import { commandActionRefusal } from './commander';
import { directiveRefusal } from './directive';

/**
 * The conditions the command actions share (§2.5.7, §2.5.14, §2.5.15): the
 * active player's character under activation, not routed, not engaged alone,
 * with a special order from the army commander, or the army commander, or
 * autonomous.
 */
export function commandActionConditions(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => commandActionRefusal(state, state.units.find((u) => u.id === piece)),
    () => directiveRefusal(state, state.units.find((u) => u.id === piece)!, { type: 'command' }),
  );
}
