import { fireTable } from '../data';
import type { ShooterClass, WeaponClass } from '../data/schemas';
import { distance } from '../geometry/hex';
import { withinWedge } from '../geometry/bearing';
import { weaponCapacityOf } from '../combat/weapons';
import type { GameState, Unit } from '../state/types';
import { bodyHexes, nearestHexTo } from '../units/body';
import { allFront } from '../units/abilities';

/**
 * Who fires, how far and how often (§3.2, §3.2.1.1–§3.2.3), from
 * data/fire.json. A troop stacked with a character of its weapon class
 * fires with his weapon capacity (§2.7.3.3, PRE-08), which sets an
 * archer unit's rate and an artillery's range.
 */

function shooterClassOf(u: Pick<Unit, 'profiles'>): ShooterClass | null {
  const c: WeaponClass = u.profiles.weapon.class;
  return (fireTable.shooters as WeaponClass[]).includes(c) ? (c as ShooterClass) : null;
}

/** Archers, crossbowmen, artillery, skirmishers and light cavalry, troops or characters, large or small (§3.2). */
export function isShooter(u: Pick<Unit, 'profiles'>): boolean {
  return shooterClassOf(u) !== null;
}

/** Skirmishers and light cavalry: their fire is harassment (§3.2.4.1). */
export function isHarasser(u: Pick<Unit, 'profiles'>): boolean {
  return (fireTable.harassers as WeaponClass[]).includes(u.profiles.weapon.class);
}

/** Range in hexes (§3.2.2); 0 for a unit that does not fire. */
export function fireRange(state: GameState, u: Unit): number {
  const c = shooterClassOf(u);
  const r = c ? fireTable.range[c] : undefined;
  if (r === undefined) return 0;
  return typeof r === 'number' ? r : r[weaponCapacityOf(state, u)];
}

/** Shots per fire action (§3.2.3): one, save large archer units by weapon capacity. */
export function fireRate(state: GameState, u: Unit): number {
  const c = shooterClassOf(u);
  const rates = c && u.size === 'large' ? fireTable.largeRate[c] : undefined;
  return rates ? rates[weaponCapacityOf(state, u)] : c ? 1 : 0;
}

/** The advantage of one shot combining `shots` shots on one target (§3.2.3): +2 for two, +4 for three. */
export function combinedBonus(shots: number): number {
  return shots > 1 ? fireTable.combinedBonus[String(shots)] ?? 0 : 0;
}

/** Characters and hedgehogs fire in every direction (§3.2.1.1), formations in hedgehog too (l.1891, FIRE-09: its all-round front). */
export function firesAllRound(u: Pick<Unit, 'kind' | 'faculties'> & Partial<Pick<Unit, 'formationMode'>>): boolean {
  return u.kind === 'character' || u.faculties.some((f) => fireTable.cone.allRound.includes(f)) || allFront(u);
}

/**
 * Whether `hex` lies in the unit's fire cone (§3.2.1.1). The cone figures
 * are lost: a wedge of the data's half-angle either side of the
 * facing, edges included, centre to centre — the three front hexes of a
 * unit facing a hexside, the two of a unit facing a vertex.
 */
export function inFireCone(state: GameState, u: Pick<Unit, 'hex' | 'facing' | 'kind' | 'faculties'> & Partial<Pick<Unit, 'formationMode'>>, hex: number): boolean {
  if (hex === u.hex || firesAllRound(u)) return true;
  return withinWedge(state.board, u.hex, hex, u.facing * 30, fireTable.cone.halfAngle);
}

/** The hexes of the map in the unit's cone and range, for the client's "show range" (§3.2.1.1, §3.2.2). */
export function fireZone(state: GameState, u: Unit): number[] {
  const range = fireRange(state, u);
  if (range === 0 || u.hex < 0) return [];
  const out: number[] = [];
  // A formation fires from each of its hexes (§3.3.8): its zone is the union of theirs, its own hexes excepted.
  const hexes = bodyHexes(u);
  for (let h = 0; h < state.board.cols * state.board.rows; h++) {
    if (hexes.includes(h)) continue;
    if (hexes.some((from) => distance(state.board, from, h) <= range && inFireCone(state, { ...u, hex: from }, h))) out.push(h);
  }
  return out;
}

/**
 * The hex of the target a shot strikes: of a formation's hexes in
 * the shooter's cone, the nearer to it (the first on a tie); a one-hex
 * target's hex.
 */
export function aimedHex(state: GameState, a: Pick<Unit, 'hex' | 'facing' | 'kind' | 'faculties'>, t: Pick<Unit, 'hex' | 'secondHex'>): number {
  const inCone = bodyHexes(t).filter((h) => inFireCone(state, a, h));
  return nearestHexTo(state.board, { hex: inCone[0] ?? t.hex, secondHex: inCone[1] }, a.hex);
}
