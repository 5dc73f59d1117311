import { reject, Rejection } from '../actions/rejection';
import type { GameState, Unit } from '../state/types';
import { bodyHexes, occupies } from '../units/body';
import { isFormation } from '../units/formation';

/**
 * The hex an attack comes from (§3.3.8, FORM-09, FORM-56, FORM-59): a
 * formation shocks and fires once from each of its hexes, each hex "comme
 * une Troupe Simple" (l.2306). So each attack is judged on the formation
 * seen as a simple troop standing on its attacking hex: adjacency and
 * engagement from that hex, its zone and flank bonus (FORM-58), level,
 * terrain, hexside, the stack of that hex, the fire cone, range, line and
 * rate of that hex. A one-hex unit attacks from its hex.
 */

/** The hexes that have not attacked yet in the action under way: both of a formation's at first, then the other one. */
export function hexesLeftToAttack(state: GameState, a: Unit): number[] {
  const used = state.activation?.piece === a.id ? (state.activation.attacks?.from ?? []) : [];
  return bodyHexes(a).filter((h) => !used.includes(h));
}

/**
 * The hex the action names, or when it names none the first hex left that
 * `fits` (a hex from which this attack is allowed), else the first hex left.
 * A one-hex unit always attacks from its hex.
 */
export function attackingHex(state: GameState, a: Unit, from: number | undefined, fits: (hex: number) => boolean): number {
  if (!isFormation(a)) return a.hex;
  if (from !== undefined) return from;
  const left = hexesLeftToAttack(state, a);
  return left.find(fits) ?? left[0] ?? a.hex;
}

/** The named hex must be one of the attacker's, and one that has not attacked yet in this action (FORM-56). */
export function attackHexRefusal(state: GameState, a: Unit, from: number | undefined): Rejection | null {
  if (from === undefined) return hexesLeftToAttack(state, a).length > 0 ? null : reject('hexAlreadyAttacked');
  if (!occupies(a, from)) return reject('notAttackingHex');
  return hexesLeftToAttack(state, a).includes(from) ? null : reject('hexAlreadyAttacked');
}

/**
 * The attacker as the simple troop on its attacking hex (l.2306): a copy, to
 * judge and weigh the attack only — every change (breath, ammunition) goes
 * to the unit itself. A one-hex unit is itself.
 */
export function fightingFrom(a: Unit, from: number): Unit {
  if (!isFormation(a)) return a;
  const part: Unit = { ...a, hex: from };
  delete part.secondHex;
  return part;
}
