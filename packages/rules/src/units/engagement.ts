import { Direction, opposite } from '../geometry/hex';
import { zoneOf } from '../geometry/facing';
import { hexsideAt, terrainAt } from '../terrain/board';
import type { GameState, Unit } from '../state/types';
import { mayCrossHexside, mayEnterTerrain, zoneSize } from './abilities';
import { Contact, mayTouch, someContact } from './body';
import { stackPlace } from './stacking';

/** The geometry and state a unit needs to engage: where its body is, where it faces, who it is. */
export type Placed = Pick<Unit, 'id' | 'side' | 'hex' | 'secondHex' | 'facing' | 'size' | 'cohesion' | 'profiles' | 'faculties'>;

/**
 * Adjacency in the game's sense (common-mechanics sheet, "Adjacent"): a hex
 * of A's body touches one of B's, B's hex is not forbidden to A, and the
 * hexside between them is not impassable for A.
 */
export function isAdjacent(state: GameState, a: Placed, b: Pick<Unit, 'hex' | 'secondHex'>): boolean {
  return someContact(state.board, a, b, (c) => adjacentAcross(state, a, c));
}

function adjacentAcross(state: GameState, a: Placed, c: Contact): boolean {
  return mayEnterTerrain(a, terrainAt(state.board, c.to)) && mayCrossHexside(a, hexsideAt(state.board, c.from, c.dir));
}

/**
 * A engages B (§2.3.2): A is not routed, a hex of B is in A's front zone, that hex is
 * not impassable for A and A can cross the hexside between them. The sheet
 * adds who in a stack may be engaged: a small unit only when no large unit
 * shares its hex; the front of a stack only from its front or flank, the back
 * only from its rear, the middle never.
 */
export function engages(state: GameState, a: Placed, b: Unit): boolean {
  if (a.side === b.side || a.cohesion === 'routed') return false;
  // Any hex of A's body may engage any hex of B's (§3.3: a formation engages from each of its hexes).
  return someContact(state.board, a, b, (c) => zoneOf(zoneSize(a), a.facing, c.dir) === 'front' && adjacentAcross(state, a, c) && mayBeEngagedFrom(state, b, c.to, opposite(c.dir)));
}

/** Whether B, given its place in the stack of its hex `hex`, may be engaged by a unit across that hex's hexside `fromDir`. */
function mayBeEngagedFrom(state: GameState, b: Unit, hex: number, fromDir: Direction): boolean {
  const place = stackPlace(state, b, hex);
  if (place === 'alone') return true;
  if (place === 'middle') return false;
  const zone = zoneOf(zoneSize(b), b.facing, fromDir);
  return place === 'front' ? zone !== 'rear' : zone === 'rear';
}

/** Visible enemy units that engage `unit` (a unit of `state`). */
export function engagedBy(state: GameState, unit: Unit): Unit[] {
  // `mayTouch` first: most enemies are far, and `engages` costs more to ask (issue 9).
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && mayTouch(state.board, e, unit) && engages(state, e, unit));
}

/** Visible enemy units that `unit` engages. */
export function engagedTargets(state: GameState, unit: Unit): Unit[] {
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && mayTouch(state.board, unit, e) && engages(state, unit, e));
}

/** Visible enemy units adjacent (in the game's sense) to `unit`. */
export function adjacentEnemies(state: GameState, unit: Placed): Unit[] {
  return state.units.filter((e) => e.side !== unit.side && !e.hidden && mayTouch(state.board, unit, e) && isAdjacent(state, unit, e));
}

export function isEngaged(state: GameState, unit: Unit): boolean {
  return engagedBy(state, unit).length > 0;
}
