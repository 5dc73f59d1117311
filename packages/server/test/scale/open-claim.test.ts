/**
 * Issue 12, "Scale": a battle is never open in two processes at once. The
 * claim of scaling.ts, on Redis as two processes share it (db 9, as the
 * two-process test) and on the in-memory presence of a lone process.
 */
import { randomBytes } from 'node:crypto';
import { LocalPresence, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import { claimOpenBattle, OPEN_CLAIM_TTL_SECONDS } from '../../src/scaling';

const REDIS_URL = `${process.env.LAMES_TEST_REDIS_URL || 'redis://127.0.0.1:6379'}/9`;

describe.each([
  ['Redis', () => new RedisPresence(REDIS_URL)],
  ['in-memory', () => new LocalPresence()],
])('claimOpenBattle on the %s presence', (_name, make: () => Presence) => {
  let presence: Presence;
  beforeAll(() => {
    presence = make();
  });
  afterAll(() => presence.shutdown());

  test('of many simultaneous claims of one battle, exactly one wins; after its release the battle can be claimed again', async () => {
    const id = `claim-${randomBytes(6).toString('hex')}`;
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimOpenBattle(presence, id)));
    const winners = claims.filter((c) => c !== null);
    expect(winners).toHaveLength(1);
    expect(await claimOpenBattle(presence, id)).toBeNull();
    await winners[0]!.release();
    const again = await claimOpenBattle(presence, id);
    expect(again).not.toBeNull();
    await again!.release();
  });

  test('claims of different battles do not hinder each other', async () => {
    const [one, two] = await Promise.all([claimOpenBattle(presence, `claim-${randomBytes(6).toString('hex')}`), claimOpenBattle(presence, `claim-${randomBytes(6).toString('hex')}`)]);
    expect(one).not.toBeNull();
    expect(two).not.toBeNull();
    await Promise.all([one!.release(), two!.release()]);
  });
});

test('on Redis the claim has an end: a process that dies holding it blocks the battle at most OPEN_CLAIM_TTL_SECONDS', async () => {
  const presence = new RedisPresence(REDIS_URL);
  const redis = new Redis(REDIS_URL);
  const id = `claim-${randomBytes(6).toString('hex')}`;
  try {
    const claim = await claimOpenBattle(presence, id);
    const ttl = await redis.ttl(`lames:open-battle:${id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(OPEN_CLAIM_TTL_SECONDS);
    await claim!.release();
    expect(await redis.exists(`lames:open-battle:${id}`)).toBe(0);
  } finally {
    redis.disconnect();
    presence.shutdown();
  }
});
