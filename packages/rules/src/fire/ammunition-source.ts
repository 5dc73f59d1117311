import { DIRECTIONS } from '../geometry/hex';
import type { Board, GameState, Side } from '../state/types';
import { hexsideAt, neighbour, terrainAt } from '../terrain/board';
import type { Hexside, Terrain } from '../data/schemas';

/**
 * The ammunition source (§3.2.10, sheet 001 "Action Rechargement"): the
 * scenario's hex, else the army commander where he stands. Once the
 * commander is gone (destroyed, or off the map), the army has none (sheet
 * 001: "l'armée n'a plus de Source de Munitions"). `hidden` tells whether
 * the source is a commander under a cover, whose place the others must not
 * learn from a reload (fire/reload-action.ts).
 */
export interface AmmunitionSource {
  hex: number;
  hidden: boolean;
}

export function ammunitionSource(state: GameState, side: Side['id']): AmmunitionSource | null {
  const s = state.sides.find((x) => x.id === side);
  if (!s) return null;
  if (s.ammunitionSource !== undefined) return { hex: s.ammunitionSource, hidden: false };
  const commander = s.armyCommander ? state.units.find((u) => u.id === s.armyCommander) : undefined;
  if (!commander || commander.destroyed || commander.hex < 0) return null;
  return { hex: commander.hex, hidden: commander.hidden };
}

/** Hexes a supply path may pass through (§3.2.10: "Terrain Clair ou Accidenté"). */
const SUPPLY_TERRAIN: readonly Terrain[] = ['clear', 'rough'];
/** Hexsides it may not cross (§3.2.10: "aucun côté d'Hex de type Mur ou Impassable"; the wall is the fortification hexside). */
const BARRIERS: readonly Hexside[] = ['impassable', 'fortification'];

/**
 * Length in hexes of the shortest supply path from the source to the unit
 * (§3.2.10, A-7): every hex between them clear or rough, no wall or
 * impassable hexside crossed. The two ends may be of any terrain: the text
 * names the path *between* them. Null when there is none.
 */
export function supplyDistance(board: Board, source: number, unit: number): number | null {
  if (source === unit) return 0;
  const seen = new Map<number, number>([[source, 0]]);
  let frontier = [source];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const hex of frontier) {
      const d = seen.get(hex)!;
      for (const dir of DIRECTIONS) {
        const to = neighbour(board, hex, dir);
        if (to < 0 || seen.has(to) || BARRIERS.includes(hexsideAt(board, hex, dir))) continue;
        if (to === unit) return d + 1;
        if (!SUPPLY_TERRAIN.includes(terrainAt(board, to))) continue;
        seen.set(to, d + 1);
        next.push(to);
      }
    }
    frontier = next;
  }
  return null;
}
