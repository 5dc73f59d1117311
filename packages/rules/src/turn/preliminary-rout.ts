import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { loseCohesion } from '../units/condition';
import { isAdjacent } from '../units/engagement';
import { moraleThreshold } from '../units/morale';
import { immuneToEngagementTests } from './engagement-tests';

/**
 * Rout test (§2.4.1.1): panic spreads from routed units. An activated routed
 * unit makes every adjacent friend not routed test, activated or not; an
 * activated unit not routed tests once if any adjacent friend is routed.
 */
export function routTests(state: GameState, unit: Unit, dice: DiceSource): GameEvent[] {
  if (unit.cohesion === 'routed') {
    const friends = adjacentFriends(state, unit).filter((f) => f.cohesion !== 'routed');
    return friends.flatMap((f) => routTest(state, f, dice));
  }
  if (adjacentFriends(state, unit).some((f) => f.cohesion === 'routed')) return routTest(state, unit, dice);
  return [];
}

function adjacentFriends(state: GameState, unit: Unit): Unit[] {
  return state.units.filter((f) => f.side === unit.side && f.id !== unit.id && f.hex >= 0 && isAdjacent(state, unit, f));
}

/** 2D6 with no modifier ≤ morale; failure costs a level of cohesion (a shaken unit routs). */
function routTest(state: GameState, unit: Unit, dice: DiceSource): GameEvent[] {
  if (immuneToEngagementTests(unit)) return [];
  const outcome = rollTest(state, dice, { test: 'rout', subject: unit.id, threshold: moraleThreshold(state, unit), modifiers: [], section: '§2.4.1.1' });
  if (outcome.success) return [outcome.event];
  return [outcome.event, ...loseCohesion(state, unit, 'rout', '§2.4.1.1')];
}
