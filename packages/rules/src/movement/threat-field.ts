import type { Board, GameState, Unit } from '../state/types';
import { boardIndex } from '../terrain/board';
import { distance } from '../geometry/hex';
import { allFront } from '../units/abilities';
import { bodyRing } from '../units/body';
import { isAdjacent } from '../units/engagement';
import { Halves } from './costs';
import { boardId, FieldCache } from './field-cache';
import { MinHeap, uniformCost } from './heap';
import { bodySearch } from './formation-threat-field';
import { RecentFields } from './recent-fields';
import { offMapEntry } from './off-map';
import { moverKey, stepTable, StepTable } from './step-table';

/**
 * What it costs the threat `e` (half points) to engage a unit standing in
 * each hex (§2.5.3.1, "sans tenir compte des autres Unités"): the answer of
 * `engageCost(state, e, unit in hex)` for every hex at once (issue 9: the
 * regroup directive and the flight asked one search per hex and per threat).
 *
 * One uniform-cost search of `e`'s moves over the states of `engageCost`'s
 * (hex × facing × "reached by turning", movement/nearest-threat.ts), settled
 * lazily: a hex's value is known as soon as the first state engaging it is
 * settled (states settle cheapest first), and a question with a bound stops
 * once every state within the bound is settled, as the bounded A* searches
 * it replaces did. The field depends on the board and on the threat's start
 * and movement only, so it is kept (field-cache.ts) for every later state in
 * which the threat has not moved.
 *
 * A formation searches its own moves instead (§3.3.7,
 * formation-threat-field.ts): elementary moves of its body, clear terrain
 * only; it engages a hex next to either of its hexes in its front zone.
 */
export interface ThreatField {
  /** The cost to engage a unit in `hex`; Infinity when none, or when it is more than `bound`. */
  at(hex: number, bound?: Halves): Halves;
  /** Every hex's cost (the whole search); read only. */
  whole(): Float64Array;
  /**
   * A lower bound of `at(hex)` worked out without searching: a question
   * whose bound is below it has Infinity for answer (nearest-threat.ts asks
   * every enemy, and the far ones need not settle their field that far).
   */
  floor(hex: number): Halves;
}

const cache = new FieldCache<ThreatField>(256);

export function threatField(state: GameState, e: Unit): ThreatField {
  if (allFront(e) && e.hex >= 0) return stillField(state, e);
  // A formation moves as a body (§3.3.7): its own search, keyed by its place and its mode as well as its movement.
  if (e.secondHex !== undefined) {
    const key = `${boardId(state.board)}|${moverKey(e)}|${e.formationMode ?? 'march'}|body ${e.hex},${e.secondHex},${e.facing}`;
    return cache.get(key, () => bodyField(state.board, e));
  }
  const known = e.hex >= 0 ? recent.get(state.board, e) : undefined;
  if (known) return known;
  const start = startOf(state, e);
  const key = `${boardId(state.board)}|${moverKey(e)}|${start ? start.join(',') : 'none'}`;
  const field = cache.get(key, () => {
    const t = stepTable(state.board, e);
    return settledLazily(t.size, oneHexSearch(t, start), hexesFloor(state.board, t, start));
  });
  if (e.hex >= 0) recent.set(state.board, e, field);
  return field;
}

/**
 * A formation's field from the body place `e` names, not kept: the attack
 * directive asks one from each place a formation's move passes through
 * (formation-approach.ts keeps the values it reads instead), and keeping
 * them here would push the threats' own fields out of the cache.
 */
export function bodyField(board: Board, e: Unit): ThreatField {
  const t = stepTable(board, e);
  return settledLazily(t.size, bodySearch(board, t, e));
}

/**
 * A uniform-cost search the field settles on demand: `settleNext` settles
 * the heap's next state (a stale copy settles nothing) and lowers `field`
 * at every hex that state engages.
 */
export interface FieldSearch {
  heap: MinHeap;
  settleNext(field: Float64Array): void;
}

// On the map, a unit's field is found again without its key (recent-fields.ts).
const recent = new RecentFields<ThreatField>(256);

