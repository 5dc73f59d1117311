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
} {
  if (!config.redisUrl) return {};
  // Both take the URL as is (ioredis parses redis:// and rediss://); each opens its own connections.
  return {
    presence: new RedisPresence(config.redisUrl),
    driver: new RedisDriver(config.redisUrl),
  };
}
