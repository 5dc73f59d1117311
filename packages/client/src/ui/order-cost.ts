import type { OrderOption } from '@lames/rules';

/**
 * The points a player states for an order to one of their decoys (sheet 000,
 * *Leurres*; §2.5.9): the decoy pays what its owner says, so that the other
 * side reads the same cost a hidden unit would show. At least 1, at most the
 * points left; proposed: what the imitated unit would pay there.
 */

export interface StatedCost {
  min: number;
  max: number;
  /** The proposal, inside the bounds. */
  value: number;
}

/** Whether the player states this order's cost (a decoy) rather than the rules computing it (a unit). */
export const statesCost = (o: OrderOption): boolean => o.statedCost === true;

/** The bounds and the proposal; null when no point is left to state (the order cannot be given). */
export function statedCost(o: OrderOption, left: number | null): StatedCost | null {
  const max = left ?? Math.max(1, o.cost);
  if (max < 1) return null;
  return { min: 1, max, value: Math.min(max, Math.max(1, Math.round(o.cost))) };
}

/** The points typed in, when they are a whole number inside the bounds; null otherwise. */
export function readStated(raw: string, bounds: StatedCost): number | null {
  if (!/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= bounds.min && n <= bounds.max ? n : null;
}
