import { GameEvent } from '../state/events';
import { concludeActivation, endSideTurn } from '../turn/conclude';
import { piecesToActivate } from '../turn/pieces';
import type { ActionRule } from './action-rule';
import { activateRule } from './activate';
import { activePlayer, firstRejection } from './common';
import { reject, Rejection } from './rejection';
import { forcedAction } from '../turn/forced';
import type { GameState } from '../state/types';
import { compulsoryWingMorale } from '../command/wing-morale';

/**
 * A piece bound to an action (§2.9.1: face, rally or flee, keep charging)
 * must be activated and play it: ending the turn may not skip it.
 */
function boundPieceLeft(state: GameState, seat: string): Rejection | null {
  const bound = piecesToActivate(state, seat).find((p) => forcedAction(state, p) !== null);
  if (!bound) return null;
  const name = state.units.find((u) => u.id === bound)?.name ?? bound;
  return reject('boundPieceLeft', { piece: name });
}

/**
 * Ending one's turn (§2.4): every piece must be activated once, so the pieces
 * left are activated in turn and take no action.
 */
export const endTurnRule: ActionRule<{ type: 'endTurn' }> = {
  section: '§2.4',
  conditions: (state, seat) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => (state.activation ? reject('activationOpen') : null),
      () => boundPieceLeft(state, seat),
    ),
  procedure(state, seat, _a, dice) {
    // The compulsory wing morale markers are played first (§2.5.10.1).
    const events: GameEvent[] = compulsoryWingMorale(state, seat, dice);
    const pieces = piecesToActivate(state, seat);
    if (pieces.length === 0) return [...events, ...endSideTurn(state)];
    for (const piece of pieces) {
      events.push(...activateRule.procedure(state, seat, { type: 'activate', piece }, dice));
      events.push(...concludeActivation(state, false));
    }
    return events;
  },
};
