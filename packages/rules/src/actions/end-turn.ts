import { GameEvent } from '../state/events';
import { concludeActivation, endSideTurn } from '../turn/conclude';
import { piecesToActivate } from '../turn/pieces';
import type { ActionRule } from './action-rule';
import { activateRule } from './activate';
import { activePlayer, firstRejection } from './common';
import { reject } from './rejection';
import { compulsoryWingMorale } from '../command/wing-morale';

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
