import { DiceSource, seededDice } from '../state/dice';
import { cloneState } from '../state/clone';
import { sharingViews } from '../fog/view';
import type { GameEvent } from '../state/events';
import type { GameState, Seat } from '../state/types';
import type { ActionRule } from './action-rule';
import { activateRule } from './activate';
import { absorbLossesRule, awaitingLossesRefusal } from '../combat/absorb-losses-action';
import { duelRule } from '../combat/duel-action';
import { shockRule } from '../combat/shock-action';
import { fireRule } from '../fire/fire-action';
import { fireDuelRule } from '../fire/fire-duel-action';
import { reloadRule } from '../fire/reload-action';
import { endTurnRule } from './end-turn';
import { faceRule } from './face';
import { moveRule } from './move';
import { fleeRule } from '../movement/flee-action';
import { returnToMapRule } from '../movement/off-map-return';
import { withdrawRule } from '../movement/withdraw-action';
import { passRule } from './pass';
import { rallyRule } from '../recovery/rally';
import { reorganiseRule } from '../recovery/reorganise';
import { restRule } from '../recovery/rest';
import { forgetSeparated } from '../turn/engagement-tests';
import { forcedRefusal } from '../turn/forced';
import { reject, Rejection } from './rejection';
import { Action, actionSchema, ActionType } from './schema';
import { changeDirectiveRule } from '../command/change-directive';
import { resolveDemoralisation } from '../command/demoralisation';
import { distributingRefusal } from '../command/distributing';
import { distributeOrdersRule } from '../command/distribute-orders';
import { giveOrderRule } from '../command/give-order';
import { resignRule } from '../command/resign';
import { takeCommandRule } from '../command/take-command';
import { wingMoraleRule } from '../command/wing-morale';
import { playElementsOfEndedTurns } from '../elements/play';
import { endIfDecided } from '../turn/victory';
import { deployRule } from '../deployment/deploy-action';
import { deploymentUnderway } from '../deployment/options';
import { FORMATION_RULES } from './formation-rules';

/** Every action of the rules, by its type. One file each. */
export const ACTION_RULES: { [T in ActionType]: ActionRule<Extract<Action, { type: T }>> } = {
  activate: activateRule,
  shock: shockRule,
  duel: duelRule,
  fire: fireRule,
  fireDuel: fireDuelRule,
  reload: reloadRule,
  absorbLosses: absorbLossesRule,
  move: moveRule,
  withdraw: withdrawRule,
  flee: fleeRule,
  returnToMap: returnToMapRule,
  pass: passRule,
  endTurn: endTurnRule,
  face: faceRule,
  rest: restRule,
  reorganise: reorganiseRule,
  rally: rallyRule,
  distributeOrders: distributeOrdersRule,
  giveOrder: giveOrderRule,
  changeDirective: changeDirectiveRule,
  takeCommand: takeCommandRule,
  resign: resignRule,
  wingMorale: wingMoraleRule,
  deploy: deployRule,
  ...FORMATION_RULES,
};

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; rejection: Rejection };

export class InvalidActionError extends Error {}

/**
 * state + seat + intended action (+ dice) → new state and the events that
 * explain it, or the rule that refuses it. The given state is never changed.
 * Without injected dice, rolls come from the generator kept in the state.
 */
export function apply(state: GameState, seat: Seat, input: unknown, options: { dice?: DiceSource } = {}): ApplyResult {
  assertFullState(state);
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, rejection: malformedAction(parsed.error.issues) };
  return applyAction(state, seat, parsed.data, options);
}

function assertFullState(state: GameState): void {
  if (state.perspective) throw new InvalidActionError('apply needs the full game state, not a seat view');
}

/** The refusal of an input the action schema does not accept, naming each member at fault. */
export function malformedAction(issues: readonly { path: PropertyKey[]; message: string }[]): Rejection {
  return reject('malformedAction', { detail: issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
}

/**
 * `apply` for an action already parsed by `actionSchema` (its output, not a
 * cast): the server parses each message once to refuse a malformed one at
 * once, and a second parse here was a share of its CPU per action (issue 9).
 */
export function applyAction(state: GameState, seat: Seat, action: Action, options: { dice?: DiceSource } = {}): ApplyResult {
  assertFullState(state);
  const rule = ACTION_RULES[action.type] as ActionRule<Action>;
  // A unit bound to an action (§2.9.1) is refused every other one.
  // The checks only read the state: they share its seats' views (fog/view.ts; issue 9: a move's checks built the mover's view three times).
  const refusal = sharingViews(state, () => deploymentUnderway(state, action.type) ?? awaitingLossesRefusal(state, action.type) ?? rule.conditions(state, seat, action) ?? forcedRefusalOf(state, action) ?? distributingRefusal(state, 'piece' in action ? action.piece : undefined, action.type));
  if (refusal) return { ok: false, rejection: refusal };
  const next = cloneState(state);
  const dice = options.dice ?? seededDice(next.rng!);
  const events = rule.procedure(next, seat, action, dice);
  // Units lost during the action owe their wings a demoralisation test (§2.5.10.2).
  events.push(...resolveDemoralisation(next, dice));
  // A side whose turn ended plays its game elements (§3.4); then a side left with nothing to fight may have lost (§2.4).
  events.push(...playElementsOfEndedTurns(next, events, dice));
  // Units still to deploy are not on the board yet: nothing is decided before the battle opens (§4.5.2).
  if (!next.deployment) events.push(...endIfDecided(next));
  forgetSeparated(next);
  return { ok: true, state: next, events };
}

/** The forced-action refusal (§2.9.1) of an action naming the unit under activation. */
export function forcedRefusalOf(state: GameState, action: Action): Rejection | null {
  if (!('piece' in action)) return null;
  return forcedRefusal(state, action.piece, action.type, (t) => t in ACTION_RULES);
}
