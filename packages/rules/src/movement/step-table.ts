import { movementTable } from '../data';
import { FACINGS, zoneOf } from '../geometry/facing';
import type { Direction } from '../geometry/hex';
import type { Board, Unit } from '../state/types';
import { boardIndex, hexsideAt, terrainAt } from '../terrain/board';
import { mayCrossHexside, mayEnterTerrain, movementCapacity, movementPoints, zoneSize } from '../units/abilities';
import { Halves, reorientCost, stepCost, StepCost, toHalves } from './costs';

/**
 * What one kind of mover pays and may do at every hexside of one board,
 * worked out once (issue 9): the searches (move preview, threats, approach,
 * flight, retreat edge) ask for these facts tens of thousands of times, and
 * `stepCost` builds an object and reads three tables at each ask. Units with
 * the same movement profile, size and faculties share one table; the board
 * is static, so a table never goes stale.
 */
export interface StepTable {
  readonly size: number;
  readonly neighbours: Int32Array;
  /** `stepCost` of every hex × direction, as it answers. */
  readonly costs: readonly StepCost[];
  /** The same as a distance, half points: a hex only minimal movement enters counts 150 % of the allowance (§2.6.5), forbidden is Infinity. */
  readonly halves: Float64Array;
  /** Adjacency in the game's sense (`isAdjacent`) across every hex × direction: the neighbour's terrain and the hexside open to the mover. */
  readonly adjacent: Uint8Array;
  /** `front[facing * 6 + dir]`: the hexside is in the front zone (§2.3). */
  readonly front: Uint8Array;
  /** `turn[from * 12 + to]`: `reorientCost` (§2.6.6). */
  readonly turn: Float64Array;
  /** The least any step costs on this board (half points): a lower bound of a path's cost per hex (threat-field.ts `floor`). */
  readonly cheapestStep: Halves;
}

type Mover = Pick<Unit, 'profiles' | 'faculties' | 'size'> & Partial<Pick<Unit, 'formationMode'>>;

/** Everything a table depends on, besides the board: the capacity and zones a formation's mode changes included (§3.3.6). */
export function moverKey(u: Mover): string {
  return `${u.profiles.movement.class}/${movementCapacity(u)}/${u.size}/${zoneSize(u)}/${u.faculties.join(',')}`;
}

const tables = new WeakMap<Board, Map<string, StepTable>>();

export function stepTable(board: Board, mover: Mover): StepTable {
  let byMover = tables.get(board);
  if (!byMover) tables.set(board, (byMover = new Map()));
  const key = moverKey(mover);
  let table = byMover.get(key);
  if (!table) byMover.set(key, (table = buildTable(board, mover)));
  return table;
}

function buildTable(board: Board, mover: Mover): StepTable {
  const idx = boardIndex(board);
  const n = idx.size * 6;
  const costs: StepCost[] = new Array(n);
  const halves = new Float64Array(n);
  const adjacent = new Uint8Array(n);
  const minimal: Halves = toHalves(
    movementPoints(mover) * movementTable.minimalMovementDistanceFactor,
  );
  for (let k = 0; k < n; k++) {
    const hex = Math.floor(k / 6);
    const dir = (k % 6) as Direction;
    const sc = (costs[k] = stepCost(board, mover, hex, dir));
    halves[k] =
      sc.kind === 'forbidden'
        ? Number.POSITIVE_INFINITY
        : sc.kind === 'minimal'
          ? minimal
          : sc.halves;
    const to = idx.neighbours[k];
    adjacent[k] =
      to >= 0 &&
      mayEnterTerrain(mover, terrainAt(board, to)) &&
      mayCrossHexside(mover, hexsideAt(board, hex, dir))
        ? 1
        : 0;
  }
  const zones = zoneSize(mover);
  const front = new Uint8Array(72);
  const turn = new Float64Array(144);
  for (const f of FACINGS) {
    for (let d = 0; d < 6; d++)
      front[f * 6 + d] = zoneOf(zones, f, d as Direction) === 'front' ? 1 : 0;
    for (const g of FACINGS) turn[f * 12 + g] = reorientCost(mover, f, g);
  }
  let cheapestStep = Number.POSITIVE_INFINITY;
  for (let k = 0; k < n; k++) if (halves[k] < cheapestStep) cheapestStep = halves[k];
  return { size: idx.size, neighbours: idx.neighbours, costs, halves, adjacent, front, turn, cheapestStep };
}
