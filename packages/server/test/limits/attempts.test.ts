/**
 * The throttle of wrong seat keys, invites and claims (issue 7: guessing a
 * credential must not be free).
 */
import { AttemptThrottle } from '../../src/limits/attempts';

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe('AttemptThrottle', () => {
  test('five failures a minute are free, the sixth makes the address wait', () => {
    const { now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 5; i++) {
      expect(throttle.check('1.2.3.4')).toBeNull();
      throttle.failure('1.2.3.4');
    }
    expect(throttle.check('1.2.3.4')).toBeNull();
    throttle.failure('1.2.3.4');
    expect(throttle.check('1.2.3.4')).toBe(2);
  });

  test('failures spread over more than a minute stay free', () => {
    const { time, now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 20; i++) {
      throttle.failure('1.2.3.4');
      expect(throttle.check('1.2.3.4')).toBeNull();
      time.now += 13_000;
    }
  });

  test('the wait doubles with each further failure, even when each wait is waited out', () => {
    const { time, now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 5; i++) throttle.failure('a');
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      throttle.failure('a');
      const wait = throttle.check('a')!;
      waits.push(wait);
      time.now += wait * 1000;
      expect(throttle.check('a')).toBeNull();
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64]);
  });

  test('the wait is capped at 15 minutes', () => {
    const { time, now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 40; i++) {
      throttle.failure('a');
      time.now += (throttle.check('a') ?? 0) * 1000;
    }
    throttle.failure('a');
    expect(throttle.check('a')).toBe(15 * 60);
  });

  test('other addresses are not held back', () => {
    const { now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 10; i++) throttle.failure('a');
    expect(throttle.check('a')).not.toBeNull();
    expect(throttle.check('b')).toBeNull();
  });

  test('a success does not wipe the failures (a valid key between guesses gains nothing)', () => {
    const { now } = clock();
    const throttle = new AttemptThrottle({ now });
    for (let i = 0; i < 6; i++) {
      throttle.failure('a');
      throttle.success('a');
    }
    expect(throttle.check('a')).not.toBeNull();
  });

  test('an address is forgotten after a quiet period: its next failures are free again', () => {
    const { time, now } = clock();
    const throttle = new AttemptThrottle({ now, quietMs: 10 * 60_000 });
    for (let i = 0; i < 8; i++) throttle.failure('a');
    const wait = throttle.check('a')!;
    time.now += wait * 1000 + 10 * 60_000;
    expect(throttle.check('a')).toBeNull();
    expect(throttle.size).toBe(0);
    throttle.failure('a');
    expect(throttle.check('a')).toBeNull();
  });

  test('memory is bounded: beyond maxEntries the address whose last failure is oldest is dropped', () => {
    const { time, now } = clock();
    const throttle = new AttemptThrottle({ now, maxEntries: 3 });
    for (let i = 0; i < 6; i++) throttle.failure('old');
    time.now += 1;
    for (const ip of ['b', 'c']) throttle.failure(ip);
    // 'old' fails again: it becomes the most recent, 'b' the oldest.
    throttle.failure('old');
    throttle.failure('d');
    expect(throttle.size).toBe(3);
    expect(throttle.check('old')).not.toBeNull();
    for (let i = 0; i < 10_000; i++) throttle.failure(`x${i}`);
    expect(throttle.size).toBe(3);
  });
});
