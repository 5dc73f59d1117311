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
export function harassmentOpen(view: GameState, a: Unit, targetHex: number, enterable: Enterable = hexEnterable): boolean {
  const d = distance(view.board, a.hex, targetHex);
  if (d <= 1) return true;
  return betweenHexes(view, a.hex, targetHex).some((h) => couldEnter(view, a, h, enterable));
}

/**
 * Whether the harasser could enter `hex`, next to it, leaving its facing
 * aside (the front zone is asked apart): a caller asking for the twelve
 * facings of many hexes (the attack directive's preview) may remember it
 * per pair of hexes (`enterableOnce`).
 */
export type Enterable = (view: GameState, a: Unit, hex: number) => boolean;

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

function couldEnter(view: GameState, a: Unit, hex: number, enterable: Enterable): boolean {
  const dir = directionTo(view.board, a.hex, hex) as Direction;
  return zoneOf(zoneSize(a), a.facing, dir) === 'front' && enterable(view, a, hex);
}

/** Terrain and hexside open to it, no enemy (a unit in the open or a cover marker), stacking respected: the same whatever its facing. */
function hexEnterable(view: GameState, a: Unit, hex: number): boolean {
  const dir = directionTo(view.board, a.hex, hex) as Direction;
  if (stepCost(view.board, a, a.hex, dir).kind === 'forbidden') return false;
  const enemyThere = view.units.some((u) => occupies(u, hex) && u.side !== a.side) || enemyCovers(view, a.side).some((c) => c.hex === hex);
  if (enemyThere) return false;
  return stackPointsAt(view, hex) + stackPoints(a) <= STACK_LIMIT;
}

/** `hexEnterable` remembered per harasser's hex and hex entered, for one unit in one view (its facing changes nothing there). */
export function enterableOnce(): Enterable {
  const known = new Map<number, boolean>();
  return (view, a, hex) => {
    const key = a.hex * 1_000_000 + hex;
    let ok = known.get(key);
    if (ok === undefined) known.set(key, (ok = hexEnterable(view, a, hex)));
    return ok;
  };
}
