import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import type { GameState, Unit } from '../state/types';
import { directiveRefusal } from '../command/directive';
import { resolveAttack } from './resolve';
import { attackerRefusal, duelTargetRefusal, supportRefusal, targetRefusal } from './targets';

export interface DuelAction {
  type: 'duel';
  piece: string;
  target: string;
  supported: boolean;
}

/**
 * Action de Duel (§2.7.1.1): a character not engaged attacks an adjacent
 * character the shock rules would not let it reach, in the cases the rule
 * lists (targets.ts). The procedure is the combat's, the size modifiers
 * cancelling; only the two characters are involved.
 */
export const duelRule: ActionRule<DuelAction> = {
  section: '§2.7.1.1',
  conditions: (state, seat, a) => firstRejection(() => activePlayer(state, seat), () => ownPiece(state, seat, a.piece), () => underActivation(state, a.piece), () => duelRefusal(state, a)),
  procedure: (state, _seat, a, dice) => resolveAttack(state, { kind: 'duel', piece: a.piece, target: a.target, supported: a.supported }, dice),
};

function duelRefusal(state: GameState, a: DuelAction) {
  const refusal = attackerRefusal(state, a.piece);
  if (refusal) return refusal;
  const attacker = state.units.find((u) => u.id === a.piece)!;
  const target = () => state.units.find((u) => u.id === a.target) as Unit;
  return firstRejection(
    () => targetRefusal(state, attacker, a.target),
    () => duelTargetRefusal(state, attacker, target()),
    () => supportRefusal(state, attacker, target(), a.supported),
    () => directiveRefusal(state, attacker, { type: 'duel' }),
  );
}
