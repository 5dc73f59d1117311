/**
 * Time controls (issue 12; docs/time-controls.md): the arithmetic of a
 * battle's clocks, pure and given the time, so that tests never wait.
 *
 * One model for both kinds: each side has a time left, charged while the
 * game awaits that side's decision (`running`, since `since`).
 * - `clock` (live play): each side starts with `initialSeconds`; a side
 *   whose decision is made and the wait passes to another side gains
 *   `incrementSeconds` (Fischer, per handover, not per action: the
 *   number of actions a turn takes does not change a clock).
 * - `deadline` (async play): a side newly awaited after a decision gets
 *   `turnSeconds` afresh; the deadline covers every action until the wait
 *   passes on.
 * The awaited sides come from public facts only (the phase, the active
 * side, the defender of a pending choice, the deployment's done flags), so
 * a clock tells nothing about what lies under a cover.
 */
import { z } from 'zod';
import type { GameState } from '@lames/rules';
import type { BattleAccess } from '../persistence/store';
import { endedByOrganiser } from './organiser-control';

export const TIMEOUT_POLICIES = ['notify', 'pause', 'forfeit'] as const;
export type TimeoutPolicy = (typeof TIMEOUT_POLICIES)[number];

const policy = z.enum(TIMEOUT_POLICIES);

/** The options of a battle's time control, chosen at creation (lobby form, tournament). */
export const timeControlSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('clock'),
    initialSeconds: z.number().int().min(60).max(86_400),
    incrementSeconds: z.number().int().min(0).max(3_600).default(0),
    onTimeout: policy,
  }),
  z.object({
    mode: z.literal('deadline'),
    turnSeconds: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400),
    onTimeout: policy,
  }),
]);
export type TimeControl = z.infer<typeof timeControlSchema>;

/** What a paused clock gives the side whose time ran out when it is resumed in clock mode (deadline mode: a whole deadline). */
export const RESUME_GRACE_MS = 60_000;

/** A battle's clocks as stored with its record and each journal head (times in ms since the epoch). */
export interface ClockState {
  control: TimeControl;
  /** Each side's time left at `since` (or when it stopped). */
  remainingMs: Record<string, number>;
  /** The sides whose decision is awaited and whose time runs; [] while the clocks stand still. */
  running: string[];
  /** When the running sides were last charged; null while stopped. */
  since: number | null;
  /** Sides whose time ran out and were dealt with by the policy (told once until they have time again). */
  timedOut: string[];
  /** Pause policy: the side whose time ran out; no action is accepted until another seat resumes. */
  paused: string | null;
  /** Forfeit policy: the battle ended on time. `winner` null when every side ran out at once. */
  forfeit: { losers: string[]; winner: string | null; at: string } | null;
}

export const clockStateSchema = z.object({
  control: timeControlSchema,
  remainingMs: z.record(z.string(), z.number()),
  running: z.array(z.string()),
  since: z.number().nullable(),
  timedOut: z.array(z.string()),
  paused: z.string().nullable(),
  forfeit: z
    .object({ losers: z.array(z.string()), winner: z.string().nullable(), at: z.string() })
    .nullable(),
});

/** What every seat receives: the same for all, times relative to the moment of sending (no clock skew). */
export interface ClockView {
  control: TimeControl;
  remainingMs: Record<string, number>;
  running: string[];
  timedOut: string[];
  paused: string | null;
  forfeit: ClockState['forfeit'];
}

const fullTime = (control: TimeControl) =>
  1000 * (control.mode === 'clock' ? control.initialSeconds : control.turnSeconds);

export function newClock(control: TimeControl, sides: readonly string[]): ClockState {
  const remainingMs = Object.fromEntries(sides.map((s) => [s, fullTime(control)]));
  return {
    control,
    remainingMs,
    running: [],
    since: null,
    timedOut: [],
    paused: null,
    forfeit: null,
  };
}

/** The sides the game waits for, or [] when no clock should run: seats still free, or the battle over. */
export function awaitedSides(state: GameState, access: BattleAccess | null): string[] {
  // Nobody's time runs once the battle is over, whoever ended it.
  if (state.status === 'ended' || !access || endedByOrganiser(access)) return [];
  // Waiting for players is nobody's time: the clocks start once every side is claimed.
  if (state.sides.some((s) => !access.seats[s.id]?.keyHash)) return [];
  if (state.deployment)
    return Object.entries(state.deployment.sides).flatMap(([side, d]) => (d.done ? [] : [side]));
  if (state.pendingLosses) return [state.pendingLosses.side];
  return [state.activeSide];
}

/** The time left of `side` at `now`. */
export function timeLeft(c: ClockState, side: string, now: number): number {
  const left = c.remainingMs[side] ?? 0;
  return c.since !== null && c.running.includes(side)
    ? Math.max(0, left - Math.max(0, now - c.since))
    : left;
}

/** The clocks with the time since `since` charged to the running sides. */
export function charge(c: ClockState, now: number): ClockState {
  if (c.since === null) return c;
  const remainingMs = { ...c.remainingMs };
  for (const side of c.running) remainingMs[side] = timeLeft(c, side, now);
  return { ...c, remainingMs, since: now };
}

