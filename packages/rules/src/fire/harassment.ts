import { zoneOf } from '../geometry/facing';
import { directionTo, distance, Direction } from '../geometry/hex';
import { neighbourTable } from '../geometry/neighbours';
import { enemyCovers } from '../fog/covers';
import { stepCost } from '../movement/costs';
import type { GameState, Unit } from '../state/types';
import { stackPoints, stackPointsAt, STACK_LIMIT } from '../units/stacking';
import { zoneSize } from '../units/abilities';
import { occupies } from '../units/body';

/**
 * Harassment (§3.2.4.1): no line of sight; the shot is allowed when the
 * harasser could — without doing so — move into the hex between it and its
 * target. Read: a hex next to both, in the harasser's front zone, that
 * a movement action could enter now: terrain and hexside open to it, no
 * enemy (a unit in the open or a cover marker), stacking respected; its cost
 * does not matter. Next to its target, nothing lies between: always allowed.
 * Works on the harasser's side's view, so no hidden unit weighs on it.
 */
export function harassmentOpen(view: GameState, a: Unit, targetHex: number): boolean {
  const d = distance(view.board, a.hex, targetHex);
  if (d <= 1) return true;
  return betweenHexes(view, a.hex, targetHex).some((h) => couldEnter(view, a, h));
}

/** Hexes next to both `from` and `to`: for two hexes two apart, one or two of them. */
function betweenHexes(view: GameState, from: number, to: number): number[] {
  const table = neighbourTable(view.board);
  const out: number[] = [];
  for (let dir = 0; dir < 6; dir++) {
    const h = table[from * 6 + dir];
    if (h >= 0 && distance(view.board, h, to) === 1) out.push(h);
  }
  return out;
}

function couldEnter(view: GameState, a: Unit, hex: number): boolean {
  const dir = directionTo(view.board, a.hex, hex) as Direction;
  if (zoneOf(zoneSize(a), a.facing, dir) !== 'front') return false;
  if (stepCost(view.board, a, a.hex, dir).kind === 'forbidden') return false;
  const enemyThere = view.units.some((u) => occupies(u, hex) && u.side !== a.side) || enemyCovers(view, a.side).some((c) => c.hex === hex);
  if (enemyThere) return false;
  return stackPointsAt(view, hex) + stackPoints(a) <= STACK_LIMIT;
}
