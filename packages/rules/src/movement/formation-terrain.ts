import type { RejectionCode } from '../actions/rejection-texts';
import type { Board } from '../state/types';
import { formationGround } from '../units/formation-ground';
import type { StepCost } from './costs';
import type { StepTable } from './step-table';

/**
 * The ground's part of one hex of a formation entering the hex `to` (§3.3.7),
 * whatever units stand about: clear terrain only (FORM-48), never a rough
 * hexside (FORM-49), and what the terrain forbids any mover. Null when the
 * ground lets it in. The walker (formation-walker.ts) adds the units' rules;
 * a formation priced as a threat (formation-threat-field.ts) ignores them
 * (§2.5.3.1), so both ask here.
 */
export type BodyGroundRefusal = Extract<
  RejectionCode,
  | 'offMap'
  | 'formationClearOnly'
  | 'forbiddenHexside'
  | 'forbiddenTerrain'
  | 'formationRoughHexside'
>;

export function bodyGroundRefusal(
  board: Board,
  to: number,
  sc: StepCost,
): BodyGroundRefusal | null {
  if (to < 0) return 'offMap';
  if (!formationGround(board, to)) return 'formationClearOnly';
  if (sc.kind === 'forbidden')
    return sc.reason === 'hexside' ? 'forbiddenHexside' : 'forbiddenTerrain';
  if (sc.roughHexside) return 'formationRoughHexside';
  return null;
}

const tables = new WeakMap<StepTable, Float64Array>();

/**
 * What one hex of a formation pays to enter across every hex × direction of
 * the board, as a distance (half points): the table's price (a hex only
 * minimal movement enters counts 150 % of the allowance, §2.6.5), Infinity
 * where the ground refuses a formation. Worked out once per step table (one
 * board, one kind of mover), as the table itself is.
 */
export function bodyEntryHalves(board: Board, t: StepTable): Float64Array {
  let halves = tables.get(t);
  if (halves) return halves;
  halves = new Float64Array(t.size * 6);
  for (let k = 0; k < halves.length; k++)
    halves[k] =
      bodyGroundRefusal(board, t.neighbours[k], t.costs[k]) === null
        ? t.halves[k]
        : Number.POSITIVE_INFINITY;
  tables.set(t, halves);
  return halves;
}
