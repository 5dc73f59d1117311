import { event, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { loseCharge } from '../units/condition';
import { placeInStack } from '../units/stacking';
import { occupies } from '../units/body';
import { neverAdvances } from '../units/formation';

/**
 * Advance after combat (§2.7.6). If the attacked hex is empty, a supported
 * attacker MUST advance into it (a charging one keeps its charge) and an
 * unsupported one may not. A charging attacker that did not dislodge its
 * enemy loses its charge marker (no contact marker) and a level of breath. An advancing unit
 * keeps its facing and takes no contact marker.
 */
export function advanceAfterCombat(state: GameState, attacker: Unit, attackedHex: number, supported: boolean): GameEvent[] {
  // A formation stands in both of its hexes (docs/formations.md).
  const vacated = !state.units.some((u) => occupies(u, attackedHex)) && !state.decoys.some((d) => d.hex === attackedHex);
  // The charge marker goes, with no contact marker in its place (§2.7.6 does not say contact, as §2.7.4 does).
  if (!vacated) return loseCharge(state, attacker, '§2.7.6', false);
  // A formation never advances after combat (§3.3, l.2148, FORM-10).
  if (!supported || attacker.destroyed || neverAdvances(attacker)) return [];
  const from = attacker.hex;
  attacker.hex = attackedHex;
  if (attacker.shock !== 'charge') attacker.shock = 'none';
  placeInStack(state, attacker, 'bottom');
  return [event({ type: 'advanced', unit: attacker.id, from, to: attackedHex }, '§2.7.6')];
}
