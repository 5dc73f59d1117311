import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import type { GameState, Unit } from '../state/types';
import { directiveRefusal } from '../command/directive';
import { resolveAttack } from './resolve';
import { attackerRefusal, shockTargetRefusal, supportRefusal, targetRefusal } from './targets';

export interface ShockAction {
  type: 'shock';
  piece: string;
  target: string;
  supported: boolean;
}

/**
 * Action de Combat au Choc (§2.7.1, §2.7.3). Conditions: the unit is under
 * activation, not routed, in front of its stack, and engages the target, which
 * is not a small unit sheltered in a stack; a supported attack needs a
 * passable hex and hexside and breath to spend. Procedure (§2.7.2–2.7.6): see
 * resolve.ts; the activation then concludes.
 */
export const shockRule: ActionRule<ShockAction> = {
  section: '§2.7.3',
  conditions: (state, seat, a) => firstRejection(() => activePlayer(state, seat), () => ownPiece(state, seat, a.piece), () => underActivation(state, a.piece), () => shockRefusal(state, a)),
  procedure: (state, _seat, a, dice) => resolveAttack(state, { kind: 'shock', piece: a.piece, target: a.target, supported: a.supported }, dice),
};

function shockRefusal(state: GameState, a: ShockAction) {
  const refusal = attackerRefusal(state, a.piece);
  if (refusal) return refusal;
  const attacker = state.units.find((u) => u.id === a.piece)!;
  const target = () => state.units.find((u) => u.id === a.target) as Unit;
  return firstRejection(
    () => targetRefusal(state, attacker, a.target),
    () => shockTargetRefusal(state, attacker, target()),
    () => supportRefusal(state, attacker, target(), a.supported),
    () => directiveRefusal(state, attacker, { type: 'shock' }),
  );
}
