import { distance, offsetOf } from '../geometry/hex';
import type { Board } from '../state/types';
import { altitudesOf } from './altitude';
import { crossingsOf, NEAR_SOURCE, NEAR_TARGET } from './crossing';

/**
 * Line of sight between two hexes of a board (§3.2.4; sheet 000 *Ligne de
 * Vue*, which wins over the book, A-9). Board only: units never block
 * (LOS-13), so the answer tells nothing of the pieces on the map.
 */

/** The line of sheet 000 *Ligne de Vue* that decided. */
export type SightRule =
  /** "Vers une Unité Adjacente, elle est toujours accordée" (and within one hex). */
  | 'adjacent'
  /** No crossed hex blocks. */
  | 'clear'
  /** A crossed hex's effective altitude is higher than both ends' ground altitudes. */
  | 'higherThanBoth'
  /** Source below target: a hex strictly closer to the source has the target's altitude. */
  | 'sourceBelowNearSource'
  /** Source below target: the first hex crossed is higher than the source. */
  | 'sourceBelowFirstHex'
  /** Source above target: a hex strictly closer to the target has the source's altitude. */
  | 'sourceAboveNearTarget'
  /** Source above target: the last hex crossed is higher than the target. */
  | 'sourceAboveLastHex'
  /** The line runs along hexsides and is blocked through one hex of a pair only: the sheet needs both clear. */
  | 'alongHexside';

export interface Sight {
  visible: boolean;
  /** The hexes the line crosses, from the source on; both hexes of a pair when it runs along a hexside. Ends excluded (LOS-04). */
  crossed: number[];
  /** The hex that blocks, when not visible. */
  blockedBy?: number;
  rule: SightRule;
  /** For rule 'alongHexside': the rule that blocks the line through the other hex of the pair. */
  because?: SightRule;
  /** Whether the line runs exactly along hexsides (LOS-11). */
  alongHexside: boolean;
}

interface Block {
  rule: SightRule;
  hex: number;
}

/** A line through the board: the crossed hexes in order (−1 off the map: it never blocks) and where each lies. */
interface Line {
  hexes: number[];
  places: number[];
}

/** The first hex of `line` that `blocks`, as a Block of `rule`. */
function firstBlocking(line: Line, rule: SightRule, blocks: (hex: number, place: number) => boolean): Block | null {
  for (let i = 0; i < line.hexes.length; i++) {
    const hex = line.hexes[i];
    if (hex >= 0 && blocks(hex, line.places[i])) return { rule, hex };
  }
  return null;
}

/** The sheet's altitude lines, in its order, for one line of hexes between ground altitudes `source` and `target`. */
function judge(line: Line, eff: Float64Array, source: number, target: number): Block | null {
  const higher = firstBlocking(line, 'higherThanBoth', (h) => eff[h] > source && eff[h] > target);
  if (higher) return higher;
  const n = line.hexes.length;
  if (source < target) {
    const near = firstBlocking(line, 'sourceBelowNearSource', (h, place) => place === NEAR_SOURCE && eff[h] === target);
    if (near) return near;
    const first = line.hexes[0];
    if (n > 0 && first >= 0 && eff[first] > source) return { rule: 'sourceBelowFirstHex', hex: first };
  }
  if (source > target) {
    const near = firstBlocking(line, 'sourceAboveNearTarget', (h, place) => place === NEAR_TARGET && eff[h] === source);
    if (near) return near;
    const last = line.hexes[n - 1];
    if (n > 0 && last >= 0 && eff[last] > target) return { rule: 'sourceAboveLastHex', hex: last };
  }
  return null;
}

const cubeX = (col: number) => col;
const cubeZ = (col: number, row: number) => row - (col - (col & 1)) / 2;

/**
 * The lines from `from` to `to`: `all` the hexes crossed, both of each pair
 * along a hexside; `sides` the line through each side of those pairs (one
 * line when it runs along no hexside).
 */
function linesBetween(board: Board, from: number, to: number): { all: Line; sides: Line[] } {
  const a = offsetOf(board, from);
  const b = offsetOf(board, to);
  const ax = cubeX(a.col);
  const az = cubeZ(a.col, a.row);
  const crossings = crossingsOf(cubeX(b.col) - ax, cubeZ(b.col, b.row) - az);
  const { data, length } = crossings;
  const through = (keep: (side: number) => boolean): Line => {
    const line: Line = { hexes: [], places: [] };
    for (let i = 0; i < length; i++) {
      if (!keep(data[i * 4 + 2])) continue;
      const x = ax + data[i * 4];
      const row = az + data[i * 4 + 1] + (x - (x & 1)) / 2;
      const onMap = x >= 0 && row >= 0 && x < board.cols && row < board.rows;
      line.hexes.push(onMap ? row * board.cols + x : -1);
      line.places.push(data[i * 4 + 3]);
    }
    return line;
  };
  const all = through(() => true);
  if (!crossings.alongHexside) return { all, sides: [all] };
  return { all, sides: [through((s) => s >= 0), through((s) => s <= 0)] };
}

/**
 * Line of sight from hex `from` to hex `to` (§3.2.4, sheet 000). Adjacent
 * hexes always see each other; otherwise the line from centre to centre is
 * judged hex by hex, and along a hexside it must be clear through both hexes
 * of every pair (LOS-11): the two lines, one through each side, are judged
 * apart and both must be clear.
 */
export function lineOfSight(board: Board, from: number, to: number): Sight {
  if (distance(board, from, to) <= 1) return { visible: true, crossed: [], rule: 'adjacent', alongHexside: false };
  const { ground, effective } = altitudesOf(board);
  const { all, sides } = linesBetween(board, from, to);
  const crossed = all.hexes.filter((h) => h >= 0);
  const alongHexside = sides.length > 1;
  const blocks = sides.map((line) => judge(line, effective, ground[from], ground[to]));
  const blocked = blocks.filter((b): b is Block => b !== null);
  if (blocked.length === 0) return { visible: true, crossed, rule: 'clear', alongHexside };
  const first = blocked[0];
  if (blocked.length < blocks.length) return { visible: false, crossed, blockedBy: first.hex, rule: 'alongHexside', because: first.rule, alongHexside };
  return { visible: false, crossed, blockedBy: first.hex, rule: first.rule, alongHexside };
}

/**
 * Hexes a shot's line crosses, for the range modifiers (§3.2.2, A-10): the
 * hexes between the two, ends excluded — distance steps, so a line along a
 * hexside counts one hex per pair.
 */
export function crossedCount(board: Board, from: number, to: number): number {
  return Math.max(0, distance(board, from, to) - 1);
}
