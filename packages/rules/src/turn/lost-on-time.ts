import { cloneState } from '../state/clone';
import type { GameEvent } from '../state/events';
import type { GameState, SideId } from '../state/types';
import { conditionsOf, finish, scoreSides } from './victory';

/**
 * The end of a battle lost on time (issue 12, docs/time-controls.md): a time
 * control's forfeit, decided by the server's clocks, not by a rule of the
 * game. It ends the battle as any end does (§2.4: `status` ended, a
 * `gameEnded` event, every cover lifted for every seat since the state has
 * ended), won by the one side left in time, a draw when none or several are
 * left. The points are counted as at the turn limit, for information only:
 * they decide nothing here (docs/rule-decisions.md).
 *
 * No die is rolled and nothing else changes, so anyone can play it again
 * after the battle's actions (verify/battle-export.ts).
 */
export type LostOnTime =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; problem: string };

export function endOnTime(state: GameState, losers: readonly SideId[]): LostOnTime {
  if (state.status === 'ended') return { ok: false, problem: 'the battle has already ended' };
  const sides = state.sides.map((s) => s.id);
  const unknown = losers.find((l) => !sides.includes(l));
  if (unknown !== undefined)
    return { ok: false, problem: `"${unknown}" is not a side of this battle` };
  if (losers.length === 0 || new Set(losers).size !== losers.length) {
    return { ok: false, problem: 'the sides out of time must be one or more distinct sides' };
  }
  const next = cloneState(state);
  const standing = sides.filter((s) => !losers.includes(s));
  const events = finish(next, {
    reason: 'lostOnTime',
    winner: standing.length === 1 ? standing[0] : null,
    defeated: losers.map((side) => ({ side, condition: 'lostOnTime' as const })),
    scores: scoreSides(next),
    margin: conditionsOf(next).margin,
    turn: next.turn,
  });
  return { ok: true, state: next, events };
}
