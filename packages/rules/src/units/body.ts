import { Direction, DIRECTIONS, directionTo, distance } from '../geometry/hex';
import { Facing, FACINGS, pairDirections, Zone, zoneOf } from '../geometry/facing';
import { neighbour } from '../terrain/board';
import type { Board, Unit } from '../state/types';
import { zoneSize } from './abilities';

/**
 * A unit's body: the hexes it occupies (docs/formations.md). Every unit has
 * one hex, except a formation, which has two adjacent hexes and faces a
 * vertex at 90° to the line joining them (§3.3, l.2122). Every rule that asks
 * where a unit is, what touches it, how far it is or what it weighs in a
 * stack asks here, so that no rule special-cases formations.
 */
export type Body = Pick<Unit, 'hex' | 'secondHex' | 'facing' | 'size' | 'faculties'>;
type Placed = Pick<Unit, 'hex' | 'secondHex'>;

/** One hex of body A touching one hex of body B across A's hexside `dir`. */
export interface Contact {
  from: number;
  to: number;
  dir: Direction;
}

/** The hexes the unit occupies: none off the map, one, or a formation's two. */
export function bodyHexes(u: Placed): number[] {
  if (u.hex < 0) return [];
  return u.secondHex === undefined ? [u.hex] : [u.hex, u.secondHex];
}

/** Whether the two bodies share a hex: stacked together in at least one of them. */
export function sharesHex(a: Placed, b: Placed): boolean {
  return occupies(b, a.hex) || (a.secondHex !== undefined && occupies(b, a.secondHex));
}

/** A body of two hexes: a formation's shape (a double counter is always a formation, l.2144). */
export function isTwoHex(u: Placed): boolean {
  return u.hex >= 0 && u.secondHex !== undefined;
}

export function occupies(u: Placed, hex: number): boolean {
  return hex >= 0 && (u.hex === hex || u.secondHex === hex);
}

/**
 * The zone of the body that an outside hex touching it lies in (§2.3;
 * §3.3.3 for a formation: each hex's zones for the common vertex facing make
 * the 3 front, 1 + 1 flank and 3 rear hexes, and a hex touching both body
 * hexes gets the same zone from each). Null for a hex of the body or one
 * that does not touch it.
 */
export function zoneOfHex(board: Board, u: Body, hex: number): Zone | null {
  if (occupies(u, hex)) return null;
  for (const h of bodyHexes(u)) {
    const dir = directionTo(board, h, hex);
    if (dir !== -1) return zoneOf(zoneSize(u), u.facing, dir);
  }
  return null;
}

/** The hexes around the body, on the map: 6 for one hex, 8 for a formation. */
export function bodyRing(board: Board, u: Placed): number[] {
  const ring: number[] = [];
  for (const h of bodyHexes(u)) {
    for (const d of DIRECTIONS) {
      const n = neighbour(board, h, d);
      if (n >= 0 && !occupies(u, n) && !ring.includes(n)) ring.push(n);
    }
  }
  return ring;
}

/** Whether the body touches `hex` (a hex next to one of its hexes, not one of them). */
export function touchesHex(board: Board, u: Placed, hex: number): boolean {
  if (u.hex < 0 || hex < 0 || occupies(u, hex)) return false;
  return (
    directionTo(board, u.hex, hex) !== -1 ||
    (u.secondHex !== undefined && directionTo(board, u.secondHex, hex) !== -1)
  );
}

/** Where body A touches body B: every pair of adjacent hexes, A's hex first. */
export function contacts(board: Board, a: Placed, b: Placed): Contact[] {
  const found: Contact[] = [];
  someContact(board, a, b, (c) => {
    found.push(c);
    return false;
  });
  return found;
}

/**
 * False when bodies A and B surely touch nowhere (off the map, or too far
 * apart), told without walking their pairs of hexes (issue 9: engagement
 * asks it of every enemy for each unit, and most are far). Hexes next to
 * each other are at most a row and a column apart, so their indexes
 * (row × cols + col) at most cols + 1 apart, and a body's second hex is
 * next to its first. True says only that they may touch.
 */
export function mayTouch(board: Board, a: Placed, b: Placed): boolean {
  if (a.hex < 0 || b.hex < 0) return false;
  const reach = (board.cols + 1) * (1 + (a.secondHex !== undefined ? 1 : 0) + (b.secondHex !== undefined ? 1 : 0));
  return Math.abs(a.hex - b.hex) <= reach;
}

