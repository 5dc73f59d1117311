import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import type { GameState, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { regainCohesion } from '../units/condition';
import { moraleThreshold } from '../units/morale';
import { stackAt } from '../units/stacking';
import { concludeActivation } from '../turn/conclude';
import { directiveRefusal } from '../command/directive';
import { directiveFor } from '../command/situation';
import { recoveryConditions, unitOf } from './common';
import { asPlayed, decoyActed, decoyOnMap, standIn } from './decoy';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';

/**
 * Action de Réorganisation (§2.8.3.4, sheet 001): a shaken unit not engaged
 * and, if large, not stacked with another large unit, with elite morale or
 * a special order (or a regroup directive out of the enemy's reach), rolls
 * 2D6 ≤ its morale to be in order again. A decoy reorganises as the unit
 * it plays, shaken (§4.5.1), see `decoyReorganise`.
 */
export const reorganiseRule: ActionRule<{ type: 'reorganise'; piece: string }> = {
  section: '§2.8.3.4',
  conditions: (state, seat, a) => {
    const played = asPlayed(state, a.piece, { cohesion: 'shaken' }) ?? state;
    return firstRejection(
      () => recoveryConditions(played, seat, a.piece),
      () => reorganiseConditions(played, unitOf(played, a.piece)!),
    );
  },
  procedure(state, _seat, a, dice) {
    if (decoyOnMap(state, a.piece)) return decoyReorganise(state, a.piece, dice);
    const unit = unitOf(state, a.piece)!;
    const outcome = rollTest(state, dice, { test: 'reorganisation', subject: unit.id, threshold: moraleThreshold(state, unit), modifiers: [], section: '§2.8.3.4' });
    const events = [outcome.event];
    if (outcome.success) events.push(...regainCohesion(state, unit, 'reorganisation', '§2.8.3.4'));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/**
 * A decoy's reorganisation (§4.5.1): its owner rolls the test of the unit it
 * plays, shaken, told to him alone as a hidden unit's is, and hears that
 * nothing happened; the others hear what a hidden unit's reorganisation
 * tells them, its end. The dice are rolled all the same: they come from the
 * game's one generator, and a decoy drawing none would leave every later
 * public roll (and so the game) different from the hidden unit's.
 */
function decoyReorganise(state: GameState, piece: string, dice: DiceSource): GameEvent[] {
  const played = asPlayed(state, piece, { cohesion: 'shaken' })!;
  const threshold = moraleThreshold(played, standIn(state, decoyOnMap(state, piece)!, { cohesion: 'shaken' }));
  const outcome = rollTest(state, dice, { test: 'reorganisation', subject: piece, threshold, modifiers: [], section: '§2.8.3.4' });
  return [outcome.event, decoyActed(state, piece, 'reorganise'), ...concludeActivation(state, true)];
}

function reorganiseConditions(state: GameState, unit: Unit): Rejection | null {
  const cls = unit.profiles.morale.class;
  if (cls === 'magic' || cls === 'steady') return reject('neverShaken');
  if (unit.cohesion !== 'shaken') return reject('notShaken');
  const otherLarge = stackAt(state, unit.hex).some((o) => o.id !== unit.id && o.size === 'large');
  if (unit.size === 'large' && otherLarge) return reject('stackedWithLarge');
  if (cls !== 'elite' && unit.order !== 'specialOrder' && directiveFor(state, unit) !== 'regroup') return reject('reorganiseNeedsOrder');
  // The directive judges the rest, among it "out of the enemy's reach" under regroup (§2.5.3).
  return directiveRefusal(state, unit, { type: 'reorganise' });
}
