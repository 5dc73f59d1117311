import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, rulesLevelRefusal, underActivation } from '../actions/common';
import type { Rejection } from '../actions/rejection';
import { directiveRefusal } from '../command/directive';
import { revealSweep } from '../fog/reveal';
import type { GameState } from '../state/types';
import { seatView } from './fire-action';
import { revealShooter } from './reveal-shooter';
import { fireShots } from './shot';
import { fireDuelTargetRefusal, shooterRefusal } from './targets';

export interface FireDuelAction {
  type: 'fireDuel';
  piece: string;
  target: string;
}

/**
 * Action de Duel au Tir (§3.2.8): a character able to fire, not engaged,
 * fires at an adjacent enemy character in one of the rule's three cases,
 * where fire would not reach it (a small character in the middle of a
 * stack). Same procedure and modifiers as fire (§3.2.9), one shot; the size
 * bonus and malus cancel; only the two characters are involved.
 */
export const fireDuelRule: ActionRule<FireDuelAction> = {
  section: '§3.2.8',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => rulesLevelRefusal(state, 'intermediate'),
      () => fireDuelRefusal(seatView(state, seat), a),
    ),
  procedure: (state, _seat, a, dice) => [
    ...revealShooter(state, a.piece),
    ...revealSweep(state),
    ...fireShots(state, { kind: 'fireDuel', shooter: a.piece, targets: [a.target], of: 1, combined: 1 }, dice),
  ],
};

export function fireDuelRefusal(view: GameState, a: Pick<FireDuelAction, 'piece' | 'target'>): Rejection | null {
  const own = shooterRefusal(view, a.piece);
  if (own) return own;
  const u = view.units.find((x) => x.id === a.piece)!;
  return firstRejection(
    () => fireDuelTargetRefusal(view, u, a.target),
    () => directiveRefusal(view, u, { type: 'fireDuel' }),
  );
}
