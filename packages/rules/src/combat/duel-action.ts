import { attackRule, type AttackAction } from './attack-rule';
import { duelTargetRefusal } from './targets';

export type DuelAction = AttackAction<'duel'>;

/**
 * Action de Duel (§2.7.1.1): a character not engaged attacks an adjacent
 * character the shock rules would not let it reach, in the cases the rule
 * lists (targets.ts). The procedure is the combat's, the size modifiers
 * cancelling; only the two characters are involved.
 */
export const duelRule = attackRule('duel', '§2.7.1.1', duelTargetRefusal);
