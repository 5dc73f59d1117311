import { endOnTime, type GameEvent, type GameState } from '@lames/rules';
import type { BattleRecord } from '../persistence/store';
import { expired, reopen, timeOut, type ClockState } from './clock';

/**
 * A time control's consequences on the game itself (docs/time-controls.md),
 * one model for a room whose timer fires and for the deadline sweep of a
 * battle no room holds (rooms/deadline-sweep.ts).
 */

/**
 * The rules' end of a battle its clocks forfeited (turn/lost-on-time.ts), or
 * null when the clocks hold no forfeit or the state has already ended.
 */
export function forfeitEnd(
  state: GameState,
  clock: ClockState | null | undefined,
): { state: GameState; events: GameEvent[] } | null {
  if (!clock?.forfeit || state.status === 'ended') return null;
  const end = endOnTime(state, clock.forfeit.losers);
  // The losers come from the clocks, whose sides are the battle's: a refusal is a fault, not a case.
  if (!end.ok) throw new Error(`the end on time was refused: ${end.problem}`);
  return end;
}

/**
 * A stored battle (its journal replayed) at `now`, as a room opening it then
 * would make it: its clocks reopened, the policy applied to the sides out of
 * time (notify records them, pause stops the clocks, forfeit ends the battle
 * through the rules), or a forfeit not yet in the state played out. Null
 * when nothing ran out. The record is a new one; `record` is not changed.
 */
export function timedOutRecord(record: BattleRecord, now: number): BattleRecord | null {
  if (record.status === 'ended' || !record.clock || record.access?.closed) return null;
  const reopened = reopen(record.clock, now);
  const out = expired(reopened, now);
  const sides = record.state.sides.map((s) => s.id);
  const clock = out.length > 0 ? timeOut(reopened, out, sides, now) : reopened;
  const end = forfeitEnd(record.state, clock);
  if (out.length === 0 && !end) return null;
  const updatedAt = new Date(now).toISOString();
  if (!end) return { ...record, log: [...record.log], clock, updatedAt };
  return {
    ...record,
    state: end.state,
    log: [...record.log, ...end.events],
    status: 'ended',
    clock,
    updatedAt,
    // The end is a public moment: the lobby's time moves (persistence/public-moment.ts).
    publicAt: updatedAt,
  };
}
