import { formationTable } from '../data';
import { event, ReleasedTroop } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { bodyHexes } from '../units/body';
import { isFormation } from '../units/formation';
import { conserveLosses, lostSteps, releasedTroop } from '../units/formation-assembly';
import { placeInStack } from '../units/stacking';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  awayFromEnemy,
  formationConditions,
  inOrderAndBreathing,
  onClearGround,
  regroupOrOrder,
  stackingAfter,
  standingIn,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type LeaveFormationAction = { type: 'leaveFormation'; piece: string; hexes: number[] };

/** A formation needs this many steps to let troops leave (S1 l.163, A-23). */
const LEAVE_FROM_STEPS = 6;

/**
 * Action Quitter une Formation (§3.3.13, sheet 001): a formation of at least
 * 6 steps, neither shaken nor exhausted, away from the enemy, on clear
 * ground, under a regroup directive or a special order, lets one or two
 * complete troops (2 steps each) leave, at most one from each of its hexes
 * (`hexes`), placed behind it with its facing; it keeps at least 3 steps and
 * each hex stays a legal stack. Formation and troops are activated; the
 * troops inherit its breath, cohesion and ammunition.
 */
export const leaveFormationRule: ActionRule<LeaveFormationAction> = {
  section: '§3.3.13',
  conditions: formationConditions((state, unit, a: LeaveFormationAction) =>
    leaveConditions(state, unit, a.hexes),
  ),
  procedure(state, _seat, a) {
    const f = actor(state, a.piece);
    const lost = lostSteps(f);
    const total = f.steps;
    const troops = a.hexes.map((hex) =>
      releasedTroop(state, f, hex, formationTable.stepsPerFigure),
    );
    for (const t of troops) {
      t.order = 'activated';
      placeInStack(state, t, 'bottom');
    }
    f.steps -= troops.length * formationTable.stepsPerFigure;
    conserveLosses([f, ...troops], lost);
    const report: ReleasedTroop[] = troops.map((t) => ({ id: t.id, hex: t.hex, steps: t.steps }));
    return [
      event(
        {
          type: 'troopsReleased',
          action: 'leave',
          cause: 'voluntary',
          unit: f.id,
          troops: report,
          steps: total,
        },
        '§3.3.13',
      ),
      ...concludeActivation(state, true),
    ];
  },
};

function leaveConditions(state: GameState, f: Unit, hexes: number[]): Rejection | null {
  const left = f.steps - hexes.length * formationTable.stepsPerFigure;
  return firstRejection(
    () => (isFormation(f) ? null : reject('notAFormation')),
    () => (f.steps < LEAVE_FROM_STEPS ? reject('leaveTooSmall') : null),
    () => inOrderAndBreathing(f),
    () => awayFromEnemy(state, f),
    () => onClearGround(state, bodyHexes(f)),
    () => regroupOrOrder(state, f),
    () => (validHexes(f, hexes) ? null : reject('leaveHexes')),
    () => (left < formationTable.steps.min ? reject('formationTooFew', { steps: left }) : null),
    ...hexes.map(
      (h) => () =>
        stackingAfter(state, h, { ...f, steps: left }, [
          ...standingIn(state, h, [f.id]),
          { size: 'large', hex: h },
        ]),
    ),
  );
}

/** One or two distinct hexes of the formation. */
function validHexes(f: Unit, hexes: number[]): boolean {
  return (
    hexes.length >= 1 &&
    hexes.length <= 2 &&
    new Set(hexes).size === hexes.length &&
    hexes.every((h) => bodyHexes(f).includes(h))
  );
}
