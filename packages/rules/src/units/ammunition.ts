import type { Ammunition } from '../data/schemas';
import { tell } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';

/**
 * Ammunition levels (§3.2.3): full (no marker), diminished (−1 to fire),
 * exhausted (may not fire). A double on a shot's resolution roll lowers the
 * level by one; a reload restores it whatever its level.
 */
export function ammunitionOf(u: Pick<Unit, 'ammunition'>): Ammunition {
  return u.ammunition ?? 'full';
}

const LOWER: Record<Ammunition, Ammunition> = { full: 'diminished', diminished: 'exhausted', exhausted: 'exhausted' };

/** A double on the resolution roll of a fire or fire duel (§3.2.3, l.1958). */
export function lowerAmmunition(state: GameState, unit: Unit, section = '§3.2.3'): GameEvent[] {
  const next = LOWER[ammunitionOf(unit)];
  if (next === ammunitionOf(unit)) return [];
  unit.ammunition = next as Exclude<Ammunition, 'full'>;
  return [tell(state, unit.id, { type: 'ammunitionChanged', unit: unit.id, ammunition: next, reason: 'double' }, section)];
}

/** A reload removes the marker (§3.2.6, l.1970). */
export function restoreAmmunition(state: GameState, unit: Unit, section = '§3.2.6'): GameEvent[] {
  if (!unit.ammunition) return [];
  delete unit.ammunition;
  return [tell(state, unit.id, { type: 'ammunitionChanged', unit: unit.id, ammunition: 'full', reason: 'reload' }, section)];
}
