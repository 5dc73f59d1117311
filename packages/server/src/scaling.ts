/**
 * How rooms are shared between server processes.
 *
 * With REDIS_URL, Colyseus keeps its room list (driver) and its messages
 * between processes (presence) in Redis, so several processes behind a load
 * balancer see and join each other's rooms. Without it, Colyseus uses its
 * in-memory defaults, right for a single process.
 */
import type { MatchMakerDriver, Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import type { ServerConfig } from './config';

/** Pass the result to `new Server({ ...scalingOptions(config), transport })`; Server.gracefullyShutdown closes both. */
export function scalingOptions(config: ServerConfig): {
  presence?: Presence;
  driver?: MatchMakerDriver;
  publicAddress?: string;
} {
  // The seat reservation of a room carries its process's publicAddress: the
  // client then opens its WebSocket there, so it reaches the process that
  // holds the room whichever process answered the matchmaking request.
  const routing = config.publicAddress ? { publicAddress: config.publicAddress } : {};
  if (!config.redisUrl) return routing;
  // Both take the URL as is (ioredis parses redis:// and rediss://); each opens its own connections.
  return {
    presence: new RedisPresence(config.redisUrl),
    driver: new RedisDriver(config.redisUrl),
    ...routing,
  };
}

/** How long an open battle's claim outlives its process if that process dies without releasing it. */
export const OPEN_CLAIM_TTL_SECONDS = 30;

export interface OpenClaim {
  /** Ends the claim: call it once the room's last save is done, so a new room loads that save. */
  release(): Promise<void>;
}

/**
 * Claims a saved battle for the room about to resume it, in the presence
 * every process shares (Redis with REDIS_URL): at most one claim per battle
 * at a time, whichever process asks. Colyseus's Redis driver keys rooms by
 * id but does not refuse a second room with the same id, and the room's
 * "already open?" query cannot see a room still being created: two resumes
 * at once would both pass it. The count is raised and its expiry set in one
 * MULTI (hincrbyex), so a crash never leaves a claim without an end; the
 * holder renews it while it lives. Null when another room holds it.
 */
export async function claimOpenBattle(presence: Presence, battleId: string): Promise<OpenClaim | null> {
  const key = `lames:open-battle:${battleId}`;
  const count = await presence.hincrbyex(key, 'claims', 1, OPEN_CLAIM_TTL_SECONDS);
  if (count !== 1) return null;
  const renew = setInterval(() => void presence.expire(key, OPEN_CLAIM_TTL_SECONDS), (OPEN_CLAIM_TTL_SECONDS * 1000) / 3);
  renew.unref();
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      await presence.del(key);
    },
  };
}
