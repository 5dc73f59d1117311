import { movementClass, movementTable } from '../data';
import { FACINGS, Facing, zoneOf } from '../geometry/facing';
import { Direction, DIRECTIONS, directionTo, distance } from '../geometry/hex';
import { boardIndex, neighbour } from '../terrain/board';
import type { GameState, Unit } from '../state/types';
import { allFront, movementPoints, zoneSize } from '../units/abilities';
import { bodyHexes } from '../units/body';
import { isAdjacent } from '../units/engagement';
import { Halves, reorientCost, stepCost, toHalves, toPoints } from './costs';
import { MinHeap } from './heap';
import { offMapEntry } from './off-map';
import { threatField, ThreatField } from './threat-field';
import { nearestFirst } from '../geometry/nearest-first';
import { answerAbout } from '../fog/view';

/**
 * La Menace La Plus Proche (§2.5.3.1): the enemy units whose movement-point
 * cost to ENGAGE the unit is lowest, "sans tenir compte des autres Unités".
 * Costs are the enemy's own (its movement class): a hex only minimal
 * movement can enter counts 150 % of its capacity (§2.6.5), reorientations
 * it needs count (§2.6.6), other units are ignored. Only enemies the state
 * shows in the open count: hidden units and covers are no threat (project
 * decision, docs/rule-decisions.md), so a seat's view and the server agree.
 * Routed enemies engage nobody (§2.3.2) and are no threat either.
 */
export interface NearestThreats {
  units: Unit[];
  /** Movement points the nearest threats need; Infinity when none can engage. */
  distance: number;
}

export function nearestThreats(state: GameState, unit: Unit): NearestThreats {
  // The answer reads of the unit only its side and its hexes: one per place and side within a scope of shared views (fog/view.ts `answerAbout`), frozen since its callers share it.
  return answerAbout(state, `nearestThreats ${unit.side} ${unit.hex} ${unit.secondHex}`, () => {
    const found = searchNearestThreats(state, unit);
    Object.freeze(found.units);
    return Object.freeze(found);
  });
}

function searchNearestThreats(state: GameState, unit: Unit): NearestThreats {
  let best = Number.POSITIVE_INFINITY;
  let units: Unit[] = [];
  // Nearest in hexes first, so that the bound prunes the later searches early.
  const hexes = (e: Unit) => distance(state.board, e.hex >= 0 ? e.hex : e.offMap!.hex, unit.hex);
  for (const e of nearestFirst(threatCandidates(state, unit), hexes)) {
    // A formation is engaged by engaging either of its hexes: the nearer counts.
    const d = engageFrom(threatField(state, e), unit, best);
    if (d < best) [best, units] = [d, [e]];
    else if (d === best && d < Number.POSITIVE_INFINITY) units.push(e);
  }
  return { units, distance: toPoints(best) };
}

/**
 * The nearer of the unit's hexes in the threat's field, within `bound`:
 * `Math.min(...bodyHexes(unit).map(at))` without its two arrays, asked once
 * per enemy by every nearest-threat question (issue 9). Off the map, none.
 */
function engageFrom(field: ThreatField, unit: Unit, bound: Halves): Halves {
  if (unit.hex < 0) return Number.POSITIVE_INFINITY;
  const first = within(field, unit.hex, bound);
  return unit.secondHex === undefined ? first : Math.min(first, within(field, unit.secondHex, bound));
}

/** `field.at(hex, bound)`, Infinity straight away when the field's floor is above the bound: a far enemy's field is not settled that far (issue 9). */
function within(field: ThreatField, hex: number, bound: Halves): Halves {
  return field.floor(hex) > bound ? Number.POSITIVE_INFINITY : field.at(hex, bound);
}

/** Enemies in the open, not routed, on the map or off it this turn behind an edge (§2.6.10). */
function threatCandidates(state: GameState, unit: Unit): Unit[] {
  return state.units.filter(
    (e) => e.side !== unit.side && !e.hidden && !e.destroyed && e.cohesion !== 'routed' && (e.hex >= 0 || (e.offMap && e.offMap.turn === state.turn)),
  );
}

/**
 * Cheapest cost, in half points, for `e` to stand next to `target` with it in
 * its front zone (uniform-cost search over hex × facing on terrain only).
 * Stops early once no path can beat `bound`. A formation's and a hedgehog's
 * answer is their threat field's (threat-field.ts), which prices their own
 * moves; a one-hex unit's field gives this search's answer for every hex.
 */
export function engageCost(state: GameState, e: Unit, target: Unit, bound: Halves = Number.POSITIVE_INFINITY): Halves {
  // A hedgehog cannot move (§3.3.6), a formation moves as a body (§3.3.7): their field is the one answer (threat-field.ts).
  // A formation is engaged by engaging either of its hexes: the nearer counts.
  if (target.secondHex !== undefined && target.hex >= 0)
    return Math.min(...bodyHexes(target).map((hex) => engageCost(state, e, { ...target, hex, secondHex: undefined }, bound)));
  if ((allFront(e) && e.hex >= 0) || e.secondHex !== undefined) return threatField(state, e).at(target.hex, bound);
  let found: Halves = Number.POSITIVE_INFINITY;
  searchFrom(
    state,
    e,
    (hex, facing, c, estimate) => {
      if (estimate > bound) return true;
      if (!wouldEngage(state, e, hex, facing, target.hex)) return false;
      found = c;
      return true;
    },
    target.hex,
  );
  return found;
}

