import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { tell } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { regainCohesion } from '../units/condition';
import { moraleThreshold } from '../units/morale';
import { stackAt } from '../units/stacking';
import { concludeActivation } from '../turn/conclude';
import { destroyIfTrapped } from '../turn/forced';
import { recoveryConditions, unitOf } from './common';

/**
 * Action de Ralliement (§2.8.4, sheet 001): a routed unit, alone in its hex,
 * not engaged, not fragile, with elite morale, an autonomous command profile
 * (§2.8.4) or a special order, rolls 2D6 ≤ its morale to be shaken again,
 * keeping its facing. A failed rally must be followed by a flight (§2.8.3.1):
 * the activation stays open with the flight as the only action.
 */
export const rallyRule: ActionRule<{ type: 'rally'; piece: string }> = {
  section: '§2.8.4',
  conditions: (state, seat, a) =>
    firstRejection(
      () => recoveryConditions(state, seat, a.piece),
      () => rallyConditions(state, unitOf(state, a.piece)!),
    ),
  procedure(state, _seat, a, dice) {
    const unit = unitOf(state, a.piece)!;
    const outcome = rollTest(state, dice, { test: 'rally', subject: unit.id, threshold: moraleThreshold(state, unit), modifiers: [], section: '§2.8.4' });
    const events: GameEvent[] = [outcome.event];
    if (outcome.success) return [...events, ...regainCohesion(state, unit, 'rally', '§2.8.4'), ...concludeActivation(state, true)];
    state.activation!.mustFlee = true;
    events.push(tell(state, unit.id, { type: 'mustFlee', unit: unit.id }, '§2.8.3.1'));
    // Unable to flee either, the unit is destroyed (§2.8.3.1).
    return [...events, ...destroyIfTrapped(state, unit.id)];
  },
};

/** The unit's own conditions, also used to tell whether a routed unit must rally (§2.9.1). */
export function rallyConditions(state: GameState, unit: Unit): Rejection | null {
  const cls = unit.profiles.morale.class;
  if (cls === 'magic' || cls === 'steady' || cls === 'demonic') return reject('neverShaken');
  if (unit.cohesion !== 'routed') return reject('notRouted');
  if (stackAt(state, unit.hex).length > 1) return reject('stackedNoRally');
  if (cls === 'fragile') return reject('fragileNeverRallies');
  const autonomous = unit.profiles.command.class === 'autonomous';
  // Elite or autonomous units may rally whatever their order situation (§2.8.4); a special order frees the unit from its directive.
  if (cls !== 'elite' && !autonomous && unit.order !== 'specialOrder') return reject('rallyNeedsOrder');
  return null;
}
