import type { GameState, Unit } from '../state/types';

/**
 * The view's units indexed by the hexes they occupy, without a mover (issue
 * 9): engagement at a hex (§2.3.2) involves only the units of that hex and
 * of its neighbours, so a search asking it at many hexes reads a few units
 * instead of the whole army. Shared by the move search and the flight's.
 */
export interface UnitsNear {
  unitsByHex: Map<number, number[]>;
  /** The mover's place in the view's units, or -1 (a decoy). */
  moverIndex: number;
  /** Some unit holds two hexes (a formation): a unit may then be found twice around a hex. */
  twoHexUnits: boolean;
}

export function unitsNear(view: GameState, moverId: string): UnitsNear {
  const byHex = new Map<number, number[]>();
  let moverIndex = -1;
  const add = (hex: number, i: number) => {
    if (byHex.has(hex)) byHex.get(hex)!.push(i);
    else byHex.set(hex, [i]);
  };
  let twoHexUnits = false;
  view.units.forEach((u, i) => {
    if (u.id === moverId) moverIndex = i;
    else {
      add(u.hex, i);
      // A formation is found from either of its hexes.
      if (u.secondHex !== undefined) {
        twoHexUnits = true;
        add(u.secondHex, i);
      }
    }
  });
  return { unitsByHex: byHex, moverIndex, twoHexUnits };
}

/**
 * The view's units that can take part in engagement at `hex` — those of the
 * hex and of its neighbours (§2.3.2: adjacent units only, the stacks there
 * deciding who may be engaged) — in the view's order, the mover replaced by
 * `placed`: the answers are those of the whole list, for a few units.
 */
export function unitsAround(
  near: UnitsNear,
  view: GameState,
  neighbours: Int32Array,
  hex: number,
  placed: Unit,
): Unit[] {
  const indexes = near.moverIndex >= 0 ? [near.moverIndex] : [];
  const add = (h: number) => {
    const here = near.unitsByHex.get(h);
    if (here) indexes.push(...here);
  };
  add(hex);
  for (let d = 0; d < 6; d++) if (neighbours[hex * 6 + d] >= 0) add(neighbours[hex * 6 + d]);
  indexes.sort((a, b) => a - b);
  if (near.twoHexUnits)
    return [...new Set(indexes)].map((i) => (i === near.moverIndex ? placed : view.units[i]));
  return indexes.map((i) => (i === near.moverIndex ? placed : view.units[i]));
}
