import { announce } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject } from '../actions/rejection';
import type { GameState, Seat } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { ledWing } from './change-directive';
import { commandTest } from './command-test';
import { commandActionConditions } from './command-action';

/**
 * Action de Prise de Commandement (§2.5.14): a character (same conditions as
 * §2.5.7) takes command of a wing of his side that has no leader. A
 * character leads one wing at a time (project decision: he resigns first).
 * On a successful command test (§2.5.8) the directive marker goes on him.
 */
export const takeCommandRule: ActionRule<{ type: 'takeCommand'; piece: string; wing: string }> = {
  section: '§2.5.14',
  conditions: (state, seat, a) =>
    firstRejection(
      () => commandActionConditions(state, seat, a.piece),
      () => wingRefusal(state, seat, a.piece, a.wing),
    ),
  procedure(state, _seat, a, dice) {
    const wing = state.wings.find((w) => w.id === a.wing)!;
    const character = state.units.find((u) => u.id === a.piece)!;
    const test = commandTest(state, dice, character, wing);
    const events: GameEvent[] = [test.event];
    if (test.success) {
      wing.leader = character.id;
      events.push(...announce(state, character.id, (p) => ({ type: 'commandTaken', unit: p, wing: wing.id }), '§2.5.14'));
    }
    events.push(...concludeActivation(state, true));
    return events;
  },
};

function wingRefusal(state: GameState, seat: Seat, piece: string, wingId: string) {
  const wing = state.wings.find((w) => w.id === wingId && w.side === seat);
  if (!wing) return reject('unknownWing');
  if (wing.leader) return reject('wingCommanded');
  if (ledWing(state, piece)) return reject('alreadyLeadsWing');
  return null;
}
