import { z } from 'zod';
import { event, GameEvent } from '../state/events';
import type { ActionRule } from '../actions/action-rule';
import { firstRejection } from '../actions/common';
import { reject } from '../actions/rejection';
import type { Directive, GameState, Wing } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { commandTest } from './command-test';
import { commandActionConditions } from './command-action';

export const directiveSchema = z.enum(['attack', 'defend', 'regroup', 'retreat']);

/**
 * Action de Changement de Consigne d'Ordre (§2.5.7): only the wing leader,
 * not routed, not engaged alone, holding a special order or being the army
 * commander or autonomous. A retreat directive is final (§2.5.4): the rules
 * say the action then fails automatically; it is refused outright instead,
 * which leaves the player the same choices (project decision). A command
 * test (§2.5.8) decides; either way the leader has acted.
 */
export const changeDirectiveRule: ActionRule<{ type: 'changeDirective'; piece: string; directive: Directive }> = {
  section: '§2.5.7',
  conditions: (state, seat, a) =>
    firstRejection(
      () => commandActionConditions(state, seat, a.piece),
      () => wingRefusal(ledWing(state, a.piece), a.directive),
    ),
  procedure(state, _seat, a, dice) {
    const wing = ledWing(state, a.piece)!;
    const leader = state.units.find((u) => u.id === a.piece)!;
    const test = commandTest(state, dice, leader, wing);
    const events: GameEvent[] = [test.event];
    if (test.success) events.push(...setDirective(wing, a.directive, 'order', '§2.5.7'));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

function wingRefusal(wing: Wing | undefined, directive: Directive) {
  if (!wing) return reject('notWingLeader');
  if (wing.directive === 'retreat') return reject('retreatIsFinal');
  if (wing.directive === directive) return reject('sameDirective');
  return null;
}

export function ledWing(state: GameState, leader: string): Wing | undefined {
  return state.wings.find((w) => w.leader === leader);
}

/** The directive marker changes; everyone sees it (the wing's marker is public). */
export function setDirective(wing: Wing, directive: Directive, reason: 'order' | 'demoralised', section: string): GameEvent[] {
  wing.directive = directive;
  return [event({ type: 'directiveChanged', wing: wing.id, directive, reason }, section)];
}
