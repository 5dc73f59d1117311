import type { Facing } from '../geometry/facing';
import type { Direction } from '../geometry/hex';
import type { Unit } from '../state/types';
import type { Arrival, MoveStep } from './reachable';
import type { MoveEnd } from './walker';

/** Where the mover stands after a step of its move: a formation's other hex as well (§3.3.7). */
export interface PathPosition {
  hex: number;
  facing: Facing;
  second?: number;
}

/**
 * The arrivals a search found, each built only when asked (issue 9): the
 * preview's directive filter reads where each move ends, at what cost and
 * through which positions, and a directive keeps as little as a tenth of
 * them, so the others' steps and objects are never made.
 */
export interface ArrivalSet {
  readonly size: number;
  /** Where arrival `i` ends (off the map: the edge hex it left from). */
  hex(i: number): number;
  /** Movement points spent. */
  cost(i: number): number;
  ends(i: number): MoveEnd | null;
  /** The edge hexside crossed, when the move leaves the map (§2.6.10). */
  exit(i: number): Direction | undefined;
  /** The mover's position after each step, the step off the map left out (it enters no hex). */
  positions(i: number): PathPosition[];
  arrival(i: number): Arrival;
}

/** Every arrival of a set, built, in its order. */
export function allArrivals(set: ArrivalSet): Arrival[] {
  const out: Arrival[] = new Array(set.size);
  for (let i = 0; i < set.size; i++) out[i] = set.arrival(i);
  return out;
}

/** A set over arrivals already built (a formation's search builds its own, with its trail). */
export function builtArrivals(unit: Unit, arrivals: Arrival[]): ArrivalSet {
  return {
    size: arrivals.length,
    hex: (i) => arrivals[i].hex,
    cost: (i) => arrivals[i].cost,
    ends: (i) => arrivals[i].ends,
    exit: (i) => arrivals[i].exit,
    // A formation's positions are its trail (§3.3.7: a pivot moves both hexes).
    positions: (i) => {
      const a = arrivals[i];
      return a.trail
        ? a.trail.map((t) => ({ hex: t.hex, second: t.second, facing: t.facing }))
        : positionsAlong(unit, a.steps as MoveStep[]);
    },
    arrival: (i) => arrivals[i],
  };
}

/** A one-hex unit's position after each step, from where it stands, the step off the map left out (it enters no hex). */
export function positionsAlong(
  unit: Pick<Unit, 'hex' | 'facing'>,
  steps: MoveStep[],
): PathPosition[] {
  let at: PathPosition = { hex: unit.hex, facing: unit.facing };
  const path: PathPosition[] = [];
  for (const step of steps) {
    if ('exit' in step) continue;
    at = 'to' in step ? { hex: step.to, facing: at.facing } : { hex: at.hex, facing: step.face };
    path.push(at);
  }
  return path;
}
