import type { Terrain } from '../data/schemas';
import type { Board } from '../state/types';
import { terrainAt, terrainInfo } from '../terrain/board';

/**
 * Where a formation may stand, the one question every formation rule asks
 * of a hex: constituting one (FORM-73, S1 l.140), breaking it or leaving it
 * voluntarily (S1 l.166, l.187), moving it (FORM-48, §3.3.7 l.2281) and its
 * recoil (FORM-63). The rules want its troops "en position au sol" on clear
 * terrain (S1 l.140) in a hex without an obstacle (OBS-04, l.2741).
 *
 * The model has neither positions nor obstacles yet: until they exist every
 * unit is on the ground and no hex holds an obstacle (docs/rule-decisions.md
 * §3.3.10), so the terrain alone decides. Obstacles (WP4) and positions
 * (WP5) add their conditions here, and every formation rule follows; the
 * scenario's check, made before any board exists, asks `formationTerrain`
 * and must learn the scenario's obstacles with WP4.
 */
export function formationGround(board: Board, hex: number): boolean {
  return formationTerrain(terrainAt(board, hex));
}

/** The terrain's part of it: clear terrain only (terrain data `formationAllowed`). */
export function formationTerrain(terrain: Terrain): boolean {
  return terrainInfo(terrain).formationAllowed;
}
