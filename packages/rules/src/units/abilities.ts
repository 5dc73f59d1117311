import { capacityRank, movementClass } from '../data';
import type { Faculty, Hexside, Terrain } from '../data/schemas';
import { hexsideInfo } from '../terrain/board';
import type { Unit } from '../state/types';

/** Faculties named in the sheets that the movement rules look at. */
export const FACULTY = {
  climber: 'climber', // Grimpeuse
  swimmer: 'swimmer', // Nageuse
  fireImmune: 'fireImmune', // Immunisée contre le Feu
} as const;

export function hasFaculty(u: Pick<Unit, 'faculties'>, f: Faculty): boolean {
  return u.faculties.includes(f);
}

export function isFlying(u: Pick<Unit, 'profiles'>): boolean {
  return movementClass(u.profiles.movement.class).flying;
}

/** Movement points of a unit: class base plus capacity bonus, never below 0 (§2.6.1). */
export function movementPoints(u: Pick<Unit, 'profiles'>): number {
  const row = movementClass(u.profiles.movement.class);
  return Math.max(0, row.base + capacityRank(u.profiles.movement.capacity).movementBonus);
}

/**
 * Whether the unit may be in a hex of this terrain at all (§2.2.1.1 and the
 * common-mechanics sheet: water only for floating or flying units, lava only
 * for fire-immune or flying ones, impassable for none).
 */
export function mayEnterTerrain(u: Pick<Unit, 'profiles' | 'faculties'>, t: Terrain): boolean {
  const row = movementClass(u.profiles.movement.class);
  if (t === 'lava' && !row.flying && !hasFaculty(u, FACULTY.fireImmune)) return false;
  return row.terrain[t] !== null;
}

/** Whether the unit may cross this hexside (common-mechanics sheet, "Côté d'Hex"). */
export function mayCrossHexside(u: Pick<Unit, 'profiles' | 'faculties'>, h: Hexside): boolean {
  const allowed = hexsideInfo(h).crossableBy;
  if (allowed.includes('all')) return true;
  if (allowed.includes('flyer') && isFlying(u)) return true;
  if (allowed.includes('climber') && hasFaculty(u, FACULTY.climber)) return true;
  if (allowed.includes('swimmer') && hasFaculty(u, FACULTY.swimmer)) return true;
  return false;
}
