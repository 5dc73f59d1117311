import { capacityIndex, capacityRank, capacityTable, movementClass } from '../data';
import type { Capacity, Faculty, Hexside, Terrain } from '../data/schemas';
import type { UnitSize } from '../geometry/facing';
import { hexsideInfo, terrainAt } from '../terrain/board';
import type { Board, Unit } from '../state/types';
import { modeEffects } from './formation';

/** Faculties named in the sheets that the movement rules look at. */
export const FACULTY = {
  climber: 'climber', // Grimpeuse
  swimmer: 'swimmer', // Nageuse
  fireImmune: 'fireImmune', // Immunisée contre le Feu
  forestAdapted: 'forestAdapted', // Adaptation en Forêt
  hedgehog: 'hedgehog', // Hérisson
} as const;

export function hasFaculty(u: Pick<Unit, 'faculties'>, f: Faculty): boolean {
  return u.faculties.includes(f);
}

export function isFlying(u: Pick<Unit, 'profiles'>): boolean {
  return movementClass(u.profiles.movement.class).flying;
}

/** Movement points of a unit: class base plus capacity bonus, never below 0 (§2.6.1). */
export function movementPoints(u: Moving): number {
  const row = movementClass(u.profiles.movement.class);
  return Math.max(0, row.base + capacityRank(movementCapacity(u)).movementBonus);
}

/** What the movement capacity depends on: the profile, and a formation's mode. */
export type Moving = Pick<Unit, 'profiles'> & Partial<Pick<Unit, 'formationMode'>>;

/**
 * The movement capacity the unit moves with: its profile's, lowered by its
 * formation's mode (§3.3.6, l.2268, l.2272: shield wall and tortoise, one
 * rank, "Ordinaire par Désavantage"); never below the last rank, inferior.
 */
export function movementCapacity(u: Moving): Capacity {
  const ranks = capacityTable.ranks;
  return ranks[Math.min(ranks.length - 1, capacityIndex(u.profiles.movement.capacity) + modeEffects(u).movementRanksLower)].id;
}

/**
 * Whether the unit may be in a hex of this terrain at all (§2.2.1.1 and the
 * common-mechanics sheet: water only for floating or flying units, lava only
 * for fire-immune or flying ones, impassable for none).
 */
export function mayEnterTerrain(u: Pick<Unit, 'profiles' | 'faculties'>, t: Terrain): boolean {
  const row = movementClass(u.profiles.movement.class);
  if (t === 'lava' && !row.flying && !hasFaculty(u, FACULTY.fireImmune)) return false;
  return row.terrain[t] !== null || entersByFaculty(u, t);
}

/** A swimmer enters a water hex its movement class forbids, by minimal movement only (§3.1, Nageuse, l.1832). */
export function entersByFaculty(u: Pick<Unit, 'profiles' | 'faculties'>, t: Terrain): boolean {
  return t === 'water' && hasFaculty(u, FACULTY.swimmer) && movementClass(u.profiles.movement.class).terrain.water === null;
}

/**
 * The terrain a hex counts as for the unit's movement: a forest-adapted unit
 * takes a wood or forest hex as clear terrain (§3.1, l.1811). Combat keeps
 * the hex's own terrain.
 */
export function movementTerrain(board: Board, u: Pick<Unit, 'faculties'>, hex: number): Terrain {
  const f = board.features[hex];
  if ((f === 'wood' || f === 'forest') && hasFaculty(u, FACULTY.forestAdapted)) return 'clear';
  return terrainAt(board, hex);
}

/**
 * The shape of the unit's zones (§2.3): a hedgehog has neither flank nor
 * rear zone, the six hexes around it are its front (§3.1, l.1807), as for a
 * small unit — with the rear of the same six for withdrawal and recoil (l.294).
 * A formation in a mode with an all-round front (hedgehog, §3.3.6, l.2274,
 * FORM-46) has the same shape: its eight surrounding hexes are its front.
 */
export function zoneSize(u: Pick<Unit, 'size' | 'faculties'> & Partial<Pick<Unit, 'formationMode'>>): UnitSize {
  return hasFaculty(u, FACULTY.hedgehog) || allFront(u) ? 'small' : u.size;
}

/** A formation whose mode makes every surrounding hex its front zone (§3.3.6, l.2274: hedgehog, FORM-46). */
export function allFront(u: Partial<Pick<Unit, 'formationMode'>>): boolean {
  return modeEffects(u).allFront;
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

/**
 * Whether the unit crosses this hexside only thanks to its faculty — a climber
 * over an impassable, wall or fortification hexside, a swimmer over a water
 * one: then only by minimal movement (§3.1, l.1830, l.1832; FAC-27 for
 * fortifications until the "Assaut" section is supplied).
 */
export function crossesByFaculty(u: Pick<Unit, 'profiles' | 'faculties'>, h: Hexside): boolean {
  const allowed = hexsideInfo(h).crossableBy;
  if (allowed.includes('all') || (allowed.includes('flyer') && isFlying(u))) return false;
  return mayCrossHexside(u, h);
}
