import { viewFor } from '../fog/view';
import { toHalves } from '../movement/costs';
import { threatField } from '../movement/threat-field';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { loseCharge } from '../units/condition';
import { engagedTargets } from '../units/engagement';

/**
 * Concluding operation (§2.4.3): a charging unit that engages no enemy at the
 * end of its activation must be able to engage one next turn, or it cancels
 * its charge (marker off, a level of breath). "Could engage" is judged on its
 * side's view, as the attack movement it would simulate: some enemy in the
 * open it could stand next to, with the enemy in its front zone, for no more
 * than its normal allowance (terrain only, as the nearest threat is priced).
 */
export function concludeCharge(state: GameState, unit: Unit | undefined): GameEvent[] {
  if (!unit || unit.shock !== 'charge' || unit.hex < 0 || engagedTargets(state, unit).length > 0) return [];
  return couldEngageNextTurn(state, unit) ? [] : loseCharge(state, unit, '§2.4.3');
}

function couldEngageNextTurn(state: GameState, unit: Unit): boolean {
  const view = state.perspective === unit.side ? state : viewFor(state, unit.side);
  const seen = view.units.find((u) => u.id === unit.id) ?? unit;
  const allowance = toHalves(movementPoints(seen));
  const enemies = view.units.filter((e) => e.side !== seen.side && !e.hidden && !e.destroyed && e.hex >= 0);
  // One search of the charger's moves answers for every enemy (movement/threat-field.ts: `engageCost` for every hex).
  const field = threatField(view, seen);
  return enemies.some((e) => field.at(e.hex, allowance) <= allowance);
}
