/**
 * The replay route's wrong keys (issue 12, src/replay/): throttled like a
 * wrong key at a room door. In a file of its own because it needs a server
 * with its own throttle, and a process runs one server at a time (app.ts).
 */
import { AttemptThrottle } from '../src/limits/attempts';
import { startTestServer } from './helpers';

test('wrong keys are throttled like a wrong key at a room door (limits/attempts.ts)', async () => {
  const throttled = await startTestServer({ attempts: new AttemptThrottle({ freeFailures: 2 }) });
  try {
    const ask = () =>
      fetch(`${throttled.url}/api/battles/somebattle/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'B'.repeat(22) }),
      });
    expect([(await ask()).status, (await ask()).status, (await ask()).status]).toEqual([
      403, 403, 403,
    ]);
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  } finally {
    await throttled.close();
  }
});