/**
 * Whether some contact of A with B passes `test` — the engagement and
 * adjacency rules' hot path, so it walks the (at most four) pairs without
 * building the bodies' arrays.
 */
export function someContact(
  board: Board,
  a: Placed,
  b: Placed,
  test: (c: Contact) => boolean,
): boolean {
  if (!mayTouch(board, a, b)) return false;
  return (
    touchFrom(board, a.hex, a, b, test) ||
    (a.secondHex !== undefined && touchFrom(board, a.secondHex, a, b, test))
  );
}

function touchFrom(
  board: Board,
  from: number,
  a: Placed,
  b: Placed,
  test: (c: Contact) => boolean,
): boolean {
  return (
    touch(board, from, b.hex, a, test) ||
    (b.secondHex !== undefined && touch(board, from, b.secondHex, a, test))
  );
}

function touch(
  board: Board,
  from: number,
  to: number,
  a: Placed,
  test: (c: Contact) => boolean,
): boolean {
  if (occupies(a, to)) return false;
  const dir = directionTo(board, from, to);
  return dir !== -1 && test({ from, to, dir });
}

/** Hex distance from the body to a hex: from its nearer hex. */
export function distanceToHex(board: Board, u: Placed, hex: number): number {
  // Most units have one hex: no list to build (the fire and directive checks ask this for every enemy).
  if (u.secondHex === undefined && u.hex >= 0) return distance(board, u.hex, hex);
  return Math.min(...bodyHexes(u).map((h) => distance(board, h, hex)));
}

/** Hex distance between two bodies: their nearest hexes. */
export function bodyDistance(board: Board, a: Placed, b: Placed): number {
  return Math.min(...bodyHexes(b).map((h) => distanceToHex(board, a, h)));
}

/** The nearest hex of A to B and of B to A (the first on a tie): where a distance between them is measured. */
export function nearestPair(board: Board, a: Placed, b: Placed): { from: number; to: number } {
  let best = { from: a.hex, to: b.hex };
  for (const to of bodyHexes(b)) {
    const from = nearestHexTo(board, a, to);
    if (distance(board, from, to) < distance(board, best.from, best.to)) best = { from, to };
  }
  return best;
}

/** The body's hex nearer to `hex` (the first on a tie): where a distance to it is measured from. */
export function nearestHexTo(board: Board, u: Placed, hex: number): number {
  const hexes = bodyHexes(u);
  return hexes.reduce(
    (best, h) => (distance(board, h, hex) < distance(board, best, hex) ? h : best),
    hexes[0] ?? -1,
  );
}

/** Stacking points (§2.3.1, sheet 000): a large unit 4, a small one 1; steps do not count. */
export function stackPoints(u: Pick<Unit, 'size'>): number {
  return u.size === 'large' ? 4 : 1;
}

/** What the unit weighs in the stack of `hex`: its points in each hex it occupies, a formation in both. */
export function stackPointsIn(u: Placed & Pick<Unit, 'size'>, hex: number): number {
  return occupies(u, hex) ? stackPoints(u) : 0;
}

/**
 * Whether the body may take facing `f` where it stands: any of the twelve
 * for one hex (§2.3); for a formation, a vertex facing at 90° to its two
 * hexes — its own or the half-turn (§3.3.3).
 */
export function facingFits(board: Board, u: Placed, f: Facing): boolean {
  if (!isTwoHex(u)) return true;
  const dir = directionTo(board, u.hex, u.secondHex!);
  return dir !== -1 && pairDirections(f).includes(dir);
}

export function facingsAllowed(board: Board, u: Placed): Facing[] {
  return FACINGS.filter((f) => facingFits(board, u, f));
}

/** The hex a formation facing `f` with a first hex `hex` would take as its second: `which` picks one of the two perpendicular hexsides; -1 off the map or for a hexside facing. */
export function secondHexFor(board: Board, hex: number, f: Facing, which: 0 | 1): number {
  const dirs = pairDirections(f);
  return dirs.length === 0 ? -1 : neighbour(board, hex, dirs[which]);
}

/** The body's invariants (docs/formations.md): a second hex only on a large troop, adjacent, at 90° to a vertex facing. */
export function bodyIsValid(board: Board, u: Body & Pick<Unit, 'kind'>): boolean {
  if (u.secondHex === undefined) return true;
  if (u.hex < 0 || u.secondHex < 0 || u.size !== 'large' || u.kind !== 'troop') return false;
  return facingFits(board, u, u.facing);
}