/**
 * Cheapest cost, in half points, for `unit` to stand in edge hex `hex` with
 * edge hexside `dir` in its front zone, ready to leave the map there: how
 * near it is to an enemy that left by that hexside this turn (§2.6.10).
 */
export function exitCost(state: GameState, unit: Unit, hex: number, dir: Direction, bound: Halves = Number.POSITIVE_INFINITY): Halves {
  let found: Halves = Number.POSITIVE_INFINITY;
  searchFrom(
    state,
    unit,
    (h, facing, c, estimate) => {
      if (estimate > bound) return true;
      if (h !== hex || zoneOf(zoneSize(unit), facing, dir) !== 'front') return false;
      found = c;
      return true;
    },
    hex,
  );
  return found;
}


/**
 * Uniform-cost search of `e`'s moves over hex × facing; `visit` returns true
 * to stop. With a target hex it is an A* search: the estimate adds the
 * cheapest hex cost of the class for every hex still between (a lower bound,
 * so the first engaging state reached is still the cheapest).
 */
function searchFrom(state: GameState, e: Unit, visit: (hex: number, facing: Facing, cost: Halves, estimate: Halves) => boolean, target = -1): void {
  const board = state.board;
  const size = boardIndex(board).size;
  // A state is hex × facing × "reached by turning": one reorientation per hex is priced as a whole (first step, then each further one, §2.6.6), never as a chain of first steps.
  const cost = new Float64Array(size * 24).fill(Number.POSITIVE_INFINITY);
  const perHex = target >= 0 ? cheapestHex(e) : 0;
  const h = (hex: number) => (perHex === 0 ? 0 : Math.max(0, distance(board, hex, target) - 1) * perHex);
  const heuristic = new Float64Array(size).fill(-1);
  const est = (k: number) => {
    const hex = Math.floor(k / 24);
    if (heuristic[hex] < 0) heuristic[hex] = h(hex);
    return cost[k] + heuristic[hex];
  };
  const heap = new MinHeap(est);
  for (const [hex, facing, c] of starts(state, e)) {
    cost[(hex * 12 + facing) * 2] = c;
    heap.push((hex * 12 + facing) * 2);
  }
  const done = new Uint8Array(size * 24);
  const minimal = toHalves(movementPoints(e) * movementTable.minimalMovementDistanceFactor);
  const relax = (nk: number, c: Halves) => {
    if (!done[nk] && c < cost[nk]) {
      cost[nk] = c;
      heap.push(nk);
    }
  };
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    if (done[k]) continue;
    done[k] = 1;
    const hex = Math.floor(k / 24);
    const facing = (k >> 1) % 12;
    if (visit(hex, facing, cost[k], est(k))) return;
    if ((k & 1) === 0) for (const f of FACINGS) if (f !== facing) relax((hex * 12 + f) * 2 + 1, cost[k] + reorientCost(e, facing, f));
    for (const d of DIRECTIONS) {
      if (zoneOf(zoneSize(e), facing, d) !== 'front') continue;
      const sc = stepCost(board, e, hex, d);
      if (sc.kind === 'forbidden') continue;
      relax((neighbour(board, hex, d) * 12 + facing) * 2, cost[k] + (sc.kind === 'minimal' ? minimal : sc.halves));
    }
  }
}

/** The cheapest a hex can cost the unit's class (half points): terrain or road, never below. */
function cheapestHex(e: Unit): Halves {
  const row = movementClass(e.profiles.movement.class);
  const costs = [...Object.values(row.terrain), row.road].filter((c): c is number => typeof c === 'number');
  return costs.length > 0 ? toHalves(Math.min(...costs)) : 0;
}

/** Where the enemy starts: its hex, or, off the map, the exit hex it would come back through. */
function starts(state: GameState, e: Unit): Array<[number, Facing, Halves]> {
  if (e.hex >= 0) return [[e.hex, e.facing, 0]];
  const entry = offMapEntry(state, e);
  return entry ? [[entry.hex, entry.facing, entry.cost]] : [];
}

/** The geometry of engagement (§2.3.2), stacks ignored: the target adjacent and in the front zone. */
function wouldEngage(state: GameState, e: Unit, hex: number, facing: Facing, targetHex: number): boolean {
  const dir = directionTo(state.board, hex, targetHex);
  if (dir === -1) return false;
  if (zoneOf(zoneSize(e), facing, dir as Direction) !== 'front') return false;
  return isAdjacent(state, { ...e, hex, facing }, { hex: targetHex });
}
