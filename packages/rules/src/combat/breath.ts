import { reject, Rejection } from '../actions/rejection';
import { breathTable } from '../data';
import type { Unit } from '../state/types';
import { mod } from '../tests/roll';
import { hasFaculty } from '../units/abilities';
import type { Part } from './advantage-part';

/**
 * Souffle (§3.1, FAC-18, A-29): a shock-action option against an engaged
 * unit, fought and absorbed as a shock, with a fixed advantage and no other
 * modifier, by the unit's weapon capacity (data/breath.json). Never
 * supported: no −4, no breath spent, no advance after combat; unlimited.
 */
export const BREATH_SECTION = '§3.1';

/** The fixed advantage: the unit's own printed weapon capacity, on its weapon class's row if it has one (dragons). */
export function breathAdvantage(unit: Unit): number {
  const w = unit.profiles.weapon;
  return (breathTable.byWeaponClass[w.class] ?? breathTable.default)[w.capacity];
}

/** The one part of a breath attack's advantage: the table replaces every other. */
export const breathPart: Part = (_s, a) => [mod(breathAdvantage(a), 'Souffle (avantage fixe)', 'Breath (fixed advantage)', BREATH_SECTION)];

/** A breath attack needs the faculty, and is never supported. */
export function breathRefusal(attacker: Unit, supported: boolean): Rejection | null {
  if (!hasFaculty(attacker, 'breath')) return reject('noBreathFaculty');
  if (supported) return reject('breathNeverSupported');
  return null;
}
