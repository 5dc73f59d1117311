import { capacityIndex } from '../data';
import { weaponSystemAdvantage } from '../combat/weapons';
import type { DiceSource } from '../state/dice';
import { announce } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier, rollTest } from '../tests/roll';
import { movementPoints } from '../units/abilities';
import { destroyUnit } from '../units/condition';
import { dodgeModifiers } from '../units/dodge';
import { moraleThreshold } from '../units/morale';

/**
 * La Poursuite (§2.6.10–2.6.10.1): a charging unit whose target has left
 * the map follows it off across the same hexside and takes its place; the
 * pursued unit tests, and is destroyed if it fails. If it passes and is not
 * routed, the pursuer tests in turn and is destroyed if it fails.
 * The movement that takes the pursuer off the map calls this
 * (movement/off-map-move.ts).
 */
export function pursue(state: GameState, pursuer: Unit, pursued: Unit, dice: DiceSource): GameEvent[] {
  if (!pursued.offMap) return [];
  pursuer.hex = -1;
  pursuer.offMap = { ...pursued.offMap, turn: state.turn };
  // A pursuer under a cover is named by its cover to the others.
  const events = announce(state, pursuer.id, (p) => ({ type: 'pursuit', pursuer: p, pursued: pursued.id }), '§2.6.10');
  const first = rollTest(state, dice, { test: 'pursuit', subject: pursued.id, threshold: moraleThreshold(state, pursued), modifiers: pursuitModifiers(state, pursued, pursuer), section: '§2.6.10.1' });
  events.push(first.event);
  if (!first.success) return [...events, ...destroyUnit(state, pursued, 'pursuit', '§2.6.10.1')];
  if (pursued.cohesion === 'routed') return events;
  const second = rollTest(state, dice, { test: 'pursuit', subject: pursuer.id, threshold: moraleThreshold(state, pursuer), modifiers: pursuitModifiers(state, pursuer, pursued), section: '§2.6.10.1' });
  events.push(second.event);
  if (!second.success) events.push(...destroyUnit(state, pursuer, 'pursuit', '§2.6.10.1'));
  return events;
}

/** The modifiers of §2.6.10.1 for `tested`, the other being `other`; positive ones make it harder. */
export function pursuitModifiers(state: GameState, tested: Unit, other: Unit): Modifier[] {
  const s = '§2.6.10.1';
  const mods: Modifier[] = [];
  const ws = Math.max(-2, Math.min(2, weaponSystemAdvantage(other.profiles.weapon.class, tested.profiles.weapon.class)));
  if (ws !== 0) mods.push(mod(ws, "Table des systèmes d'armes", 'Weapon-system table', s));
  const own = capacityIndex(tested.profiles.weapon.capacity);
  const theirs = capacityIndex(other.profiles.weapon.capacity);
  if (own < theirs) mods.push(mod(-1, "Capacité d'arme supérieure", 'Higher weapon capacity', s));
  if (own > theirs) mods.push(mod(1, "Capacité d'arme de l'ennemi supérieure", "Enemy's higher weapon capacity", s));
  // l.1193 "si l'Unité poursuivie a la Faculté Esquive", mirrored for the pursuer's test like every line here: only the tested unit's dodge counts (§3.1, FAC-04).
  mods.push(...dodgeModifiers(tested));
  if (movementPoints(tested) > movementPoints(other)) mods.push(mod(-2, 'Plus rapide', 'Faster', s));
  if (movementPoints(tested) < movementPoints(other)) mods.push(mod(2, 'Moins rapide', 'Slower', s));
  if (tested.cohesion === 'routed') mods.push(mod(1, 'En déroute', 'Routed', s));
  if (tested.breath === 'exhausted') mods.push(mod(1, 'À bout de souffle', 'Exhausted', s));
  if (other.cohesion === 'shaken') mods.push(mod(-1, 'Adversaire ébranlé', 'Other unit shaken', s));
  if (other.breath === 'winded') mods.push(mod(-1, 'Adversaire essoufflé', 'Other unit winded', s));
  if (other.breath === 'exhausted') mods.push(mod(-2, 'Adversaire à bout de souffle', 'Other unit exhausted', s));
  return mods;
}
