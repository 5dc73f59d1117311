import type { GameState, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { bodyHexes, sharesHex } from '../units/body';
import { isFormation, maxFormationSteps } from '../units/formation';
import { mergeAndTell } from '../units/formation-assembly';
import { stackAt } from '../units/stacking';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  awayFromEnemy,
  coverIn,
  formationConditions,
  inOrderAndBreathing,
  isSimpleTroop,
  regroupOrOrder,
  sameTroops,
  stackingAfter,
  troopCriteria,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type JoinFormationAction = { type: 'joinFormation'; piece: string };

/**
 * Action Joindre une Formation (§3.3.11, sheet 001): a formation in order,
 * not exhausted, away from the enemy, under a regroup directive or a special
 * order, in front of the one or two simple troops of its type, wing and
 * facing stacked behind it (characters aside), which meet the same criteria
 * and have not been activated, takes them in: its steps add up within its
 * command's size limit, it takes their worse breath and ammunition, and it is
 * activated. A troop stacked with it that it may not take in forbids the join.
 */
export const joinFormationRule: ActionRule<JoinFormationAction> = {
  section: '§3.3.11',
  conditions: formationConditions((state, unit) => joinConditions(state, unit)),
  procedure(state, _seat, a) {
    const f = actor(state, a.piece);
    const troops = joiners(state, f);
    return [mergeAndTell(state, f, troops, 'join', '§3.3.11'), ...concludeActivation(state, true)];
  },
};

/** Everyone stacked with the formation but the characters (S1 l.119: "ne pas tenir compte des Personnages"). */
function joiners(state: GameState, f: Unit): Unit[] {
  return state.units.filter(
    (u) => u.id !== f.id && u.kind !== 'character' && u.hex >= 0 && sharesHex(u, f),
  );
}

function joinConditions(state: GameState, f: Unit): Rejection | null {
  const troops = joiners(state, f);
  const steps = troops.reduce((n, t) => n + t.steps, f.steps);
  const max = maxFormationSteps(f.profiles.command.capacity);
  const characters = (h: number) => stackAt(state, h).filter((u) => u.kind === 'character');
  return firstRejection(
    () => (isFormation(f) ? null : reject('notAFormation')),
    () => inOrderAndBreathing(f),
    () => awayFromEnemy(state, f),
    () => regroupOrOrder(state, f),
    () => coverIn(state, f.side, bodyHexes(f)),
    () => (troops.length === 0 ? reject('joinNothing') : null),
    ...troops.map(
      (t) => () =>
        isSimpleTroop(t) && sameTroops(f, t)
          ? troopCriteria(state, t)
          : reject('joinStack', { unit: t.name }),
    ),
    () => (troops.every((t) => t.stackRank > f.stackRank) ? null : reject('joinNotBehind')),
    () => (steps > max ? reject('formationTooBig', { steps, max }) : null),
    ...bodyHexes(f).map((h) => () => stackingAfter(state, h, { ...f, steps }, characters(h))),
  );
}