const sameSides = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/**
 * The clocks after a change of the game or its seats: charged up to `now`,
 * then running for `awaited`. `decided` when the change is an accepted
 * action: only then does a handover earn the increment or a fresh deadline
 * (a seat handed over and claimed again restarts nobody's deadline).
 */
export function follow(
  c: ClockState,
  awaited: readonly string[],
  now: number,
  decided: boolean,
): ClockState {
  const charged = charge(c, now);
  const next = c.paused !== null || c.forfeit !== null ? [] : [...awaited];
  if (sameSides(next, c.running)) return charged;
  const remainingMs = { ...charged.remainingMs };
  let timedOut = charged.timedOut;
  if (decided) {
    const { control } = c;
    const credited =
      control.mode === 'clock'
        ? c.running.filter((s) => !next.includes(s))
        : next.filter((s) => !c.running.includes(s));
    for (const side of credited) {
      remainingMs[side] =
        control.mode === 'clock'
          ? remainingMs[side] + 1000 * control.incrementSeconds
          : fullTime(control);
      // A side with time again may be told again when it runs out.
      if (remainingMs[side] > 0) timedOut = timedOut.filter((s) => s !== side);
    }
  }
  return { ...charged, remainingMs, timedOut, running: next, since: next.length > 0 ? now : null };
}

/** The running sides whose time is out and who were not dealt with yet. */
export function expired(c: ClockState, now: number): string[] {
  return c.running.filter((s) => !c.timedOut.includes(s) && timeLeft(c, s, now) <= 0);
}

/**
 * When the next side runs out while no room holds the battle, in ms since the
 * epoch, or null when nothing can: a deadline keeps running (see reopen), a
 * live clock does not. What the deadline sweep (rooms/deadline-sweep.ts)
 * looks for; a forfeit the rules' state does not show yet is due at once.
 */
export function dueWhileClosed(c: ClockState): number | null {
  if (c.forfeit) return Date.parse(c.forfeit.at);
  if (c.control.mode !== 'deadline' || c.since === null) return null;
  const wait = nextExpiryIn(c, c.since);
  return wait === null ? null : c.since + wait;
}

/** Milliseconds until the next side runs out, or null when nothing can run out. */
export function nextExpiryIn(c: ClockState, now: number): number | null {
  const waits = c.running.filter((s) => !c.timedOut.includes(s)).map((s) => timeLeft(c, s, now));
  return waits.length > 0 ? Math.min(...waits) : null;
}

/**
 * The policy applied to `sides`, whose time ran out: `notify` only records
 * them (play goes on), `pause` stops every clock and every action, `forfeit`
 * ends the battle, won by the one side left in time (`allSides`), if one.
 */
export function timeOut(
  c: ClockState,
  sides: readonly string[],
  allSides: readonly string[],
  now: number,
): ClockState {
  const charged = charge(c, now);
  const timedOut = [...charged.timedOut, ...sides.filter((s) => !charged.timedOut.includes(s))];
  switch (c.control.onTimeout) {
    case 'notify':
      return { ...charged, timedOut };
    case 'pause':
      return { ...charged, timedOut, paused: sides[0], running: [], since: null };
    case 'forfeit': {
      const left = allSides.filter((s) => !sides.includes(s));
      const forfeit = {
        losers: [...sides],
        winner: left.length === 1 ? left[0] : null,
        at: new Date(now).toISOString(),
      };
      return { ...charged, timedOut, forfeit, running: [], since: null };
    }
  }
}

/**
 * A paused battle resumed by `seat`: any seat but the side whose time ran
 * out (its opponent or the referee). That side gets RESUME_GRACE_MS (clock)
 * or a whole deadline; the room then follows the game again. Null when the
 * seat may not resume or nothing is paused.
 */
export function resume(c: ClockState, seat: string): ClockState | null {
  if (c.paused === null || seat === c.paused || seat === 'spectator') return null;
  const side = c.paused;
  const grace = c.control.mode === 'clock' ? RESUME_GRACE_MS : fullTime(c.control);
  return {
    ...c,
    remainingMs: { ...c.remainingMs, [side]: Math.max(c.remainingMs[side] ?? 0, grace) },
    timedOut: c.timedOut.filter((s) => s !== side),
    paused: null,
  };
}

/**
 * The clocks of a battle a room opens again. A live clock does not count
 * the time no room held the battle (every seat had left, or the server was
 * down; after a crash, the time since the last stored write is not
 * charged either); a deadline is wall-clock time and keeps running.
 */
export function reopen(c: ClockState, now: number): ClockState {
  if (c.since === null) return c;
  return c.control.mode === 'clock' ? { ...c, since: now } : charge(c, now);
}

export function viewOf(c: ClockState, now: number): ClockView {
  const charged = charge(c, now);
  return {
    control: c.control,
    remainingMs: charged.remainingMs,
    running: c.running,
    timedOut: c.timedOut,
    paused: c.paused,
    forfeit: c.forfeit,
  };
}
