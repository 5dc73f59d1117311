import { directionTo, Direction, DIRECTIONS } from '../geometry/hex';
import { directionsInZone, Facing, turnSteps } from '../geometry/facing';
import { event, GameEvent } from '../state/events';
import type { GameState, PendingLosses, Unit } from '../state/types';
import { hexsideAt, neighbour, terrainAt } from '../terrain/board';
import { formationGround } from '../units/formation-ground';
import { mayCrossHexside, mayEnterTerrain, zoneSize } from '../units/abilities';
import { bodyDistance, bodyHexes, distanceToHex, facingsAllowed, occupies, sharesHex, zoneOfHex } from '../units/body';
import { loseCohesion } from '../units/condition';
import { engagedBy } from '../units/engagement';
import { stacksWithOneSmallOnly } from '../units/formation';
import { placeInStack, stackPointsAt, STACK_LIMIT } from '../units/stacking';
import { turnKeptMates } from '../movement/withdraw-action';
import { isSteady } from './recoil';

/**
 * Recoil of a formation (§3.3.8.1, FORM-62..65). It recoils as a body, alone
 * (the simple units stacked in its hexes stay, docs/rule-decisions.md), and as little as
 * possible: a pivot back about one of its hexes — the other hex stepping
 * into the hex both touch behind, the facing turning 60° (FORM-37) — when
 * that leaves it no longer adjacent to its attacker; otherwise both hexes
 * one hex back, facing kept (FORM-50). Every recoil keeps to crossable, not
 * rough hexsides, clear terrain, no enemy, the formation's stacking, and
 * must not leave it engaged by the flank or rear (FORM-63); after a shot it
 * must also take it farther from the shooter (A-13b). None possible: a
 * step instead (FORM-64). A hedgehog never recoils (FORM-65).
 */

/** Where a formation's recoil puts it: its two hexes and its facing. */
export interface BodyPlace {
  hex: number;
  secondHex: number;
  facing: Facing;
}

interface Candidate {
  place: BodyPlace;
  pivot: boolean;
  /** The hexes that move and the hexside each crosses. */
  moves: { from: number; dir: Direction }[];
}

/** The hex both of the formation's hexes touch behind it: where a backward pivot moves one of them. */
function hexBehind(state: GameState, f: Unit): number {
  for (const d of DIRECTIONS) {
    const n = neighbour(state.board, f.hex, d);
    if (n >= 0 && directionTo(state.board, f.secondHex!, n) !== -1 && zoneOfHex(state.board, f, n) === 'rear') return n;
  }
  return -1;
}

/** The facing a recoil leaves: of the two perpendicular to the new pair, the nearer the old (kept by a step back, 60° from it after a pivot). */
export function recoilFacing(state: GameState, hex: number, secondHex: number, old: Facing): Facing {
  const options = facingsAllowed(state.board, { hex, secondHex });
  return options.reduce((best, f) => (turnSteps(old, f) < turnSteps(old, best) ? f : best), options[0]);
}

/** The four recoils of the body: two pivots back, then both hexes back across each rear hexside. */
function candidates(state: GameState, f: Unit): Candidate[] {
  const [x, y] = bodyHexes(f);
  const behind = hexBehind(state, f);
  const out: Candidate[] = [];
  if (behind >= 0) {
    for (const [stay, move] of [[x, y], [y, x]]) {
      const place = { hex: stay, secondHex: behind, facing: recoilFacing(state, stay, behind, f.facing) };
      out.push({ place, pivot: true, moves: [{ from: move, dir: directionTo(state.board, move, behind) as Direction }] });
    }
  }
  for (const dir of directionsInZone('large', f.facing, 'rear')) {
    const place = { hex: neighbour(state.board, x, dir), secondHex: neighbour(state.board, y, dir), facing: f.facing };
    out.push({ place, pivot: false, moves: [{ from: x, dir }, { from: y, dir }] });
  }
  return out;
}

/** A hexside a formation may cross: open to it and not rough (sheet 000, FORM-49). */
function crossable(state: GameState, f: Unit, from: number, dir: Direction): boolean {
  const side = hexsideAt(state.board, from, dir);
  return side !== 'rough' && mayCrossHexside(f, side);
}

