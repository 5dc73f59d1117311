import { formationTable } from '../data';
import { hexLabel } from '../geometry/hex';
import type { GameState, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { bodyHexes } from '../units/body';
import { isFormation } from '../units/formation';
import { breakFormation, breakPlan } from '../units/formation-break';
import { STACK_LIMIT, stackPointsAt } from '../units/stacking';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  awayFromEnemy,
  formationConditions,
  inOrderAndBreathing,
  onClearGround,
  regroupOrOrder,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type BreakFormationAction = { type: 'breakFormation'; piece: string; heavier?: number };

/** The largest formation that may break of its own will: two full troops in each hex (§3.3.12, l.2377). */
const VOLUNTARY_BREAK_MAX = 2 * 2 * formationTable.stepsPerFigure;

/**
 * Action Briser une Formation (§3.3.12, sheet 001): a formation of at most 8
 * steps, neither shaken nor exhausted (the book, A-24), away from the enemy,
 * on clear ground, under a regroup directive or a special order, whose hexes
 * keep within 10 stacking points afterwards, becomes 2 to 4 simple troops of
 * its facing, spread so that one hex holds at most one step more than the
 * other (`heavier`: the owner's choice of which, A-42), as complete as
 * possible; they inherit its breath, cohesion and ammunition and are all
 * activated.
 */
export const breakFormationRule: ActionRule<BreakFormationAction> = {
  section: '§3.3.12',
  conditions: formationConditions((state, unit, a: BreakFormationAction) =>
    breakConditions(state, unit, a.heavier),
  ),
  procedure(state, _seat, a) {
    const events = breakFormation(state, actor(state, a.piece), 'voluntary', '§3.3.12', a.heavier);
    return [...events, ...concludeActivation(state, true)];
  },
};

function breakConditions(state: GameState, f: Unit, heavier: number | undefined): Rejection | null {
  return firstRejection(
    () => (isFormation(f) ? null : reject('notAFormation')),
    () => inOrderAndBreathing(f),
    () => awayFromEnemy(state, f),
    () => onClearGround(state, bodyHexes(f)),
    () => regroupOrOrder(state, f),
    () => (f.steps > VOLUNTARY_BREAK_MAX ? reject('breakTooBig') : null),
    () => (heavier === undefined || bodyHexes(f).includes(heavier) ? null : reject('breakHeavier')),
    () => stackingAfterBreak(state, f, heavier),
  );
}

/** Each hex within 10 points once the troops replace the formation (l.2377; S1 l.189), a decoy weighing as its mimic. */
function stackingAfterBreak(
  state: GameState,
  f: Unit,
  heavier: number | undefined,
): Rejection | null {
  const plan = breakPlan(f, heavier);
  for (const hex of bodyHexes(f)) {
    const points = stackPointsAt(state, hex, f.id) + 4 * plan.filter((p) => p.hex === hex).length;
    if (points > STACK_LIMIT)
      return reject('formationStacking', { hex: hexLabel(state.board, hex) });
  }
  return null;
}
