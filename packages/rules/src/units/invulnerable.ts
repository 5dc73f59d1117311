import { event, GameEvent } from '../state/events';
import type { Unit } from '../state/types';
import { hasFaculty } from './abilities';

/**
 * Invulnerable (§3.1, l.1809, FAC-12): the unit takes no loss from a shock,
 * a shock duel, a fire or a fire duel, unless the attacker carries a weapon
 * able to harm it (the rule's example: the Arcane Sword spell).
 */

/**
 * Whether `attacker` can inflict losses on `defender`. No weapon that harms
 * an invulnerable unit exists yet: when the Arcane Sword (or any such
 * weapon) comes, its test goes here, and every user — losses, previews,
 * and the frightening clause of FAC-07 ("Effrayante pour les Unités qui ne
 * peuvent l'impacter") — follows.
 */
export function mayHarm(attacker: Pick<Unit, 'faculties'>, defender: Pick<Unit, 'faculties'>): boolean {
  void attacker;
  return !hasFaculty(defender, 'invulnerable');
}

/** The losses the table gives, as they land: none on a defender the attacker cannot harm. */
export function lossesLanding(attacker: Unit, defender: Unit, losses: number): number {
  return mayHarm(attacker, defender) ? losses : 0;
}

/** The event that tells why a result's losses did not land (public: the defender is in the open). */
export function sparedEvents(attacker: Unit, defender: Unit, losses: number): GameEvent[] {
  if (losses === 0 || mayHarm(attacker, defender)) return [];
  return [event({ type: 'lossesCancelled', unit: defender.id, losses, reason: 'invulnerable' }, '§3.1')];
}

/** The odds of each number of losses as the preview shows them: certain 0 when the attacker cannot harm (§3.1). */
export function oddsLanding(attacker: Unit, defender: Unit, odds: Record<number, number>): Record<number, number> {
  if (mayHarm(attacker, defender)) return odds;
  return Object.fromEntries(Object.keys(odds).map((n) => [n, n === '0' ? 1 : 0]));
}
