import { FACINGS, Facing } from '../geometry/facing';
import type { Unit } from '../state/types';
import { zoneSize } from '../units/abilities';
import type { MoveStep, WalkState } from './walker';

/**
 * What the preview's search tells apart of a mover's facing.
 *
 * A large unit's facing decides where it may step and what it pays to turn
 * (§2.3, §2.6.6): the search keeps all twelve. A small unit has only a front
 * zone and turns for free (§2.3, §2.6.2): its facing changes neither where it
 * may go, nor what it pays, nor who engages whom — only the charge run (any
 * reorientation breaks it, §2.6.9) and where it ends up facing. So the search
 * only counts its turns, and one search state stands for every facing that
 * count allows:
 * - never turned: the facing it started with;
 * - turned once: any other facing (the one turn was made from the start);
 * - turned twice or more: any facing.
 * The costs, stops and charges found are the same as with twelve facings;
 * the search tries one reorientation where it tried eleven.
 */
export interface FacingModel {
  /** The search key's facing part, for a state facing `facing` after `turns` turns: the facing (0..11), or the turns made (0..2). */
  slot(facing: Facing, turns: number): number;
  readonly slots: number;
  /** The reorientations worth trying from `ws`, each with the turns count after it. */
  turnsFrom(ws: WalkState, turns: number): ReadonlyArray<readonly [Facing, number]>;
  /** The facings a state stands for, where the move may end. */
  facings(ws: WalkState, turns: number): readonly Facing[];
  /** The steps of a way to the state, rewritten to end facing `facing` (one of `facings`). */
  steer(steps: MoveStep[], facing: Facing): MoveStep[];
  /** `steer` never rewrites a step: the walk states along a way face as its steps do (arrival-set.ts reads the positions from them). */
  readonly facingsWalked: boolean;
}

export function facingModel(unit: Unit): FacingModel {
  // A hedgehog, all front and turning for free (§3.1), is searched as a small unit.
  return zoneSize(unit) === 'small' ? turnsCounted(unit.facing) : everyFacing;
}

// The search asks these at every state it expands: the lists are built once (never changed by their readers).
const OTHER_FACINGS: ReadonlyArray<Array<[Facing, number]>> = FACINGS.map((g) => FACINGS.filter((f) => f !== g).map((f): [Facing, number] => [f, 0]));
const ONE_FACING: ReadonlyArray<readonly Facing[]> = FACINGS.map((f) => [f]);

const everyFacing: FacingModel = {
  slot: (facing) => facing,
  slots: 12,
  turnsFrom: (ws) => OTHER_FACINGS[ws.facing],
  facings: (ws) => ONE_FACING[ws.facing],
  steer: (steps) => steps,
  facingsWalked: true,
};

function turnsCounted(start: Facing): FacingModel {
  const others = FACINGS.filter((f) => f !== start);
  const firstOther = (f: Facing, not: Facing = f) => FACINGS.find((g) => g !== f && g !== not)!;
  // By facing × turns made: the one turn worth trying, and the count after it.
  const turnFrom = FACINGS.flatMap((f) => [0, 1, 2].map((turns): Array<[Facing, number]> => [[firstOther(f), Math.min(turns + 1, 2)]]));
  // Its fields in `everyFacing`'s order: one shape for both models where the search reads them.
  return {
    slot: (_facing, turns) => turns,
    slots: 3,
    turnsFrom: (ws, turns) => turnFrom[ws.facing * 3 + turns],
    facings: (_ws, turns) => (turns === 0 ? [start] : turns === 1 ? others : FACINGS),
    steer(steps, facing) {
      // The last turn faces `facing`; each earlier one turns to some facing that is neither the one before it nor `facing`.
      const last = steps.map((s) => 'face' in s).lastIndexOf(true);
      let before = start;
      return steps.map((s, i) => {
        if (!('face' in s)) return s;
        before = i === last ? facing : firstOther(before, facing);
        return { face: before };
      });
    },
    facingsWalked: false,
  };
}
