import { capacityIndex, capacityRank } from '../data';
import type { Capacity, MoraleClass } from '../data/schemas';
import type { GameState, Unit } from '../state/types';
import { sharesHex } from './body';

/**
 * The morale a unit tests with. A troop stacked with characters uses the
 * morale of the character with the highest capacity, even when it is lower
 * than the troop's own (§2.4.1.1, §2.4.1.2, §2.3.1.2, §2.6.10.1, §2.7.3.3).
 */
export function moraleFor(state: GameState, unit: Unit): { class: MoraleClass; capacity: Capacity } {
  if (unit.kind !== 'troop') return unit.profiles.morale;
  const characters = state.units.filter((u) => sharesHex(unit, u) && u.kind === 'character' && u.side === unit.side);
  if (characters.length === 0) return unit.profiles.morale;
  const best = characters.reduce((a, b) => (capacityIndex(b.profiles.morale.capacity) < capacityIndex(a.profiles.morale.capacity) ? b : a));
  return best.profiles.morale;
}

export function moraleThreshold(state: GameState, unit: Unit): number {
  return capacityRank(moraleFor(state, unit).capacity).testThreshold;
}

/**
 * Units that skip morale tests (§2.8.3.3): magic and steady always; demonic
 * once shaken (they cannot rout).
 */
export function skipsMoraleTests(state: GameState, unit: Unit): boolean {
  const cls = moraleFor(state, unit).class;
  return cls === 'magic' || cls === 'steady' || (cls === 'demonic' && unit.cohesion === 'shaken');
}
