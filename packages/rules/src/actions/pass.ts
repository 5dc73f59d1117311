import { concludeActivation } from '../turn/conclude';
import type { ActionRule } from './action-rule';
import { activePlayer, firstRejection, underActivation } from './common';

/**
 * Ending an activation (§2.4: "il peut même n'en choisir aucune"). After
 * distributing orders (§2.5.9) it closes that action, which was one.
 */
export const passRule: ActionRule<{ type: 'pass'; piece: string }> = {
  section: '§2.4',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => underActivation(state, a.piece),
    ),
  // Passing after a formation's first attack or after distributing orders closes an action that was played.
  procedure: (state) => concludeActivation(state, state.activation?.commandPoints !== undefined || state.activation?.attacks !== undefined),
};
