import { tell } from '../fog/announce';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState } from '../state/types';
import { defensiveEngagementTest } from './engagement-tests';
import { destroyIfTrapped } from './forced';
import { routTests } from './preliminary-rout';

/**
 * Preliminary operations of an activation (§2.4.1), in order: the rout
 * test, the defensive engagement test, then the activated unit's contact
 * marker comes off. They run whatever the player means to do next, so
 * before any action (or none). Decoys have none.
 */
export function preliminaryOperations(state: GameState, piece: string, dice: DiceSource): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.hex < 0) return [];
  const events = routTests(state, unit, dice);
  if (unit.hex >= 0) events.push(...defensiveEngagementTest(state, unit, dice));
  if (unit.hex >= 0 && unit.shock === 'contact') {
    unit.shock = 'none';
    events.push(tell(state, unit.id, { type: 'markerRemoved', unit: unit.id, marker: 'contact' }, '§2.4.1'));
  }
  // A routed unit that can neither rally nor flee is destroyed (§2.8.3.1).
  events.push(...destroyIfTrapped(state, piece));
  return events;
}
