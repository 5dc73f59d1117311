import { directiveFor, holdsSpecialOrder } from '../command/situation';
import type { Direction } from '../geometry/hex';
import { boardIndex, hexsideAt, hexsideInfo, terrainAt, terrainInfo } from '../terrain/board';
import type { Board, GameState, Unit } from '../state/types';
import { breathCanWorsen } from '../units/condition';
import { engagedTargets } from '../units/engagement';
import { neverCharges } from '../units/formation';
import type { MoveMode } from './mover';
import type { WalkState } from './walker';

/**
 * La Charge (§2.6.9). A unit may take a charge marker at the end of a
 * movement action when it is free of its directive or under an attack
 * directive, neither shaken nor exhausted, and its last two elementary moves
 * went hex to hex into clear terrain across clear or road hexsides without a
 * reorientation. A unit that starts its move with a charge marker keeps it
 * after a single such hex if it ends engaging an enemy.
 *
 * The walker tracks this as a small counter (`chargeRun`) so the search can
 * tell, for every arrival, whether a charge marker is open there.
 */
export const CHARGE_RUN = {
  none: 0,
  oneHex: 1,
  open: 2,
  /** Started with a charge marker, not yet moved. */
  momentum: 3,
  /** Started with a charge marker, one qualifying hex since. */
  momentumOneHex: 4,
} as const;

/**
 * Whether the unit may hold a charge marker at the end of this move: free
 * (special order, character, autonomous) or under an attack directive
 * (§2.5, command/situation.ts), not shaken, and not exhausted once the mode
 * has taken its breath (§2.6.4–2.6.5). Never a formation (§3.3.7, FORM-10).
 */
export function mayCharge(state: GameState, unit: Unit, mode: MoveMode): boolean {
  if (neverCharges(unit)) return false;
  if (unit.cohesion !== 'inOrder' || unit.breath === 'exhausted') return false;
  // A tireless unit takes no breath for the mode (§3.1).
  if (mode !== 'normal' && unit.breath === 'winded' && breathCanWorsen(unit)) return false;
  const directive = directiveFor(state, unit);
  return directive === null || directive === 'attack';
}

export function startChargeRun(unit: Unit, eligible: boolean): number {
  if (!eligible) return CHARGE_RUN.none;
  return unit.shock === 'charge' ? CHARGE_RUN.momentum : CHARGE_RUN.none;
}

/** A hex step keeps the run going only into clear terrain across a clear or road hexside (terrain data `chargeAllowed`). */
export function stepKeepsCharge(state: GameState, from: number, dir: Direction): boolean {
  return chargeSides(state.board)[from * 6 + dir] === 1;
}

const sidesCache = new WeakMap<Board, Uint8Array>();

/** Per hex and direction, whether that step keeps a charge; built once per board, as the search asks it at every step. */
export function chargeSides(board: Board): Uint8Array {
  let table = sidesCache.get(board);
  if (table) return table;
  const idx = boardIndex(board);
  table = new Uint8Array(idx.size * 6);
  for (let h = 0; h < idx.size; h++) {
    for (let d = 0; d < 6; d++) {
      const to = idx.neighbours[h * 6 + d];
      const ok = to >= 0 && terrainInfo(terrainAt(board, to)).chargeAllowed && hexsideInfo(hexsideAt(board, h, d as Direction)).chargeAllowed;
      table[h * 6 + d] = ok ? 1 : 0;
    }
  }
  sidesCache.set(board, table);
  return table;
}

export function nextChargeRun(run: number, keeps: boolean, eligible: boolean): number {
  if (!eligible || !keeps) return CHARGE_RUN.none;
  if (run === CHARGE_RUN.none) return CHARGE_RUN.oneHex;
  if (run === CHARGE_RUN.momentum) return CHARGE_RUN.momentumOneHex;
  return CHARGE_RUN.open;
}

const RANK = [0, 2, 4, 1, 3];

/** Order of usefulness of the runs (none < momentum < one hex < momentum + one hex < open), for the search's dominance test. */
export function chargeRank(run: number): number {
  return RANK[run];
}

/** A charge marker is open at this arrival: two qualifying hexes, or the momentum hex ending engaging. */
export function chargeOpenAt(run: number, engaging: boolean): boolean {
  return run === CHARGE_RUN.open || (run === CHARGE_RUN.momentumOneHex && engaging);
}

/** Whether the move, stopped at `ws`, may end with a charge marker (never off the map, §2.6.10). */
export function chargeOpenAfter(ws: WalkState): boolean {
  if (ws.ended === 'exit') return false;
  const engaging = ws.ended === 'engaged' || ws.ended === 'engaging' || ws.engagingRun;
  return chargeOpenAt(ws.chargeRun, engaging);
}

/**
 * Whether a unit that began its move with a charge marker still holds it
 * (§2.6.9: no reorientation, no hex that breaks the run), as "une Unité qui
 * Charge" that may pursue across the edge (§2.6.10).
 */
export function chargeKept(unit: Unit, run: number): boolean {
  return unit.shock === 'charge' && (run === CHARGE_RUN.momentum || run === CHARGE_RUN.momentumOneHex || run === CHARGE_RUN.open);
}

/**
 * The obligation of a charging unit without a special order (§2.6.9): it
 * obeys an attack directive and must act — advance at least two hexes (one
 * if it cannot) by a movement action when it engages nobody, else shock.
 * Null when the unit owes nothing. The forced-action rules enforce it.
 */
export function mustChargeOn(state: GameState, unit: Unit): { engaging: boolean } | null {
  if (unit.shock !== 'charge' || unit.hex < 0 || holdsSpecialOrder(state, unit)) return null;
  return { engaging: engagedTargets(state, unit).length > 0 };
}

/** Whether a charging unit without special order is barred from withdrawing, fleeing or firing (§2.6.9). */
export function chargeForbidsRetreat(state: GameState, unit: Unit): boolean {
  return unit.shock === 'charge' && !holdsSpecialOrder(state, unit);
}