/** Whether the formation may stand in `hex` it enters: formation ground (FORM-48, `formationGround`), no enemy, its stacking (FORM-38..41). */
function mayEnter(state: GameState, f: Unit, hex: number): boolean {
  if (hex < 0) return false;
  if (!formationGround(state.board, hex) || !mayEnterTerrain(f, terrainAt(state.board, hex))) return false;
  if (occupies(f, hex)) return true;
  const there = (x: { hex: number; side: string }) => x.hex === hex;
  // Covers count as enemies too: a seat's view (where the choices are computed) only shows their markers.
  if (state.units.some((u) => u.side !== f.side && occupies(u, hex)) || [...state.decoys, ...(state.covers ?? [])].some((c) => there(c) && c.side !== f.side)) return false;
  // A formation never moves onto a large unit (l.2250), a decoy standing as the unit it imitates.
  const friends = [...state.units.filter((u) => occupies(u, hex)), ...state.decoys.filter(there).map((d) => state.units.find((u) => u.id === d.mimic) ?? { size: 'large' as const })];
  if (friends.some((u) => u.size === 'large')) return false;
  if (stacksWithOneSmallOnly(f) && friends.length > 1) return false;
  return stackPointsAt(state, hex, f.id) + 4 <= STACK_LIMIT;
}

/** Tries the formation in `place` (then puts it back) and asks `judge`. */
function placedAt<T>(f: Unit, place: BodyPlace, judge: () => T): T {
  const saved = { hex: f.hex, secondHex: f.secondHex, facing: f.facing, stackRank: f.stackRank };
  Object.assign(f, place, { stackRank: -1e9 });
  try {
    return judge();
  } finally {
    Object.assign(f, saved);
  }
}

/** Engaged by an enemy standing in its flank or rear zone. */
function engagedFromFlankOrRear(state: GameState, f: Unit): boolean {
  return engagedBy(state, f).some((e) => bodyHexes(e).some((h) => {
    const z = zoneOfHex(state.board, f, h);
    return z === 'flank' || z === 'rear';
  }));
}

/** The constraints every recoil keeps (FORM-63), and for a shot the distance it must gain (A-13b). */
function meetsConstraints(state: GameState, f: Unit, c: Candidate, pending: Pick<PendingLosses, 'from'>): boolean {
  if (!c.moves.every((m) => crossable(state, f, m.from, m.dir))) return false;
  if (!bodyHexes(c.place).every((h) => mayEnter(state, f, h))) return false;
  const before = pending.from === undefined ? 0 : distanceToHex(state.board, f, pending.from);
  return placedAt(f, c.place, () => !engagedFromFlankOrRear(state, f) && (pending.from === undefined || distanceToHex(state.board, f, pending.from) > before));
}

/** Whether, once in `place`, the formation no longer touches its attacker (the condition of the pivot, l.2316). */
function clearOf(state: GameState, f: Unit, place: BodyPlace, attacker: Unit | undefined): boolean {
  return !attacker || attacker.hex < 0 || placedAt(f, place, () => bodyDistance(state.board, f, attacker) > 1);
}

/**
 * Where the formation may recoil, as little as possible (§3.3.8.1): the
 * pivots back that break contact with the attacker when there are any, else
 * both hexes back; none for a hedgehog (FORM-65), a steady formation or
 * one already engaged by its flank or rear (§2.7.5).
 */
export function formationRecoils(state: GameState, f: Unit, pending: Pick<PendingLosses, 'attacker' | 'from'>): BodyPlace[] {
  if (zoneSize(f) === 'small' || isSteady(state, f) || f.shock === 'charge' || engagedFromFlankOrRear(state, f)) return [];
  const attacker = state.units.find((u) => u.id === pending.attacker);
  const valid = candidates(state, f).filter((c) => meetsConstraints(state, f, c, pending));
  const pivots = valid.filter((c) => c.pivot && clearOf(state, f, c.place, attacker));
  return (pivots.length > 0 ? pivots : valid.filter((c) => !c.pivot)).map((c) => c.place);
}

/**
 * Carries the recoil out: the body to its new hexes and facing, on top of
 * the stacks there, no contact marker; then the cohesion level (§3.3.8: in
 * order it becomes shaken, FORM-60; shaken it breaks there, the extra step
 * of odd steps in `heavier`, §3.3.1.3).
 */
export function executeFormationRecoil(state: GameState, f: Unit, place: BodyPlace, heavier?: number): GameEvent[] {
  const from = f.hex;
  const mates = state.units.filter((o) => o.id !== f.id && sharesHex(o, f));
  Object.assign(f, place);
  f.shock = 'none';
  placeInStack(state, f, 'top');
  const moved = event({ type: 'recoiled', unit: f.id, from, to: place.hex, secondHex: place.secondHex, facing: place.facing }, '§3.3.8.1');
  // A pivot back keeps one hex: the units it shares turn with it, the stack turning as one (§2.3.1, FORM-37).
  const turned = turnKeptMates(state, f, mates);
  return [moved, ...turned, ...loseCohesion(state, f, 'recoil', '§3.3.8', heavier)];
}
