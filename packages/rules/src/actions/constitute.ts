import { directionTo } from '../geometry/hex';
import type { GameState, Seat, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { pairDirections } from '../geometry/facing';
import { stackAt } from '../units/stacking';
import { formationProfilesOf, maxFormationSteps, mayForm } from '../units/formation';
import { mergeAndTell } from '../units/formation-assembly';
import { formationTable } from '../data';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  coverIn,
  formationConditions,
  isSimpleTroop,
  onClearGround,
  sameTroops,
  stackingAfter,
  troopCriteria,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type ConstituteAction = { type: 'constitute'; piece: string; with: string };

/**
 * Action Constituer une Formation (§3.3.10, sheet 001): a large simple troop
 * and another of the same type, wing and facing in an adjacent hex, the
 * facing at 90° to the line of the two hexes, both on clear ground, each
 * stacked only with such troops (characters aside, A-25), all in order, not
 * exhausted, not activated, away from the enemy and under a regroup
 * directive or a special order, with 3 steps or more in all and no more than
 * their command allows, become one formation on the two hexes: the acting
 * troop turns into it, the others join it, it takes the worst breath and
 * ammunition of all and is activated.
 */
export const constituteRule: ActionRule<ConstituteAction> = {
  section: '§3.3.10',
  conditions: formationConditions((state, unit, a: ConstituteAction, seat) =>
    constituteConditions(state, seat, unit, a.with),
  ),
  procedure(state, _seat, a) {
    const unit = actor(state, a.piece);
    const partner = state.units.find((u) => u.id === a.with)!;
    const troops = troopsOf(state, [unit.hex, partner.hex]).filter((t) => t.id !== unit.id);
    // The troop counter of the type is kept: the formation breaks into it (§3.3.1.3).
    state.troopProfiles = {
      ...state.troopProfiles,
      [unit.type]: state.troopProfiles?.[unit.type] ?? unit.profiles,
    };
    unit.secondHex = partner.hex;
    unit.profiles = formationProfilesOf(state, unit.type)!;
    return [
      mergeAndTell(state, unit, troops, 'constitute', '§3.3.10'),
      ...concludeActivation(state, true),
    ];
  },
};

/** The troops of the hexes; characters stay where they are. */
function troopsOf(state: GameState, hexes: number[]): Unit[] {
  return hexes
    .flatMap((h) => stackAt(state, h))
    .filter((u, i, all) => u.kind !== 'character' && all.findIndex((x) => x.id === u.id) === i);
}

function constituteConditions(
  state: GameState,
  seat: Seat,
  unit: Unit,
  other: string,
): Rejection | null {
  const partner = state.units.find(
    (u) => u.id === other && u.side === seat && u.id !== unit.id && !u.hidden,
  );
  const hexes = partner ? [unit.hex, partner.hex] : [unit.hex];
  return firstRejection(
    () => (isSimpleTroop(unit) ? null : reject('notSimpleTroop')),
    () =>
      mayForm(unit) && formationProfilesOf(state, unit.type) ? null : reject('typeMayNotForm'),
    () => coverIn(state, unit.side, hexes),
    () =>
      partner &&
      isSimpleTroop(partner) &&
      sameTroops(unit, partner) &&
      directionTo(state.board, unit.hex, partner.hex) !== -1
        ? null
        : reject('constitutePartner'),
    () =>
      pairDirections(unit.facing).includes(
        directionTo(state.board, unit.hex, partner!.hex) as never,
      )
        ? null
        : reject('constituteNotPerpendicular'),
    () => onClearGround(state, hexes),
    () => stackConditions(state, unit, hexes),
  );
}

/** Every troop of the two hexes is one of them and meets the same criteria; their steps fit a formation (§3.3.10, l.2346; S1 l.141-147). */
function stackConditions(state: GameState, unit: Unit, hexes: number[]): Rejection | null {
  const troops = troopsOf(state, hexes);
  const stranger = troops.find((t) => !isSimpleTroop(t) || !sameTroops(unit, t));
  if (stranger) return reject('constituteStack', { unit: stranger.name });
  const steps = troops.reduce((n, t) => n + t.steps, 0);
  const max = maxFormationSteps(unit.profiles.command.capacity);
  const shape = {
    steps,
    profiles: formationProfilesOf(state, unit.type)!,
    hex: hexes[0],
    secondHex: hexes[1],
  };
  return firstRejection(
    ...troops.map((t) => () => troopCriteria(state, t)),
    () => (steps < formationTable.steps.min ? reject('formationTooFew', { steps }) : null),
    () => (steps > max ? reject('formationTooBig', { steps, max }) : null),
    ...hexes.map(
      (h) => () =>
        stackingAfter(
          state,
          h,
          shape,
          stackAt(state, h).filter((u) => u.kind === 'character'),
        ),
    ),
  );
}
