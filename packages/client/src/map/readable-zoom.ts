import { R, type Point } from './layout';

/**
 * How far the map zooms in to show a preview a player must read (a
 * formation's pivot on a phone, issue 10): a hex at least this many screen
 * pixels in radius, where the whole map fitted in a narrow screen leaves
 * its counters and paths too small to make out.
 */
export const READABLE_RADIUS = 26;

/** The zoom to read at: the current one when its hexes are big enough (the player's own zoom kept), else the smallest that is, within `max`. */
export function readableZoom(scale: number, max: number, radius = READABLE_RADIUS): number {
  return scale * R >= radius ? scale : Math.min(max, radius / R);
}

/** The middle of some points (the hexes to keep in view). */
export function middleOf(points: Point[]): Point {
  const n = Math.max(points.length, 1);
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}
