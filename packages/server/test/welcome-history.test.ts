/**
 * Issue 9 (memory per room): a room keeps its event log packed
 * (src/rooms/packed-list.ts) and unpacks it for the history a seat gets on
 * entering. That history must be exactly what the seat saw live: the same
 * events, in the same order, and only what the seat may see (§4.5 hidden
 * units: `eventsFor` filters each seat's events, live and in the welcome).
 */
import {
  joinBattle,
  leaveAll,
  seatEveryone,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Every event a connection received live, in order. */
const liveLog = (s: Seated) => s.inbox.events.flat();

/** The side to play ends its turn; answers false when the rules refuse it. */
async function endTurn(seats: Record<string, Seated>, spectator: Seated): Promise<boolean> {
  const side = spectator.room.state.activeSide as string;
  const actor = seats[side];
  const before = spectator.room.state.actionCount as number;
  const refusals = actor.inbox.rejected.length;
  actor.room.send('action', { type: 'endTurn' });
  await waitFor(
    () => spectator.room.state.actionCount > before || actor.inbox.rejected.length > refusals,
    `${side}'s end of turn`,
    10_000,
  );
  return actor.inbox.rejected.length === refusals;
}

test('issue 9: the history a seat gets on entering equals, event for event, what it received live', async () => {
  const { battleId, seats, keys, invites } = await seatEveryone(server);
  const { spectator } = seats;
  let played = 0;
  while (played < 8 && (await endTurn(seats, spectator))) played += 1;
  expect(played).toBeGreaterThanOrEqual(3);
  // Every seat holds every action's events before anyone leaves.
  const count = (s: Seated) => s.inbox.events.length;
  await waitFor(
    () => Object.values(seats).every((s) => count(s) === played),
    'every action at every seat',
    10_000,
  );
  const kinds = new Set(liveLog(spectator).map((e) => (e as { type: string }).type));
  expect(kinds.size).toBeGreaterThan(1);

  for (const seat of ['ardenne', 'black-teeth']) {
    const live = liveLog(seats[seat]);
    await seats[seat].room.leave(true);
    const back = await joinBattle(server, battleId, {
      key: keys[seat],
      playerName: `De retour ${seat}`,
    });
    expect(back.inbox.welcome[0].log).toEqual(live);
    await leaveAll(back);
  }
  const late = await joinBattle(server, battleId, {
    invite: invites.spectator,
    playerName: 'Tardif',
  });
  expect(late.inbox.welcome[0].log).toEqual(liveLog(spectator));
  await leaveAll(late, spectator);
}, 60_000);
