import type { GameState, Unit } from '../state/types';
import { lineOfSight } from './line-of-sight';
import { bodyHexes } from '../units/body';

/**
 * Line of sight (§3.2.4; sheet 000 *Ligne de Vue*, which wins, A-9). One
 * implementation for fire, spell targeting, hiding and revealing (LOS-17).
 */
export { lineOfSight, crossedCount } from './line-of-sight';
export type { Sight, SightRule } from './line-of-sight';

/**
 * Whether two units see each other: sheet 000's first lines that apply,
 * then the board's line between their hexes. The sheet begins with the
 * units' positions — to or from a unit in high flight always, in deep
 * infiltration never (LOS-02) —; units have no position yet (WP5), and those
 * lines will plug in here, before the board's. A unit off the map (§2.6.10)
 * is on no hex: it sees nothing and is not seen.
 */
export function unitsSeeEachOther(state: GameState, a: Unit, b: Unit): boolean {
  if (a.offMap || b.offMap) return false;
  // A formation sees and is seen from either of its hexes (A-69: a shooter aims at a hex meeting every condition).
  return bodyHexes(a).some((from) => bodyHexes(b).some((to) => lineOfSight(state.board, from, to).visible));
}
