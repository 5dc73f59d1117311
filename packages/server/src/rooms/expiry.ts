import { matchMaker } from '@colyseus/core';
import type { BattleStore } from '../persistence/store';

/**
 * Battles nobody but their creator ever joined are forgotten after a while
 * without activity (LAMES_OPEN_BATTLE_TTL_HOURS), so that abandoned
 * openings do not pile up in the store and the lobby. A battle whose room
 * still has someone in it (or waiting to reconnect) is left alone.
 */
export async function sweepExpiredBattles(store: BattleStore, ttlMs: number, now = Date.now()): Promise<string[]> {
  const ids = await store.listExpired(new Date(now - ttlMs).toISOString());
  const deleted: string[] = [];
  for (const id of ids) {
    const [room] = await matchMaker.query({ name: 'battle', roomId: id });
    if (room && room.clients > 0) continue;
    // An empty room still open is closed first; its last save is done when disconnect resolves.
    if (room) await matchMaker.remoteRoomCall(id, 'disconnect').catch(() => undefined);
    await store.delete(id);
    deleted.push(id);
  }
  return deleted;
}

/** Runs the sweep every `intervalMs`; stop() waits for a sweep under way. */
export function startExpirySweep(options: {
  store: BattleStore;
  ttlMs: number;
  intervalMs: number;
  logError: (message: string, error?: unknown) => void;
}): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      sweepExpiredBattles(options.store, options.ttlMs).catch((e: unknown) => options.logError('the expiry sweep failed', e)),
    );
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
