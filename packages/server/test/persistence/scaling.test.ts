/**
 * Runs a real Colyseus server on Redis (LAMES_TEST_REDIS_URL) with the
 * presence and driver of scalingOptions, and looks into Redis with a separate
 * connection to see that the room really went there.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadEsmAsCommonJs } from './esm-interop';
import { matchMaker, Room, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { readConfig } from '../../src/config';
import { scalingOptions } from '../../src/scaling';

// See esm-interop.ts: lets @colyseus/core load under jest's CommonJS runtime.
jest.mock('rou3', () => loadEsmAsCommonJs(require.resolve('rou3')));

const REDIS_URL = process.env.LAMES_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// A name no other run uses, as runs share the Redis room list.
const ROOM_NAME = `lames_test_${randomBytes(6).toString('hex')}_trivial`;
// The hash where RedisDriver keeps the room list (ROOMCACHES_KEY in @colyseus/redis-driver).
const ROOM_CACHES = 'roomcaches';

class TrivialRoom extends Room {
  override onCreate(): void {
    // Nothing to set up: the test only needs the room to exist.
  }
}

test('without REDIS_URL, scalingOptions leaves Colyseus to its in-memory defaults', () => {
  expect(scalingOptions(readConfig({}))).toEqual({});
});

describe('with REDIS_URL', () => {
  let redis: Redis;
  let server: Server | undefined;

  beforeAll(async () => {
    // Fails fast with a clear message rather than letting ioredis retry forever.
    redis = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (e) {
      redis.disconnect();
      throw new Error(
        `Redis is not reachable at ${REDIS_URL} (${(e as Error).message}). These tests need it: start it ` +
          '(e.g. `sudo service redis-server start`, or `docker run -d -p 6379:6379 redis:7`) or point LAMES_TEST_REDIS_URL at one.',
      );
    }
  });

  afterAll(async () => {
    await server?.gracefullyShutdown(false);
    await redis?.quit();
  });

  test('a room created through the matchmaker is found by query and listed in Redis, and removed on shutdown', async () => {
    const options = scalingOptions(readConfig({ REDIS_URL }));
    expect(options.presence).toBeInstanceOf(RedisPresence);
    expect(options.driver).toBeInstanceOf(RedisDriver);

    server = new Server({
      ...options,
      transport: new WebSocketTransport(),
      greet: false,
      gracefullyShutdown: false,
    });
    server.define(ROOM_NAME, TrivialRoom);
    await server.listen(0, '127.0.0.1');

    const created = await matchMaker.createRoom(ROOM_NAME, {});
    expect(created.name).toBe(ROOM_NAME);

    const found = await matchMaker.query({ name: ROOM_NAME });
    expect(found.map((r) => r.roomId)).toEqual([created.roomId]);

    // The driver wrote the room into Redis, where other processes read it...
    const cached = await redis.hget(ROOM_CACHES, created.roomId);
    expect(cached).not.toBeNull();
    expect(JSON.parse(cached as string)).toMatchObject({ roomId: created.roomId, name: ROOM_NAME });
    // ...and the presence subscribed the room to its Redis channel.
    const channels = (await redis.pubsub('CHANNELS', '*')) as string[];
    expect(channels.some((c) => c.includes(created.roomId))).toBe(true);

    await server.gracefullyShutdown(false);
    server = undefined;
    expect(await redis.hexists(ROOM_CACHES, created.roomId)).toBe(0);
    // presence.shutdown() does not wait for its connections to close: wait here so jest exits cleanly.
    await waitFor(
      async () =>
        !((await redis.pubsub('CHANNELS', '*')) as string[]).some((c) =>
          c.includes(created.roomId),
        ),
    );
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
