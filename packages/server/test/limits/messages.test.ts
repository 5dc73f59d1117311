/**
 * Messages from a connection (issue 7): at most 16 KiB each (WebSocket
 * maxPayload) and a rate per connection; a refusal goes to that client only.
 */
import { withinMessageRate } from '../../src/limits/message-rate';
import {
  leaveAll,
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from '../helpers';

describe('withinMessageRate (token bucket)', () => {
  test('a burst of 20 passes, the 21st waits for the refill of 10 a second', () => {
    const time = { now: 0 };
    const options = { perSecond: 10, burst: 20, now: () => time.now };
    const client = {};
    const burst = Array.from({ length: 21 }, () => withinMessageRate(client, options));
    expect(burst.filter(Boolean)).toHaveLength(20);
    expect(burst[20]).toBe(false);
    time.now += 100;
    expect(withinMessageRate(client, options)).toBe(true);
    expect(withinMessageRate(client, options)).toBe(false);
    // Another connection has its own bucket.
    expect(withinMessageRate({}, options)).toBe(true);
  });

  test('a quiet connection gets its full burst back, never more', () => {
    const time = { now: 0 };
    const options = { perSecond: 10, burst: 20, now: () => time.now };
    const client = {};
    for (let i = 0; i < 20; i++) withinMessageRate(client, options);
    time.now += 60_000;
    const after = Array.from({ length: 25 }, () => withinMessageRate(client, options));
    expect(after.filter(Boolean)).toHaveLength(20);
  });
});

describe('issue 7: messages on a real server', () => {
  let server: TestServer;
  let seats: Record<string, Seated>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ({ seats } = await seatEveryone(server));
  });
  afterEach(() => leaveAll(...Object.values(seats)));

  const codes = (s: Seated) => s.inbox.rejected.map((r) => r.code);

  test('a flood of messages is answered `rateLimited` beyond the burst, to the sender only', async () => {
    const { ardenne, 'black-teeth': other } = seats;
    for (let i = 0; i < 60; i++) ardenne.room.send('action', { type: 'nonsense' });
    // Other message types spend from the same budget. Sent with the flood: the answers to the
    // actions within the budget may come later (each waits for the battle's store writes queued
    // before it), and the budget must not have refilled meanwhile.
    ardenne.room.send('invites');
    ardenne.room.send('bogus', {});
    await waitFor(
      () => ardenne.inbox.rejected.length === 62,
      'an answer to each of the 62 messages',
    );
    const limited = codes(ardenne).filter((c) => c === 'rateLimited').length;
    expect(limited).toBeGreaterThanOrEqual(32);
    expect(codes(ardenne).filter((c) => c !== 'rateLimited').length).toBeGreaterThanOrEqual(20);
    // Neither the invites nor the unknown type reached its handler.
    expect(ardenne.inbox.invites).toEqual([]);
    expect(ardenne.inbox.rejected.filter((r) => /bogus/.test(r.message.en))).toEqual([]);
    await settle();
    expect(codes(other)).toEqual([]);
    // The room still serves the others meanwhile.
    other.room.send('action', { type: 'nonsense' });
    await waitFor(() => other.inbox.rejected.length === 1, 'the other seat’s answer');
    expect(codes(other)).toEqual(['malformedAction']);
  });

  test('after a quiet second the connection may send again', async () => {
    const { ardenne } = seats;
    for (let i = 0; i < 30; i++) ardenne.room.send('action', { type: 'nonsense' });
    await waitFor(() => ardenne.inbox.rejected.length === 30, 'the 30 answers');
    await settle(1100);
    ardenne.room.send('action', { type: 'nonsense' });
    await waitFor(() => ardenne.inbox.rejected.length === 31, 'one more answer');
    expect(codes(ardenne)[30]).toBe('malformedAction');
  });

  test('a message over 16 KiB closes the connection; one of 10 KiB is read', async () => {
    const { ardenne } = seats;
    ardenne.room.send('action', { type: 'nonsense', padding: 'x'.repeat(10 * 1024) });
    await waitFor(() => ardenne.inbox.rejected.length === 1, 'the answer to a 10 KiB message');
    expect(codes(ardenne)).toEqual(['malformedAction']);
    let closed: number | null = null;
    ardenne.room.onLeave((code) => (closed = code));
    ardenne.room.send('action', { type: 'nonsense', padding: 'x'.repeat(17 * 1024) });
    await waitFor(() => closed !== null, 'the connection to close');
    expect(closed).toBe(1009);
    // Nothing left to leave on that connection.
    delete seats.ardenne;
  });
});
