import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { tell } from '../fog/announce';
import { event, GameEvent } from '../state/events';
import type { DiceSource } from '../state/dice';
import type { GameState, Seat, Unit } from '../state/types';
import { Modifier, rollTest } from '../tests/roll';
import { weatherRestModifier } from '../elements/weather';
import { recoverBreath } from '../units/condition';
import { isFormation } from '../units/formation';
import { concludeActivation } from '../turn/conclude';
import { directiveRefusal } from '../command/directive';
import { recoveryConditions, unitOf } from './common';
import { asPlayed, decoyActed, decoyOnMap, standIn } from './decoy';

/** Wing fatigue never drops below 4 (§2.8.2). */
export const FATIGUE_FLOOR = 4;

/**
 * Action de Repos (§2.8.2, sheet 001): a winded or exhausted unit not
 * engaged rolls 2D6 ≤ its wing's fatigue level to recover a level of
 * breath. Any double tires the wing (fatigue −1, never below 4) and lets a
 * regenerating unit that lost a step get it back. The weather adds to the
 * roll (sheet 003); the test event lists each modifier with its source.
 * A decoy rests as the unit it plays (§4.5.1), see `decoyRest`.
 */
export const restRule: ActionRule<{ type: 'rest'; piece: string }> = {
  section: '§2.8.2',
  conditions: (state, seat, a) => restConditions(asPlayed(state, a.piece, { breath: 'winded' }) ?? state, seat, a.piece),
  procedure(state, _seat, a, dice) {
    if (decoyOnMap(state, a.piece)) return decoyRest(state, a.piece, dice);
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

function restConditions(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => recoveryConditions(state, seat, piece),
    () => (unitOf(state, piece)!.breath === 'fresh' ? reject('notTired') : null),
    () => directiveRefusal(state, unitOf(state, piece)!, { type: 'rest' }),
  );
}

/**
 * A decoy's rest (§4.5.1 "on peut ... le Reposer"): its owner rolls the rest
 * test of the unit it plays, against that unit's wing fatigue, told to him
 * alone as a hidden unit's is; nothing happens to the decoy, but a double
 * tires the wing as any rest's does (§2.8.2), since the fatigue marker is in
 * everyone's sight and a rest that never tires the wing would be a decoy's.
 */
function decoyRest(state: GameState, piece: string, dice: DiceSource): GameEvent[] {
  const played = standIn(state, decoyOnMap(state, piece)!);
  const wing = state.wings.find((w) => w.id === played.wing);
  const outcome = rollTest(state, dice, { test: 'rest', subject: piece, threshold: wing?.fatigue ?? FATIGUE_FLOOR, modifiers: restModifiers(state), section: '§2.8.2' });
  const events: GameEvent[] = [outcome.event, decoyActed(state, piece, 'rest')];
  if (outcome.dice[0] === outcome.dice[1]) events.push(...tireWing(state, played.wing));
  return [...events, ...concludeActivation(state, true)];
}

/** What sheet 003 adds to the rest roll: the weather marker, when the scenario plays one. */
export function restModifiers(state: GameState): Modifier[] {
  const weather = weatherRestModifier(state);
  return weather ? [weather] : [];
}

function onDouble(state: GameState, unit: Unit): GameEvent[] {
  const events: GameEvent[] = tireWing(state, unit.wing);
  // A formation never regenerates (S1 l.18: "une Unité qui n'est pas une Formation").
  if (unit.faculties.includes('regeneration') && !isFormation(unit) && unit.steps < unit.maxSteps) {
    unit.steps += 1;
    events.push(tell(state, unit.id, { type: 'stepRegained', unit: unit.id, steps: unit.steps, reason: 'regeneration' }, 'Fiche 001'));
  }
  return events;
}

/** A double on a rest roll lowers the wing's fatigue, never below 4 (§2.8.2). */
function tireWing(state: GameState, wingId: string): GameEvent[] {
  const wing = state.wings.find((w) => w.id === wingId);
  if (!wing || wing.fatigue <= FATIGUE_FLOOR) return [];
  wing.fatigue -= 1;
  // The wing fatigue marker stands on the map: everyone sees it change.
  return [event({ type: 'wingFatigueChanged', wing: wing.id, fatigue: wing.fatigue }, '§2.8.2')];
}
