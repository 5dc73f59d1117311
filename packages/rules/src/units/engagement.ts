import { Direction, directionTo } from '../geometry/hex';
import { zoneOf } from '../geometry/facing';
import { hexsideAt, terrainAt } from '../terrain/board';
import type { GameState, Unit } from '../state/types';
import { mayCrossHexside, mayEnterTerrain, zoneSize } from './abilities';
import { stackPlace } from './stacking';

/** The geometry and state a unit needs to engage: where it is, where it faces, who it is. */
export type Placed = Pick<Unit, 'id' | 'side' | 'hex' | 'facing' | 'size' | 'cohesion' | 'profiles' | 'faculties'>;

/**
 * Adjacency in the game's sense (common-mechanics sheet, "Adjacent"): the
 * hexes touch, B's hex is not forbidden to A, and the hexside between them is
 * not impassable for A.
 */
export function isAdjacent(state: GameState, a: Placed, b: Pick<Unit, 'hex'>): boolean {
  const dir = directionTo(state.board, a.hex, b.hex);
  if (dir === -1) return false;
  return mayEnterTerrain(a, terrainAt(state.board, b.hex)) && mayCrossHexside(a, hexsideAt(state.board, a.hex, dir));
}

/**
 * A engages B (§2.3.2): A is not routed, B is in A's front zone, B's hex is
 * not impassable for A and A can cross the hexside between them. The sheet
 * adds who in a stack may be engaged: a small unit only when no large unit
 * shares its hex; the front of a stack only from its front or flank, the back
 * only from its rear, the middle never.
 */
export function engages(state: GameState, a: Placed, b: Unit): boolean {
  if (a.side === b.side || a.cohesion === 'routed' || a.hex < 0 || b.hex < 0) return false;
  const dir = directionTo(state.board, a.hex, b.hex);
  if (dir === -1) return false;
  if (zoneOf(zoneSize(a), a.facing, dir) !== 'front') return false;
  if (!isAdjacent(state, a, b)) return false;
  return mayBeEngagedFrom(state, b, ((dir + 3) % 6) as Direction);
}

/** Whether B, given its place in its stack, may be engaged by a unit across B's hexside `fromDir`. */
function mayBeEngagedFrom(state: GameState, b: Unit, fromDir: Direction): boolean {
  const place = stackPlace(state, b);
  if (place === 'alone') return true;
  if (place === 'middle') return false;
  const zone = zoneOf(zoneSize(b), b.facing, fromDir);
  return place === 'front' ? zone !== 'rear' : zone === 'rear';
}

/** Visible enemy units that engage `unit` (a unit of `state`). */
export function engagedBy(state: GameState, unit: Unit): Unit[] {
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && e.hex >= 0 && engages(state, e, unit));
}

/** Visible enemy units that `unit` engages. */
export function engagedTargets(state: GameState, unit: Unit): Unit[] {
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && e.hex >= 0 && engages(state, unit, e));
}

/** Visible enemy units adjacent (in the game's sense) to `unit`. */
export function adjacentEnemies(state: GameState, unit: Placed): Unit[] {
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && e.hex >= 0 && isAdjacent(state, unit, e));
}

export function isEngaged(state: GameState, unit: Unit): boolean {
  return engagedBy(state, unit).length > 0;
}
