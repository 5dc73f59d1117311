import { reject, Rejection } from '../actions/rejection';
import { hexsideInfo, terrainAt } from '../terrain/board';
import type { GameState, Unit } from '../state/types';
import { mayCrossHexside, mayEnterTerrain } from '../units/abilities';
import { engagedBy, engages, isAdjacent } from '../units/engagement';
import { stackAt, stackPlace } from '../units/stacking';
import { attackHexes, hexsideBetween } from './geometry';
import { breathCanWorsen } from '../units/condition';
import { hasFaculty } from '../units/abilities';
import { CLIMB_HEXSIDES } from '../units/faculty-modifiers';
import { contacts } from '../units/body';
import { isFormation, modeEffects } from '../units/formation';
import { actionBreathPaid } from './formation-attacks';

/**
 * Who may attack whom (§2.7.1, §2.7.3, §2.3.1.3, sheet 000 "Unité Devant /
 * Derrière"). Each check returns the rule that refuses, or null.
 */

/** A small unit that shares its hex with a large unit of its side: in the middle, protected (§2.7.3.2). */
export function inMixedStack(state: GameState, u: Unit): boolean {
  return u.size === 'small' && stackAt(state, u.hex).some((o) => o.size === 'large');
}

/** The acting unit itself: a real unit, not routed. */
export function attackerRefusal(state: GameState, piece: string): Rejection | null {
  const a = state.units.find((u) => u.id === piece);
  if (!a) return reject('decoyMayNotAttack');
  if (a.cohesion === 'routed') return reject('routedMayNotAttack');
  return null;
}

/** The target must be an enemy unit in the open, on the map, next to the attacker. */
export function targetRefusal(state: GameState, a: Unit, targetId: string): Rejection | null {
  const t = state.units.find((u) => u.id === targetId);
  if (!t || t.side === a.side || t.hidden || t.hex < 0) return reject('unknownTarget');
  if (!isAdjacent(state, a, t)) return reject('targetNotAdjacent');
  return null;
}

/**
 * Shock and duel across a hexside (sheet 000, Côté d'Hex): only a climber
 * shocks across an impassable, wall or fortification hexside, only a
 * swimmer across a water hexside (FAC-22, FAC-24, FAC-27) — flyers
 * included: the sheet frees their movement, not their combat. Walkers are
 * already refused by adjacency; this gives the reason and holds for flyers.
 */
export function hexsideShockRefusal(state: GameState, a: Unit, targetId: string): Rejection | null {
  const t = state.units.find((u) => u.id === targetId);
  // Unknown, friendly or hidden targets are targetRefusal's: nothing here may tell what lies under a cover.
  if (!t || t.side === a.side || t.hidden || contacts(state.board, a, t).length === 0) return null;
  const side = hexsideBetween(state, a, t);
  if (CLIMB_HEXSIDES.includes(side) && !hasFaculty(a, 'climber')) return reject('shockAcrossImpassable');
  if (side === 'water' && !hasFaculty(a, 'swimmer')) return reject('shockAcrossWater');
  return null;
}

/**
 * A formation never shocks across a rough hexside (sheet 000 Côté d'Hex
 * Accidenté, FORM-49). `a` may be the formation seen from its attacking
 * hex (combat/attack-hex.ts): the unit itself says whether it is one.
 */
export function formationShockRefusal(state: GameState, a: Unit, targetId: string): Rejection | null {
  const unit = state.units.find((u) => u.id === a.id);
  const t = state.units.find((u) => u.id === targetId);
  if (!unit || !isFormation(unit) || !t || contacts(state.board, a, t).length === 0) return null;
  return hexsideBetween(state, a, t) === 'rough' ? reject('formationShockAcrossRough') : null;
}

/**
 * Shock (§2.7.3): only the unit in front of its stack attacks (§2.3.1.3);
 * the target is one the attacker engages, which the engagement rules make
 * the front unit of its stack from its front or flank and the back unit from
 * its rear; small units stacked with a large one are out of reach (§2.7.3.2);
 * never across an impassable hexside (sheet 000).
 */
export function shockTargetRefusal(state: GameState, a: Unit, t: Unit): Rejection | null {
  const place = stackPlace(state, a);
  if (place === 'middle' || place === 'back') return reject('notFrontOfStack');
  if (inMixedStack(state, t)) return reject('targetProtectedInStack');
  if (!engages(state, a, t)) return reject('targetNotEngaged');
  return null;
}

/**
 * Duel (§2.7.1.1): two characters, the attacker not engaged, in one of the
 * three cases the rule lists:
 * - small character stacked with a large unit against a small character stacked with a large unit;
 * - a character alone in its hex against a small character stacked with a large unit;
 * - small character stacked with a large unit against a large character.
 */
export function duelTargetRefusal(state: GameState, a: Unit, t: Unit): Rejection | null {
  if (a.kind !== 'character' || t.kind !== 'character') return reject('duelNeedsCharacters');
  // A character in the middle of a stack engages no one here, or a lone character could never duel (case 2).
  if (engagedBy(state, a).some((e) => !inMixedStack(state, e))) return reject('duelByEngagedCharacter');
  const alone = stackAt(state, a.hex).length === 1;
  const ok = (inMixedStack(state, a) && (inMixedStack(state, t) || t.size === 'large')) || (alone && inMixedStack(state, t));
  return ok ? null : reject('duelNotAllowed');
}

/** A charging unit supports for free, unless it loses its charge crossing a rough hexside first (sheet 000). */
export function chargeHolds(state: GameState, a: Unit, t: Unit): boolean {
  return a.shock === 'charge' && hexsideInfo(hexsideBetween(state, a, t)).chargeAllowed;
}

/**
 * Supporting (§2.7.3.1): only into a hex and across a hexside passable for
 * the attacker; it costs a level of breath unless charging, so an exhausted
 * unit cannot (counting the breath a charge lost at a rough hexside costs).
 */
export function supportRefusal(state: GameState, a: Unit, t: Unit, supported: boolean): Rejection | null {
  if (!supported) return null;
  if (!mayEnterTerrain(a, terrainAt(state.board, attackHexes(state, a, t).to)) || !mayCrossHexside(a, hexsideBetween(state, a, t))) return reject('supportImpassable');
  // A formation's second supported attack: the action's breath is paid already; in rotating ranks support costs none (§3.3.6, l.2273).
  if (chargeHolds(state, a, t) || actionBreathPaid(state, a) || modeEffects(a).noSupportBreath) return null;
  // A tireless unit takes no breath for the lost charge (§3.1).
  const exhausted = a.breath === 'exhausted' || (a.shock === 'charge' && a.breath === 'winded' && breathCanWorsen(a));
  return exhausted ? reject('exhaustedMayNotSupport') : null;
}
