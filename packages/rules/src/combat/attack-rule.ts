import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import type { Rejection } from '../actions/rejection';
import { directiveRefusal } from '../command/directive';
import type { GameState, Unit } from '../state/types';
import { attackHexRefusal, attackingHex, fightingFrom } from './attack-hex';
import { breathRefusal } from './breath';
import { secondAttackRefusal } from './formation-attacks';
import { resolveAttack } from './resolve';
import { attackerRefusal, formationShockRefusal, hexsideShockRefusal, supportRefusal, targetRefusal } from './targets';

export interface AttackAction<K extends 'shock' | 'duel'> {
  type: K;
  piece: string;
  target: string;
  supported: boolean;
  /** The shock action's breath option (§3.1, combat/breath.ts). */
  breath?: boolean;
  /** A formation's attacking hex (§3.3.8, FORM-56); absent, the first of its hexes left that may attack the target. */
  from?: number;
}

/**
 * Shock and duel share their conditions and their procedure (§2.7.1.1: "la
 * même procédure s'applique"); they differ in who may be targeted. A
 * formation's attack is judged from its attacking hex, as a simple troop
 * there (combat/attack-hex.ts).
 */
export function attackRule<K extends 'shock' | 'duel'>(
  kind: K,
  section: string,
  kindRefusal: (state: GameState, attacker: Unit, target: Unit) => Rejection | null,
): ActionRule<AttackAction<K>> {
  /** Every condition on the attack from one hex, the attacker seen as the simple troop there. */
  const fromHex = (state: GameState, a: AttackAction<K>, attacker: Unit, unit: Unit): Rejection | null => {
    const target = () => state.units.find((u) => u.id === a.target) as Unit;
    return firstRejection(
      () => (a.breath ? breathRefusal(attacker, a.supported) : null),
      () => hexsideShockRefusal(state, attacker, a.target),
      () => targetRefusal(state, attacker, a.target),
      () => formationShockRefusal(state, attacker, a.target),
      () => kindRefusal(state, attacker, target()),
      () => supportRefusal(state, attacker, target(), a.supported),
      // The directive is the unit's, not its hex's (its distances are from its nearer hex, A-69).
      () => directiveRefusal(state, unit, { type: kind }),
    );
  };
  const refusal = (state: GameState, a: AttackAction<K>) => {
    const unfit = attackerRefusal(state, a.piece);
    if (unfit) return unfit;
    const attacker = state.units.find((u) => u.id === a.piece)!;
    const from = attackingHex(state, attacker, a.from, (h) => fromHex(state, a, fightingFrom(attacker, h), attacker) === null);
    return firstRejection(
      () => attackHexRefusal(state, attacker, a.from),
      () => secondAttackRefusal(state, a.piece, a.target),
      () => fromHex(state, a, fightingFrom(attacker, from), attacker),
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
    procedure: (state, _seat, a, dice) => {
      const attacker = state.units.find((u) => u.id === a.piece)!;
      const from = attackingHex(state, attacker, a.from, (h) => refusal(state, { ...a, from: h }) === null);
      return resolveAttack(state, { kind: a.breath ? 'breath' : kind, piece: a.piece, target: a.target, supported: a.supported, from }, dice);
    },
  };
}
