import { announce } from '../fog/announce';
import { isActivated } from '../turn/pieces';
import { concludeActivation } from '../turn/conclude';
import { preliminaryOperations } from '../turn/preliminary';
import { facultiesOnActivation } from '../units/faculty-activation';
import type { ActionRule } from './action-rule';
import { activePlayer, firstRejection, ownPiece } from './common';
import { reject } from './rejection';

/**
 * Activation (§2.4): the active player picks one of his pieces not yet
 * activated this turn; only one activation runs at a time. The preliminary
 * operations of §2.4.1 run here, then the faculties that act at activation
 * (§3.1: light-fragile, evanescence, frightening).
 */
export const activateRule: ActionRule<{ type: 'activate'; piece: string }> = {
  section: '§2.4',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => (state.activation ? reject('activationInProgress', { piece: pieceName(state, state.activation.piece) }) : null),
      () => (isActivated(state, a.piece) ? reject('alreadyActivated') : null),
    ),
  procedure(state, seat, a, dice) {
    state.activation = { piece: a.piece };
    const events = announce(state, a.piece, (p) => ({ type: 'activated', piece: p, side: seat }), '§2.4');
    const preliminary = preliminaryOperations(state, a.piece, dice);
    // The faculties act once the unit is activated, before its action (§3.1, A-27).
    const faculties = facultiesOnActivation(state, a.piece, dice);
    // A shaken formation that failed its defensive engagement test has played (§3.3.1.2, l.2181).
    const deprived = state.activation?.deprived ? concludeActivation(state, true) : [];
    return [...events, ...preliminary, ...faculties, ...deprived];
  },
};

function pieceName(state: { units: { id: string; name: string }[] }, id: string): string {
  return state.units.find((u) => u.id === id)?.name ?? id;
}
