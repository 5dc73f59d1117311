import { announce } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject } from '../actions/rejection';
import { concludeActivation } from '../turn/conclude';
import { ledWing } from './change-directive';
import { commandTest } from './command-test';
import { commandActionConditions } from './command-action';

/**
 * Action de Démission (§2.5.15): a wing leader (same conditions as §2.5.7)
 * gives up his command on a successful command test; the wing is then not
 * commanded (§2.5.12) until a character takes command of it (§2.5.14).
 */
export const resignRule: ActionRule<{ type: 'resign'; piece: string }> = {
  section: '§2.5.15',
  conditions: (state, seat, a) =>
    firstRejection(
      () => commandActionConditions(state, seat, a.piece),
      () => (ledWing(state, a.piece) ? null : reject('notWingLeader')),
    ),
  procedure(state, _seat, a, dice) {
    const wing = ledWing(state, a.piece)!;
    const leader = state.units.find((u) => u.id === a.piece)!;
    const test = commandTest(state, dice, leader, wing);
    const events: GameEvent[] = [test.event];
    if (test.success) {
      wing.leader = null;
      events.push(...announce(state, leader.id, (p) => ({ type: 'resigned', unit: p, wing: wing.id }), '§2.5.15'));
    }
    events.push(...concludeActivation(state, true));
    return events;
  },
};
