/**
 * Where each counter of a stack sits in its hex (issue 11: "stacks fanned or
 * offset so every unit shows"). Counters are shingled like a hand of cards:
 * each one behind is drawn higher by `BAND`, the height of a counter's head
 * (type symbol, steps, first line of the name), so the front counters never
 * cover that head. A tall stack is scaled down to stay about one hex high.
 * Pure: tested without Pixi.
 */

/**
 * Troop and cover counters; characters are smaller tokens. A troop counter is
 * at most a few pixels wider than the 69 px between two columns of hexes, so
 * counters side by side in a battle line barely touch.
 */
export const TROOP = { w: 74, h: 68 } as const;
export const CHARACTER = { w: 64, h: 58 } as const;
/** Where the name starts below a counter's top edge, and the height of its first line at the largest font. */
export const NAME_TOP = 20;
export const NAME_LINE = 15.5;
/** Centre line and height of the row of state markers, below a counter's top edge. */
export const MARKER_ROW = 28;
export const MARKER_HEIGHT = 16;
/** Height of a counter's head (symbol and steps, then the name's first line), from its top edge: what a counter behind keeps visible. */
export const BAND = 37;
/** A stack taller than this (world pixels) is scaled down. */
export const MAX_STACK_HEIGHT = 88;

export interface Placed {
  /** Centre of the counter relative to the hex centre, in world pixels. */
  x: number;
  y: number;
  scale: number;
}

/** Positions of a stack's counters, front first, from their heights (front first). */
export function stackLayout(heights: readonly number[]): Placed[] {
  const n = heights.length;
  if (n === 0) return [];
  // tops relative to the front counter's top, before scaling: each one behind is BAND higher
  const tops = heights.map((_, k) => -k * BAND);
  const top = Math.min(...tops);
  const bottom = Math.max(...heights.map((h, k) => tops[k] + h));
  const total = bottom - top;
  const scale = n === 1 ? 1 : Math.min(1, MAX_STACK_HEIGHT / total);
  // centre the whole shingle on the hex centre
  const mid = (top + bottom) / 2;
  return heights.map((h, k) => ({ x: 0, y: (tops[k] + h / 2 - mid) * scale, scale }));
}
