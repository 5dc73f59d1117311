/**
 * Time controls in a real room (issue 12, "Optional time controls chosen at
 * creation"; docs/time-controls.md): the server runs the clocks on its own
 * time (a FakeTime here, moved by hand), charges the awaited side, sends
 * every seat the same view, and applies each timeout policy.
 */
import {
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from '../helpers';
import { FakeTime } from './fake-time';
import { ARDENNE, deploy, FORD, GOBLINS } from './ford';

const T0 = 1_800_000_000_000;
const MINUTE = 60_000;


let server: TestServer;
let time: FakeTime;
beforeEach(async () => {
  time = new FakeTime(T0);
  server = await startTestServer({
    timers: time,
    seed: () => 'clock room seed',
    scenarios: { 'the-ford': FORD },
  });
});
afterEach(async () => {
  await server.close();
});

async function timedBattle(timeControl: object) {
  const battle = await seatEveryone(server, {
    scenarioId: 'the-ford',
    seat: ARDENNE,
    timeControl,
    referee: true,
  });
  const everyone = Object.values(battle.seats);
  await waitFor(
    () => everyone.every((s) => s.inbox.clock.length > 0),
    'a clock view for every seat',
  );
  return { ...battle, everyone };
}

const lastClock = (s: Seated) => s.inbox.clock[s.inbox.clock.length - 1];

it('runs no clock before every side is claimed, then charges the side awaited (the deployment) on the server time', async () => {
  const { seats, everyone } = await timedBattle({
    mode: 'clock',
    initialSeconds: 600,
    incrementSeconds: 10,
    onTimeout: 'notify',
  });
  expect(seats[ARDENNE].inbox.clock[0].running).toEqual([]);
  expect(lastClock(seats.spectator).running).toEqual([GOBLINS]);
  time.advance(2 * MINUTE);
  seats[GOBLINS].room.send('action', deploy());
  await waitFor(
    () => everyone.every((s) => lastClock(s).running[0] !== GOBLINS),
    'the clock handed over',
  );
  // 10 minutes, 2 spent, 10 s of increment at the handover; the next side's clock runs
  expect(lastClock(seats.spectator).remainingMs[GOBLINS]).toBe(8 * MINUTE + 10_000);
  expect(lastClock(seats.spectator).running).toEqual([ARDENNE]);
  // no timing leak: every seat receives the same clock, whatever it may see of the hidden units
  for (const s of everyone) expect(lastClock(s)).toEqual(lastClock(seats.spectator));
});

it('notify: every seat is told when a side runs out, and play goes on', async () => {
  const { seats, everyone } = await timedBattle({
    mode: 'clock',
    initialSeconds: 300,
    onTimeout: 'notify',
  });
  time.advance(5 * MINUTE);
  await waitFor(
    () => everyone.every((s) => s.inbox.timeUp.length === 1),
    'every seat told of the timeout',
  );
  expect(seats.referee.inbox.timeUp[0]).toEqual({ sides: [GOBLINS], policy: 'notify' });
  seats[GOBLINS].room.send('action', deploy());
  await waitFor(() => seats[GOBLINS].inbox.events.length > 0, 'the deployment accepted');
  expect(seats[GOBLINS].inbox.rejected).toEqual([]);
});

it('pause: no action is accepted until the other side (not the one out of time) resumes', async () => {
  const { seats } = await timedBattle({ mode: 'deadline', turnSeconds: 3600, onTimeout: 'pause' });
  time.advance(60 * MINUTE);
  await waitFor(() => lastClock(seats[ARDENNE])?.paused === GOBLINS, 'the battle paused');
  seats[GOBLINS].room.send('action', deploy());
  await waitFor(() => seats[GOBLINS].inbox.rejected.length === 1, 'the refusal');
  expect(seats[GOBLINS].inbox.rejected[0].code).toBe('clockPaused');
  seats[GOBLINS].room.send('resumeClock');
  await waitFor(() => seats[GOBLINS].inbox.rejected.length === 2, 'the second refusal');
  expect(seats[GOBLINS].inbox.rejected[1].code).toBe('cannotResumeClock');
  seats[ARDENNE].room.send('resumeClock');
  await waitFor(() => lastClock(seats[GOBLINS]).paused === null, 'the battle resumed');
  // a whole deadline again for the side that ran out
  expect(lastClock(seats[GOBLINS]).remainingMs[GOBLINS]).toBe(60 * MINUTE);
  seats[GOBLINS].room.send('action', deploy());
  await waitFor(() => seats[GOBLINS].inbox.events.length > 0, 'the deployment accepted');
});

it('forfeit: the battle ends won by the other side, recorded with its reason in the summary', async () => {
  const { seats, battleId } = await timedBattle({
    mode: 'clock',
    initialSeconds: 120,
    onTimeout: 'forfeit',
  });
  time.advance(2 * MINUTE);
  await waitFor(() => lastClock(seats[ARDENNE])?.forfeit !== null, 'the forfeit');
  expect(lastClock(seats[ARDENNE]).forfeit).toMatchObject({ losers: [GOBLINS], winner: ARDENNE });
  seats[GOBLINS].room.send('action', deploy());
  await waitFor(() => seats[GOBLINS].inbox.rejected.length === 1, 'the refusal');
  expect(seats[GOBLINS].inbox.rejected[0].code).toBe('lostOnTime');
  let summary: { status: string; forfeit?: unknown; timeControl?: string } | undefined;
  for (let i = 0; i < 50 && summary?.status !== 'ended'; i++) {
    await settle(20);
    const res = await fetch(`${server.url}/api/battles/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [battleId] }),
    });
    summary = ((await res.json()) as { battles: (typeof summary)[] }).battles[0];
  }
  expect(summary).toMatchObject({
    status: 'ended',
    timeControl: 'clock',
    forfeit: { losers: [GOBLINS], winner: ARDENNE, reason: 'timeout' },
  });
});
