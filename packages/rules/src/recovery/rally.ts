import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { tell } from '../fog/announce';
import { event, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { regainCohesion } from '../units/condition';
import { moraleThreshold } from '../units/morale';
import { stackAt } from '../units/stacking';
import { concludeActivation } from '../turn/conclude';
import { decoyTrapped, destroyIfTrapped } from '../turn/forced';
import { recoveryConditions, unitOf } from './common';
import { asPlayed, decoyActed, decoyOnMap, standIn } from './decoy';
import type { DiceSource } from '../state/dice';

/**
 * Action de Ralliement (§2.8.4, sheet 001): a routed unit, alone in its hex,
 * not engaged, not fragile, with elite morale, an autonomous command profile
 * (§2.8.4), a special order, or the army command (§2.5.5), rolls 2D6 ≤ its morale to be shaken again,
 * keeping its facing. A failed rally must be followed by a flight (§2.8.3.1):
 * the activation stays open with the flight as the only action.
 * A decoy rallies as the unit it plays, routed (§4.5.1), see `decoyRally`.
 */
export const rallyRule: ActionRule<{ type: 'rally'; piece: string }> = {
  section: '§2.8.4',
  conditions: (state, seat, a) => {
    const played = asPlayed(state, a.piece, { cohesion: 'routed' }) ?? state;
    return firstRejection(
      () => recoveryConditions(played, seat, a.piece),
      () => rallyConditions(played, unitOf(played, a.piece)!),
    );
  },
  procedure(state, _seat, a, dice) {
    if (decoyOnMap(state, a.piece)) return decoyRally(state, a.piece, dice);
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
  // Elite or autonomous units may rally whatever their order situation (§2.8.4); a special order frees the unit from its directive;
  // the army commander "est toujours autorisé à tenter le Ralliement" (§2.5.5).
  if (cls !== 'elite' && !autonomous && unit.order !== 'specialOrder' && !commandsTheArmy(state, unit)) return reject('rallyNeedsOrder');
  return null;
}

/** The army commander, or a decoy playing him (judged by the unit it imitates, so the decoy rallies as he would). */
function commandsTheArmy(state: GameState, unit: Unit): boolean {
  const id = state.decoys.find((d) => d.id === unit.id)?.mimic ?? unit.id;
  return state.sides.some((s) => s.id === unit.side && s.armyCommander === id);
}

/**
 * A decoy's rally (§4.5.1): its owner rolls the rally test of the unit it
 * plays, told to him alone as a hidden unit's is. Whether the activation
 * ends is in everyone's sight, so the roll binds the decoy as it binds a
 * unit: a success ends it, a failure leaves the flight to play (§2.8.3.1),
 * and a decoy that cannot flee from a threat is removed, as a unit would be
 * destroyed. Nothing else happens to the decoy.
 */
function decoyRally(state: GameState, piece: string, dice: DiceSource): GameEvent[] {
  const played = asPlayed(state, piece, { cohesion: 'routed' })!;
  const threshold = moraleThreshold(played, standIn(state, decoyOnMap(state, piece)!, { cohesion: 'routed' }));
  const outcome = rollTest(state, dice, { test: 'rally', subject: piece, threshold, modifiers: [], section: '§2.8.4' });
  const events: GameEvent[] = [outcome.event, decoyActed(state, piece, 'rally')];
  if (outcome.success) return [...events, ...concludeActivation(state, true)];
  state.activation!.mustFlee = true;
  events.push(tell(state, piece, { type: 'mustFlee', unit: piece }, '§2.8.3.1'));
  return decoyTrapped(state, piece) ? [...events, ...removeTrapped(state, piece)] : events;
}

/** The decoy that cannot flee leaves the map as its routed unit would by destruction (§2.8.3.1); its activation ends. */
function removeTrapped(state: GameState, piece: string): GameEvent[] {
  const decoy = decoyOnMap(state, piece)!;
  const events = [event({ type: 'decoyRemoved', cover: decoy.coverId, hex: decoy.hex }, '§2.8.3.1'), ...concludeActivation(state, false)];
  state.decoys = state.decoys.filter((d) => d.id !== piece);
  return events;
}
