import type { Presence } from '@colyseus/core';
import { replayJournal } from '../persistence/journal';
import type { BattleStore } from '../persistence/store';
import { claimOpenBattle } from '../scaling';
import type { ClockTimers } from './battle-clock';
import { timedOutRecord } from './time-out';

/**
 * The deadline sweep (issue 12, docs/time-controls.md): a deadline passes
 * while no room holds the battle (an asynchronous battle everyone left),
 * and nobody opens it again; without the sweep it would show as running in
 * the lobby, the standings and the organiser's page until someone did.
 *
 * Every pass asks the store for the battles whose time ran out
 * (listClockDue), takes each one's claim (scaling.ts: the claim every room
 * holds while it runs the battle, in whichever process), and applies the
 * policy to the stored record as a room opening it would (rooms/time-out.ts:
 * notify, pause, or the end of the battle lost on time), stored as a
 * snapshot. A battle whose claim is taken is left alone: a room holds it and
 * its own timer applies the policy, or another process's sweep is at it.
 */

/** Battles dealt with per pass at most; the rest wait for the next pass. */
export const DEADLINE_SWEEP_BATCH = 100;

export interface DeadlineSweepDeps {
  store: BattleStore;
  /** The presence every process shares (Redis with REDIS_URL), where rooms hold their claims. */
  presence: Presence;
  logError: (message: string, error?: unknown) => void;
}

/** One pass at `now` (ms since the epoch): the ids of the battles whose time control was applied. */
export async function sweepDeadlines(deps: DeadlineSweepDeps, now: number): Promise<string[]> {
  const applied: string[] = [];
  for (const id of await deps.store.listClockDue(now, DEADLINE_SWEEP_BATCH)) {
    const claim = await claimOpenBattle(deps.presence, id);
    if (!claim) continue;
    try {
      if (await timeOutStored(deps.store, id, now)) applied.push(id);
    } catch (e) {
      deps.logError(`battle ${id}: the deadline sweep could not apply its time control`, e);
    } finally {
      await claim.release();
    }
  }
  return applied;
}

/** Under the battle's claim: the record stored first (a snapshot), read again so that nothing saved before the claim is missed. */
async function timeOutStored(store: BattleStore, id: string, now: number): Promise<boolean> {
  const stored = await store.load(id);
  const next = stored && timedOutRecord(replayJournal(stored), now);
  if (!next) return false;
  await store.save(next);
  return true;
}

/**
 * Runs a pass every `intervalMs` on `timers` (the server's time; tests move
 * their own), the next one armed once a pass is over so that passes never
 * overlap. Real timers are unref'd (battle-clock.ts realTimers): the sweep
 * never keeps a process alive. stop() waits for a pass under way.
 */
export function startDeadlineSweep(
  deps: DeadlineSweepDeps & { timers: ClockTimers; intervalMs: number },
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: unknown = null;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      await sweepDeadlines(deps, deps.timers.now());
    } catch (e) {
      deps.logError('the deadline sweep failed', e);
    }
  };
  const arm = () => {
    timer = deps.timers.setTimeout(() => {
      timer = null;
      running = pass().then(() => {
        if (!stopped) arm();
      });
    }, deps.intervalMs);
  };
  arm();
  return {
    async stop() {
      stopped = true;
      if (timer !== null) deps.timers.clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
