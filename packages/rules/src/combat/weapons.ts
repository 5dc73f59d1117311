import { capacityIndex, capacityRank, weaponSystems } from '../data';
import type { Capacity, WeaponClass } from '../data/schemas';
import type { GameState, Unit } from '../state/types';
import { sharesHex } from '../units/body';

/** Base advantage of the weapon-system table (§2.7.2.1): attacker class × defender class. */
export function weaponSystemAdvantage(attacker: WeaponClass, defender: WeaponClass): number {
  return weaponSystems.shock[attacker][defender];
}

/**
 * Fire rows of the same table (§3.2.9). Skirmishers and light cavalry have
 * no row in the text: the data gives them explicit rows
 * (docs/rule-decisions.md). A class with no fire row never fires; should one
 * be asked, it reads its shock row (§3.2.9: a shooter in shock uses its shock row).
 */
export function fireSystemAdvantage(shooter: WeaponClass, target: WeaponClass): number {
  const rows = weaponSystems.fire as Partial<Record<WeaponClass, Record<WeaponClass, number>>>;
  return (rows[shooter] ?? weaponSystems.shock[shooter])[target];
}

/**
 * The weapon capacity a unit fights with. A troop stacked with a character
 * of its own weapon class inherits the character's capacity (§2.7.3.3); with
 * several, the best one, as for morale (units/morale.ts).
 */
export function weaponCapacityOf(state: GameState, unit: Unit): Capacity {
  if (unit.kind !== 'troop') return unit.profiles.weapon.capacity;
  const same = state.units.filter(
    (c) => c.kind === 'character' && sharesHex(unit, c) && c.side === unit.side && c.profiles.weapon.class === unit.profiles.weapon.class,
  );
  if (same.length === 0) return unit.profiles.weapon.capacity;
  return same.reduce((a, b) => (capacityIndex(b.profiles.weapon.capacity) < capacityIndex(a.profiles.weapon.capacity) ? b : a)).profiles.weapon.capacity;
}

export function weaponAttackBonus(c: Capacity): number {
  return capacityRank(c).weaponAttack;
}

export function weaponDefenceBonus(c: Capacity): number {
  return capacityRank(c).weaponDefence;
}

/** The charge bonus of a charging unit: +2, +4 for the cavalry classes (§2.7.2.2). */
export function chargeBonus(unit: Unit): number {
  const c = weaponSystems.charge;
  return c.cavalryClasses.includes(unit.profiles.weapon.class) ? c.cavalryBonus : c.bonus;
}