/**
 * A hedgehog "ne peut plus bouger" (§3.3.6, l.2274): it spends no movement
 * point, so it engages at no cost every hex around it (all its front) and
 * can never engage any other (§2.5.3.1: the threat is priced by the points
 * it would spend to engage). Adjacent as §2.3.2 judges it, stacks ignored.
 */
function stillField(state: GameState, e: Unit): ThreatField {
  const field = new Float64Array(boardIndex(state.board).size).fill(Number.POSITIVE_INFINITY);
  for (const h of bodyRing(state.board, e)) if (isAdjacent(state, e, { hex: h })) field[h] = 0;
  return { at: (hex, bound = Number.POSITIVE_INFINITY) => (field[hex] <= bound ? field[hex] : Number.POSITIVE_INFINITY), whole: () => field, floor: () => 0 };
}

/** Where the enemy starts: its hex, or, off the map, the exit hex it would come back through (nearest-threat.ts `starts`). */
function startOf(state: GameState, e: Unit): [number, number, Halves] | null {
  if (e.hex >= 0) return [e.hex, e.facing, 0];
  const entry = offMapEntry(state, e);
  return entry ? [entry.hex, entry.facing, entry.cost] : null;
}

function oneHexSearch(t: StepTable, start: [number, number, Halves] | null): FieldSearch {
  // State k = (hex × 12 + facing) × 2 + (reached by turning): one reorientation per hex is priced as a whole (§2.6.6).
  const { cost, heap, relax, settle } = uniformCost(t.size * 24);
  if (start) {
    const k = (start[0] * 12 + start[1]) * 2;
    cost[k] = start[2];
    heap.push(k);
  }
  const nb = t.neighbours;
  const settleNext = (field: Float64Array): void => {
    const k = settle();
    if (k < 0) return;
    const c = cost[k];
    const hex = (k / 24) | 0;
    const facing = (k >> 1) % 12;
    // The hexes this state engages (the target adjacent and in the front zone, §2.3.2, stacks ignored).
    for (let d = 0; d < 6; d++) {
      const n = nb[hex * 6 + d];
      if (n >= 0 && c < field[n] && t.front[facing * 6 + d] && t.adjacent[hex * 6 + d])
        field[n] = c;
    }
    if ((k & 1) === 0)
      for (let f = 0; f < 12; f++)
        if (f !== facing) relax((hex * 12 + f) * 2 + 1, c + t.turn[facing * 12 + f]);
    for (let d = 0; d < 6; d++) {
      const h = t.halves[hex * 6 + d];
      if (t.front[facing * 6 + d] && h !== Number.POSITIVE_INFINITY)
        relax((nb[hex * 6 + d] * 12 + facing) * 2, c + h);
    }
  };
  return { heap, settleNext };
}

/**
 * A one-hex threat's floor: to engage a unit in `hex` it must stand next to
 * it, so cover all but one of the hexes between, each at no less than its
 * cheapest step, after what reaching its start cost (§2.5.3.1, §2.6.10).
 */
function hexesFloor(board: Board, t: StepTable, start: [number, number, Halves] | null): (hex: number) => Halves {
  if (!start) return () => 0;
  return (hex) => start[2] + Math.max(0, distance(board, start[0], hex) - 1) * t.cheapestStep;
}

/** The field of a search, settled only as far as the questions need (states settle cheapest first). */
function settledLazily(size: number, search: FieldSearch, floor: (hex: number) => Halves = () => 0): ThreatField {
  const field = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  const { heap } = search;
  return {
    at(hex, bound = Number.POSITIVE_INFINITY) {
      while (
        field[hex] === Number.POSITIVE_INFINITY &&
        heap.size > 0 &&
        heap.peekPriority() <= bound
      )
        search.settleNext(field);
      return field[hex] <= bound ? field[hex] : Number.POSITIVE_INFINITY;
    },
    whole() {
      while (heap.size > 0) search.settleNext(field);
      return field;
    },
    floor,
  };
}
