import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import type { Rejection } from '../actions/rejection';
import { directiveRefusal } from '../command/directive';
import type { GameState, Unit } from '../state/types';
import { breathRefusal } from './breath';
import { resolveAttack } from './resolve';
import { attackerRefusal, hexsideShockRefusal, supportRefusal, targetRefusal } from './targets';

export interface AttackAction<K extends 'shock' | 'duel'> {
  type: K;
  piece: string;
  target: string;
  supported: boolean;
  /** The shock action's breath option (§3.1, combat/breath.ts). */
  breath?: boolean;
}

/**
 * Shock and duel share their conditions and their procedure (§2.7.1.1: "la
 * même procédure s'applique"); they differ in who may be targeted.
 */
export function attackRule<K extends 'shock' | 'duel'>(
  kind: K,
  section: string,
  kindRefusal: (state: GameState, attacker: Unit, target: Unit) => Rejection | null,
): ActionRule<AttackAction<K>> {
  const refusal = (state: GameState, a: AttackAction<K>) => {
    const unfit = attackerRefusal(state, a.piece);
    if (unfit) return unfit;
    const attacker = state.units.find((u) => u.id === a.piece)!;
    const target = () => state.units.find((u) => u.id === a.target) as Unit;
    return firstRejection(
      () => (a.breath ? breathRefusal(attacker, a.supported) : null),
      () => hexsideShockRefusal(state, attacker, a.target),
      () => targetRefusal(state, attacker, a.target),
      () => kindRefusal(state, attacker, target()),
      () => supportRefusal(state, attacker, target(), a.supported),
      () => directiveRefusal(state, attacker, { type: kind }),
    );
  };
  return {
    section,
    conditions: (state, seat, a) =>
      firstRejection(
        () => activePlayer(state, seat),
        () => ownPiece(state, seat, a.piece),
        () => underActivation(state, a.piece),
        () => refusal(state, a),
      ),
    procedure: (state, _seat, a, dice) => resolveAttack(state, { kind: a.breath ? 'breath' : kind, piece: a.piece, target: a.target, supported: a.supported }, dice),
  };
}
