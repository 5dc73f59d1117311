import type { Board, GameState, Unit } from '../state/types';
import { bodyHexes, distanceToHex } from '../units/body';
import type { Halves } from './costs';
import { boardId, FieldCache } from './field-cache';
import type { BodyPlace } from './formation-moves';
import { moverKey } from './step-table';
import { bodyField } from './threat-field';

/**
 * What it costs a formation, standing at a body place (its two hexes and
 * vertex facing), to engage the nearest of `targets` by its own moves
 * (§2.6.11.1 "se rapprocher de l'ennemi le plus proche", §3.3.7): the
 * formation's analogue of approach-field.ts, in half points.
 *
 * The value at a place is the least, over the targets' hexes (either hex of
 * an enemy formation, A-69), of the formation's threat field searched from
 * that place (formation-threat-field.ts: its elementary moves, clear ground
 * only, engaging next to either hex in its front zone, other units ignored)
 * — one source of truth for how a formation moves and engages. A forward
 * search per place asked, bounded by the best value found so far: a
 * formation's move passes through few places (its arrivals are few), and
 * each value is kept for the judges after.
 */
export interface FormationApproach {
  at(place: BodyPlace): Halves;
}

const cache = new FieldCache<FormationApproach>(64);

/** Keyed by the board, the formation's movement (its mode lowers its capacity, §3.3.6) and the targets' hexes, as the other fields (field-cache.ts). */
export function formationApproach(
  state: GameState,
  unit: Unit,
  targets: readonly Unit[],
): FormationApproach {
  const hexes = [...new Set(targets.flatMap((t) => bodyHexes(t)))];
  const key = `${boardId(state.board)}|${moverKey(unit)}|${unit.formationMode ?? 'march'}|${hexes.join(',')}`;
  return cache.get(key, () => valuesOf(state.board, unit, hexes));
}

function valuesOf(board: Board, unit: Unit, hexes: number[]): FormationApproach {
  const known = new Map<string, Halves>();
  return {
    at(place) {
      // A place is the same whichever of its hexes is named first.
      const key = `${Math.min(place.hex, place.second)},${Math.max(place.hex, place.second)},${place.facing}`;
      let value = known.get(key);
      if (value === undefined)
        known.set(
          key,
          (value = cheapest(
            board,
            { ...unit, hex: place.hex, secondHex: place.second, facing: place.facing },
            hexes,
          )),
        );
      return value;
    },
  };
}

/** The least cost to engage one of `hexes` from where `placed` stands; nearest hexes first, so the bound stops the farther questions early. */
function cheapest(board: Board, placed: Unit, hexes: number[]): Halves {
  const field = bodyField(board, placed);
  const near = (h: number) => distanceToHex(board, placed, h);
  let best = Number.POSITIVE_INFINITY;
  for (const h of [...hexes].sort((a, b) => near(a) - near(b)))
    best = Math.min(best, field.at(h, best));
  return best;
}
