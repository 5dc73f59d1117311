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
