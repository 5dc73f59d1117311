import { attackRule, type AttackAction } from './attack-rule';
import { shockTargetRefusal } from './targets';

export type ShockAction = AttackAction<'shock'>;

/**
 * Action de Combat au Choc (§2.7.1, §2.7.3). Conditions: the unit is under
 * activation, not routed, in front of its stack, and engages the target, which
 * is not a small unit sheltered in a stack; a supported attack needs a
 * passable hex and hexside and breath to spend. Procedure (§2.7.2–2.7.6): see
 * resolve.ts; the activation then concludes.
 */
export const shockRule = attackRule('shock', '§2.7.3', shockTargetRefusal);
