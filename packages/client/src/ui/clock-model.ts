/**
 * The battle's clocks as the page shows them (issue 12, time controls;
 * docs/time-controls.md). The server is the authority: each `clock` message
 * carries every side's time left at the moment it was sent, and the page
 * counts the running sides down from the moment it arrived, until the next
 * message corrects it. Pure: the time is given.
 */

export type TimeoutPolicy = 'notify' | 'pause' | 'forfeit';
export type TimeControl =
  | { mode: 'clock'; initialSeconds: number; incrementSeconds: number; onTimeout: TimeoutPolicy }
  | { mode: 'deadline'; turnSeconds: number; onTimeout: TimeoutPolicy };

/** The server's `clock` message (server rooms/clock.ts ClockView). */
export interface ClockView {
  control: TimeControl;
  remainingMs: Record<string, number>;
  running: string[];
  timedOut: string[];
  paused: string | null;
  forfeit: { losers: string[]; winner: string | null; at: string } | null;
}

/** A clock view and the local time it arrived at. */
export interface ReceivedClock {
  view: ClockView;
  at: number;
}

export interface SideClock {
  side: string;
  ms: number;
  running: boolean;
  /** Under a tenth of the full time, or under a minute: the side is warned. */
  low: boolean;
  out: boolean;
}

const fullMs = (c: TimeControl) => 1000 * (c.mode === 'clock' ? c.initialSeconds : c.turnSeconds);

/** Each side's time left at local time `now`, in the order of `sides`. */
export function sideClocks(
  received: ReceivedClock,
  sides: readonly string[],
  now: number,
): SideClock[] {
  const { view, at } = received;
  const threshold = Math.min(60_000 * 5, Math.max(60_000, fullMs(view.control) / 10));
  return sides.map((side) => {
    const running = view.running.includes(side);
    const ms = Math.max(0, (view.remainingMs[side] ?? 0) - (running ? Math.max(0, now - at) : 0));
    return { side, ms, running, low: ms < threshold, out: ms <= 0 || view.timedOut.includes(side) };
  });
}

/** 1:05:09, 4:07, 0:09: hours only when there are any; days for long deadlines (2 d 03:00). */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${two(hours)}:${two(minutes)}`;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** Whether `seat` may resume a paused battle: the opponent of the side out of time, or the referee (as the server checks). */
export function mayResume(view: ClockView, seat: string | null): boolean {
  return view.paused !== null && seat !== null && seat !== 'spectator' && seat !== view.paused;
}

/** The time control of the create form: none, or one of the two kinds with its policy. */
export interface TimeControlForm {
  mode: 'none' | 'clock' | 'deadline';
  minutes: number;
  incrementSeconds: number;
  hours: number;
  onTimeout: TimeoutPolicy;
}

export const DEFAULT_TIME_CONTROL_FORM: TimeControlForm = {
  mode: 'none',
  minutes: 30,
  incrementSeconds: 10,
  hours: 24,
  onTimeout: 'notify',
};

/** The option the server takes (server rooms/options.ts), or undefined without a time control. */
export function timeControlOption(form: TimeControlForm): TimeControl | undefined {
  if (form.mode === 'clock')
    return {
      mode: 'clock',
      initialSeconds: Math.round(form.minutes * 60),
      incrementSeconds: Math.round(form.incrementSeconds),
      onTimeout: form.onTimeout,
    };
  if (form.mode === 'deadline')
    return {
      mode: 'deadline',
      turnSeconds: Math.round(form.hours * 3600),
      onTimeout: form.onTimeout,
    };
  return undefined;
}
