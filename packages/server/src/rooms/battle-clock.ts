import type { GameState, Rejection, Seat } from '@lames/rules';
import type { BattleAccess } from '../persistence/store';
import {
  awaitedSides,
  expired,
  follow,
  nextExpiryIn,
  reopen,
  resume,
  timeOut,
  viewOf,
  type ClockState,
  type ClockView,
} from './clock';
import { serverRejection } from './rejections';

/**
 * The server's time, given to every room (BattleRoomDeps.timers): tests
 * give a time of their own and fire its timers by moving it, so no test
 * waits for a clock.
 */
export interface ClockTimers {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: ClockTimers = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => setTimeout(fire, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Node's timers fire at once past 2^31-1 ms (about 24.8 days): a longer wait is checked again after a day. */
const LONGEST_WAIT_MS = 86_400_000;

export const CLOCK_PAUSED = serverRejection('clockPaused', {
  fr: "Le temps d'un camp est écoulé : la partie est en pause jusqu'à ce qu'un autre siège la reprenne.",
  en: "A side's time ran out: the battle is paused until another seat resumes it.",
});
export const CLOCK_FORFEIT = serverRejection('lostOnTime', {
  fr: 'La partie est terminée : un camp a perdu au temps.',
  en: 'The battle is over: a side lost on time.',
});
export const CANNOT_RESUME = serverRejection('cannotResumeClock', {
  fr: "Seul l'adversaire du camp à court de temps ou l'arbitre peut reprendre une partie en pause.",
  en: 'Only the opponent of the side out of time, or the referee, may resume a paused battle.',
});

/**
 * A battle room's clocks (rooms/clock.ts for the arithmetic): follows the
 * game and its seats, runs one timer for the next side to run out, and
 * hands the room the outcome when it does. The room stores `current()` with
 * every write, so the clocks survive a restart.
 */
export class BattleClock {
  private timer: unknown = null;

  constructor(
    private state: ClockState,
    private readonly timers: ClockTimers,
    /** Called once the policy was applied to sides out of time; the room tells every seat and saves. */
    private readonly ranOut: (sides: string[]) => void,
    private readonly sides: readonly string[],
  ) {}

  /** The clocks of a battle opened again from its record (clock.ts reopen). */
  static reopened(
    stored: ClockState,
    timers: ClockTimers,
    ranOut: (sides: string[]) => void,
    sides: readonly string[],
  ): BattleClock {
    return new BattleClock(reopen(stored, timers.now()), timers, ranOut, sides);
  }

  /** The clocks after the game moves to `game` (not yet committed): stored with the action before anyone hears of it. */
  next(game: GameState, access: BattleAccess | null, decided: boolean): ClockState {
    return follow(this.state, awaitedSides(game, access), this.timers.now(), decided);
  }

  /** Takes `next` as the clocks, and applies the policy at once to a side already out of time (a deadline passed while closed). */
  commit(next: ClockState): void {
    this.state = next;
    this.arm();
  }

  /** The clocks as they stand now, for a write. */
  current(): ClockState {
    return follow(this.state, this.state.running, this.timers.now(), false);
  }

  view(): ClockView {
    return viewOf(this.state, this.timers.now());
  }

  get forfeited(): boolean {
    return this.state.forfeit !== null;
  }

  /** Why no action may be played now, or null. */
  refusal(): Rejection | null {
    if (this.state.forfeit) return CLOCK_FORFEIT;
    return this.state.paused !== null ? CLOCK_PAUSED : null;
  }

  /** A seat resumes a paused battle; false when it may not. The room follows the game right after. */
  resume(seat: Seat): boolean {
    const resumed = resume(this.state, seat);
    if (!resumed) return false;
    this.state = resumed;
    return true;
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.stop();
    const wait = nextExpiryIn(this.state, this.timers.now());
    if (wait === null) return;
    if (wait <= 0) return this.check();
    this.timer = this.timers.setTimeout(() => this.check(), Math.min(wait, LONGEST_WAIT_MS));
  }

  private check(): void {
    this.timer = null;
    const now = this.timers.now();
    const out = expired(this.state, now);
    if (out.length === 0) return this.arm();
    this.state = timeOut(this.state, out, this.sides, now);
    this.arm();
    this.ranOut(out);
  }
}
