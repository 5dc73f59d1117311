import type { ActionRule } from '../actions/action-rule';
import { firstRejection, sideName } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { viewFor } from '../fog/view';
import type { GameState, Seat } from '../state/types';
import { LossPlan, lossPlans, planKey, sameButHeavier } from './loss-plans';
import { applyPlan } from './losses';
import { finishAttack } from './resolve';
import { isFire } from './advantage-part';
import { continueFire } from '../fire/shot';

export interface AbsorbLossesAction extends LossPlan {
  type: 'absorbLosses';
}

/**
 * Absorbing the losses (§2.7.4–2.7.5), the defending player's decision in the
 * middle of the attacker's combat. Conditions: a combat awaits it, the seat
 * is the defender's (or the referee, who may decide for an absent player),
 * and the plan is one the rules offer. Procedure: the plan, then the rest of
 * the combat (advance after combat, end of the attacker's activation).
 */
export const absorbLossesRule: ActionRule<AbsorbLossesAction> = {
  section: '§2.7.4',
  conditions: (state, seat, a) =>
    firstRejection(
      () => (state.pendingLosses ? null : reject('noLossesAwaited')),
      () => deciderRefusal(state, seat),
      () => (lossChoices(state, seat).some((p) => planKey(p) === planKey(a)) ? null : planRefusal(state, seat, a)),
    ),
  procedure: (state, _seat, a, dice) => {
    const pending = state.pendingLosses!;
    delete state.pendingLosses;
    // A shot's losses: the volley's remaining shots go on (§3.2.3, §3.2.9); no advance after fire.
    return [...applyPlan(state, pending, a, dice), ...(isFire(pending.kind) ? continueFire(state, pending, dice) : finishAttack(state, pending))];
  },
};

/** A plan the rules do not offer; when only its extra-step hex is wrong, missing or needless, that is the reason given (§3.3.1.3, A-42). */
function planRefusal(state: GameState, seat: Seat, a: LossPlan): Rejection {
  const otherwiseOffered = lossChoices(state, seat).some((p) => sameButHeavier(p, a));
  return reject(otherwiseOffered ? 'forcedBreakHeavier' : 'notALossPlan');
}

function deciderRefusal(state: GameState, seat: Seat): Rejection | null {
  return decidesLosses(state, seat) ? null : reject('notDefender', { side: sideName(state, state.pendingLosses!.side) });
}

/** Whether `seat` decides the pending losses: the defender, or the referee for an absent player. */
export function decidesLosses(state: GameState, seat: Seat): boolean {
  return !!state.pendingLosses && (seat === state.pendingLosses.side || seat === 'referee');
}

/** The plans open to `seat` now: empty unless it decides a combat's losses. Works on the full state or a view. */
export function lossChoices(state: GameState, seat: Seat): LossPlan[] {
  const pending = state.pendingLosses;
  if (!pending || !decidesLosses(state, seat)) return [];
  // Always the defender's knowledge: the referee's view holds every hidden unit, and would offer plans the server refuses.
  const view = state.perspective === pending.side ? state : viewFor(state, pending.side);
  return lossPlans(view, pending);
}

/** While a combat awaits the defender, every other action waits too (§2.7.4). */
export function awaitingLossesRefusal(state: GameState, type: string): Rejection | null {
  if (!state.pendingLosses || type === 'absorbLosses') return null;
  return reject('awaitingLosses', { side: sideName(state, state.pendingLosses.side) });
}

/** Whose decision the game waits for: the defender's during a combat's losses, else the active player's. */
export function seatToAct(state: GameState): string {
  return state.pendingLosses?.side ?? state.activeSide;
}
