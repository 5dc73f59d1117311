import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject } from '../actions/rejection';
import { tell } from '../fog/announce';
import { event, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { Modifier, rollTest } from '../tests/roll';
import { weatherRestModifier } from '../elements/weather';
import { recoverBreath } from '../units/condition';
import { concludeActivation } from '../turn/conclude';
import { directiveRefusal } from '../command/directive';
import { recoveryConditions, unitOf } from './common';

/** Wing fatigue never drops below 4 (§2.8.2). */
export const FATIGUE_FLOOR = 4;

/**
 * Action de Repos (§2.8.2, sheet 001): a winded or exhausted unit not
 * engaged rolls 2D6 ≤ its wing's fatigue level to recover a level of
 * breath. Any double tires the wing (fatigue −1, never below 4) and lets a
 * regenerating unit that lost a step get it back. The weather adds to the
 * roll (sheet 003); the test event lists each modifier with its source.
 */
export const restRule: ActionRule<{ type: 'rest'; piece: string }> = {
  section: '§2.8.2',
  conditions: (state, seat, a) =>
    firstRejection(
      () => recoveryConditions(state, seat, a.piece),
      () => (unitOf(state, a.piece)!.breath === 'fresh' ? reject('notTired') : null),
      () => directiveRefusal(state, unitOf(state, a.piece)!, { type: 'rest' }),
    ),
  procedure(state, _seat, a, dice) {
    const unit = unitOf(state, a.piece)!;
    const wing = state.wings.find((w) => w.id === unit.wing);
    const threshold = wing?.fatigue ?? FATIGUE_FLOOR;
    const outcome = rollTest(state, dice, { test: 'rest', subject: unit.id, threshold, modifiers: restModifiers(state), section: '§2.8.2' });
    const events: GameEvent[] = [outcome.event];
    if (outcome.success) events.push(...recoverBreath(state, unit, '§2.8.2'));
    if (outcome.dice[0] === outcome.dice[1]) events.push(...onDouble(state, unit));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/** What sheet 003 adds to the rest roll: the weather marker, when the scenario plays one. */
export function restModifiers(state: GameState): Modifier[] {
  const weather = weatherRestModifier(state);
  return weather ? [weather] : [];
}

function onDouble(state: GameState, unit: Unit): GameEvent[] {
  const events: GameEvent[] = [];
  const wing = state.wings.find((w) => w.id === unit.wing);
  if (wing && wing.fatigue > FATIGUE_FLOOR) {
    wing.fatigue -= 1;
    // The wing fatigue marker stands on the map: everyone sees it change.
    events.push(event({ type: 'wingFatigueChanged', wing: wing.id, fatigue: wing.fatigue }, '§2.8.2'));
  }
  if (unit.faculties.includes('regeneration') && unit.steps < unit.maxSteps) {
    unit.steps += 1;
    events.push(tell(state, unit.id, { type: 'stepRegained', unit: unit.id, steps: unit.steps, reason: 'regeneration' }, 'Fiche 001'));
  }
  return events;
}
