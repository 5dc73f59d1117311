import { terrainTable } from '../data';
// Not through the data index's re-export (a getter on every read, terrain/board.ts).
import { TERRAINS } from '../data/schemas';
import { boardIndex } from '../terrain/board';
import type { Board } from '../state/types';

/**
 * Ground and effective altitudes of a board's hexes (sheet 000 *Ligne de
 * Vue*, LOS-05): the effective altitude is the ground altitude plus the
 * terrain's `effectiveAltitudeBonus` — ½ for any terrain but clear, water and
 * lava, the sheet's reading. Features (wood, village…) add nothing of
 * their own: the sheet names the terrain, and a wood's difficulty is its
 * terrain. Both arrays are float64 from the scenario's numbers, so that the
 * sheet's "equal" compares like with like.
 */
export interface Altitudes {
  readonly ground: Float64Array;
  readonly effective: Float64Array;
}

const BONUS = TERRAINS.map((t) => terrainTable.terrains.find((x) => x.id === t)?.effectiveAltitudeBonus ?? 0);

const cache = new WeakMap<Board, Altitudes>();

/** The altitudes of `board`, built once per board (boards never change in play). */
export function altitudesOf(board: Board): Altitudes {
  let found = cache.get(board);
  if (found) return found;
  const { terrain, size } = boardIndex(board);
  const ground = Float64Array.from(board.altitude);
  const effective = new Float64Array(size);
  for (let h = 0; h < size; h++) effective[h] = ground[h] + BONUS[terrain[h]];
  found = { ground, effective };
  cache.set(board, found);
  return found;
}
