import { reject, Rejection } from '../actions/rejection';
import { mustFaceRefusal } from '../actions/face';
import type { GameState, Unit } from '../state/types';
import { rallyConditions } from '../recovery/rally';
import { engagedBy, isEngaged } from '../units/engagement';
import { canFlee } from '../movement/flee';
import { moverOf } from '../movement/mover';
import { nearestThreats } from '../movement/nearest-threat';
import { answerAbout, sharedView } from '../fog/view';
import { destroyUnit } from '../units/condition';
import type { GameEvent } from '../state/events';
import { concludeActivation } from './conclude';
import { boundToSecondAttack } from '../combat/formation-attacks';
import { shockOptions } from '../combat/options';
import { reachable } from '../actions/legal';
import { unitMayMove } from '../actions/move';

/** The actions a unit is bound to take (§2.9.1), and the rule that binds it. */
export interface ForcedAction {
  types: string[];
  reason: Rejection;
}

/**
 * Cases of force majeure (§2.9.1), checked in the rulebook's order: a
 * routed unit rallies if it can, else (or after a failed rally) flees
 * (§2.8.3.1); an engaged unit engaging none of its engagers faces
 * (§2.6.14); a charging unit that is engaged fights (shock); a charging unit
 * without a special order carries on its charge, moving or fighting
 * (§2.6.9). Works on the full state or a seat's view.
 */
export function forcedAction(state: GameState, piece: string): ForcedAction | null {
  // Asked by every verdict of legalActions, by apply's check and by the end-turn verdict about one state: once per scope (fog/view.ts `answerAbout`).
  return answerAbout(state, `forcedAction ${piece}`, () => findForcedAction(state, piece));
}

function findForcedAction(state: GameState, piece: string): ForcedAction | null {
  const unit = state.units.find((u) => u.id === piece && u.hex >= 0);
  if (!unit) return decoyForced(state, piece);
  // Between a formation's two attacks: the second, or pass (§3.3.8).
  const second = boundToSecondAttack(state, piece);
  if (second) return { types: [second, 'pass'], reason: reject('secondAttackOnly') };
  if (unit.cohesion === 'routed') {
    const choice = routedChoice(state, unit);
    if (choice === 'rally') return { types: ['rally'], reason: reject('mustRally') };
    return choice === 'flee' ? { types: ['flee'], reason: reject('mustFlee') } : null;
  }
  if (!mustFaceRefusal(state, piece)) return { types: ['face'], reason: reject('mustFace') };
  if (unit.shock === 'charge' && engagedBy(state, unit).length > 0) return { types: ['shock'], reason: reject('mustShock') };
  if (unit.shock === 'charge' && unit.order !== 'specialOrder' && !chargeStuck(state, unit)) return { types: ['move', 'shock'], reason: reject('mustKeepCharging') };
  return null;
}

/**
 * §2.6.9 binds a charging unit to a move or a shock; the text is silent when,
 * once activated, neither is open to it (no arrival its charge's attack
 * directive allows, no enemy to strike). Nothing is left to bind it to then:
 * it may pass, and its charge is judged as its activation concludes (§2.4.3).
 * Before its activation it stays bound, so that its side cannot end the turn
 * without activating it. Judged on its side's view, as the player's preview
 * is, so that what it may do tells nothing of what it cannot see.
 */
function chargeStuck(state: GameState, unit: Unit): boolean {
  if (state.activation?.piece !== unit.id) return false;
  if (shockOptions(state, unit.side, unit.id).some((o) => o.allowed)) return false;
  const MODES = ['normal', 'extra', 'minimal'] as const;
  return !MODES.some((mode) => !unitMayMove(state, unit.id, mode) && reachable(state, unit.side, unit.id, mode).length > 0);
}

/**
 * What a routed unit must do (§2.8.3.1): rally if it may (and has not just
 * failed to), else flee; 'destroyed' when it can do neither while an enemy
 * threatens it. With no enemy in sight there is nothing to flee from: no
 * obligation (and no destruction).
 */
export function routedChoice(state: GameState, unit: Unit): 'rally' | 'flee' | 'destroyed' | null {
  const failed = state.activation?.piece === unit.id && state.activation.mustFlee === true;
  if (!failed && !rallyConditions(state, unit) && !isEngaged(state, unit)) return 'rally';
  if (canFlee(state, unit)) return 'flee';
  const view = state.perspective ? state : sharedView(state, unit.side);
  const seen = view.units.find((u) => u.id === unit.id) ?? unit;
  return nearestThreats(view, seen).units.length > 0 ? 'destroyed' : null;
}

/**
 * A decoy that failed its rally plays the flight its routed unit would owe
 * (§2.8.3.1, §4.5.1), or the others would see a cover that failed to rally
 * and did not flee, which no unit does.
 */
function decoyForced(state: GameState, piece: string): ForcedAction | null {
  if (state.activation?.piece !== piece || !state.activation.mustFlee) return null;
  const mover = moverOf(state, piece);
  if (!mover?.isDecoy) return null;
  return canFlee(state, mover.unit) ? { types: ['flee'], reason: reject('mustFlee') } : null;
}

/** The decoy that failed its rally can neither flee nor stay: a threat is in sight and no flight is open (§2.8.3.1). */
export function decoyTrapped(state: GameState, piece: string): boolean {
  const mover = moverOf(state, piece);
  if (!mover?.isDecoy || canFlee(state, mover.unit)) return false;
  const view = state.perspective ? state : sharedView(state, mover.unit.side);
  return nearestThreats(view, mover.unit).units.length > 0;
}

/**
 * Preliminary end of a routed unit that can neither rally nor flee
 * (§2.8.3.1): it is destroyed and its activation ends.
 */
export function destroyIfTrapped(state: GameState, piece: string): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece && u.hex >= 0);
  if (!unit || unit.cohesion !== 'routed' || routedChoice(state, unit) !== 'destroyed') return [];
  return [...destroyUnit(state, unit, 'cannotRallyNorFlee', '§2.8.3.1'), ...concludeActivation(state, false)];
}

/**
 * The refusal of an action other than the forced ones, for the unit under
 * activation. A forced action whose rule is not in the game yet (`known`
 * says which are) binds nothing, so the unit is never left without a legal
 * action.
 */
export function forcedRefusal(state: GameState, piece: string, type: string, known: (t: string) => boolean): Rejection | null {
  if (!state.activation || state.activation.piece !== piece) return null;
  const forced = forcedAction(state, piece);
  if (!forced) return null;
  const open = forced.types.filter(known);
  if (open.length === 0 || open.includes(type)) return null;
  // A copy: the answer is shared within a scope, and the refusal goes out to the caller.
  return { ...forced.reason, message: { ...forced.reason.message } };
}
