import type { GameState, Seat, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { sharesHex } from '../units/body';
import { mergeAndTell } from '../units/formation-assembly';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  coverIn,
  formationConditions,
  isSimpleTroop,
  sameTroops,
  troopCriteria,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type FuseAction = { type: 'fuse'; piece: string; with: string };

/**
 * Action de Fusion (§3.3.9, sheet 001): two stacked large simple troops of
 * the same type, wing and facing, with one step left each, neither adjacent
 * to an enemy, shaken, routed, exhausted nor activated, under a regroup
 * directive or a special order, become one troop of two steps with the worse
 * breath and ammunition of the two; either may be the acting one, and the
 * troop it becomes is activated.
 */
export const fuseRule: ActionRule<FuseAction> = {
  section: '§3.3.9',
  conditions: formationConditions((state, unit, a: FuseAction, seat) =>
    fusionConditions(state, seat, unit, a.with),
  ),
  procedure(state, _seat, a) {
    const unit = actor(state, a.piece);
    const partner = state.units.find((u) => u.id === a.with)!;
    const merged = mergeAndTell(state, unit, [partner], 'fusion', '§3.3.9');
    return [merged, ...concludeActivation(state, true)];
  },
};

function fusionConditions(
  state: GameState,
  seat: Seat,
  unit: Unit,
  other: string,
): Rejection | null {
  const partner = state.units.find((u) => u.id === other && u.side === seat && u.id !== unit.id);
  return firstRejection(
    () => coverIn(state, unit.side, [unit.hex]),
    () => (partner && fusible(unit, partner) ? null : reject('fusionPair')),
    () => troopCriteria(state, unit),
    () => troopCriteria(state, partner!),
  );
}

/** Two large simple troops in the same hex, of the same type, wing and facing, one step each (§3.3.9, S1 l.76-77). */
function fusible(a: Unit, b: Unit): boolean {
  return (
    isSimpleTroop(a) &&
    isSimpleTroop(b) &&
    sameTroops(a, b) &&
    sharesHex(a, b) &&
    a.steps === 1 &&
    b.steps === 1
  );
}
