import { DiceSource, seededDice } from '../state/dice';
import { cloneState } from '../state/clone';
import type { GameEvent } from '../state/events';
import type { GameState, Seat } from '../state/types';
import type { ActionRule } from './action-rule';
import { activateRule } from './activate';
import { endTurnRule } from './end-turn';
import { moveRule } from './move';
import { passRule } from './pass';
import { reject, Rejection } from './rejection';
import { Action, actionSchema, ActionType } from './schema';

/** Every action of the rules, by its type. One file each. */
export const ACTION_RULES: { [T in ActionType]: ActionRule<Extract<Action, { type: T }>> } = {
  activate: activateRule,
  move: moveRule,
  pass: passRule,
  endTurn: endTurnRule,
};

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; rejection: Rejection };

export class InvalidActionError extends Error {}

/**
 * state + seat + intended action (+ dice) → new state and the events that
 * explain it, or the rule that refuses it. The given state is never changed.
 * Without injected dice, rolls come from the generator kept in the state.
 */
export function apply(state: GameState, seat: Seat, input: unknown, options: { dice?: DiceSource } = {}): ApplyResult {
  if (state.perspective) throw new InvalidActionError('apply needs the full game state, not a seat view');
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, rejection: reject('malformedAction', { detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }) };
  const action = parsed.data;
  const rule = ACTION_RULES[action.type] as ActionRule<Action>;
  const refusal = rule.conditions(state, seat, action);
  if (refusal) return { ok: false, rejection: refusal };
  const next = cloneState(state);
  const dice = options.dice ?? seededDice(next.rng!);
  const events = rule.procedure(next, seat, action, dice);
  return { ok: true, state: next, events };
}
