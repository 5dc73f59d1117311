/**
 * Issue 9: an action's patch and its events leave each connection's socket
 * in one write (sync/corked.ts), not one write per frame; what each seat
 * decodes is checked elsewhere (events-wire.test.ts, decoy-streams.test.ts),
 * this counts the writes on the server's side of every connection.
 */
import { matchMaker } from '@colyseus/core';
import type { Seat } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { randomGame } from '@lames/rules/testing';
import { leaveAll, seatEveryone, startTestServer, waitFor, type Seated, type TestServer } from './helpers';

const SEED = 'corked-sends';

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ seed: () => SEED })));
afterAll(async () => server.close());

interface CountedSocket {
  _write: (...args: unknown[]) => void;
  _writev: (...args: unknown[]) => void;
}

test("issue 9: each connection receives an action's patch and events in one socket write", async () => {
  const scenario = scenarioById('the-wood-edge')!;
  const [{ seat, action }] = randomGame(scenario, SEED, { limit: 1 }).script;
  const { battleId, seats } = await seatEveryone(server, { scenarioId: 'the-wood-edge', seat: scenario.sides[0].id, listed: false });
  const room = matchMaker.getLocalRoomById(battleId) as unknown as { clients: { ref: { _socket: CountedSocket } }[] };
  let writes = 0;
  for (const { ref } of room.clients) {
    const socket = ref._socket;
    for (const method of ['_write', '_writev'] as const) {
      const original = socket[method].bind(socket);
      socket[method] = (...args: unknown[]) => {
        writes += 1;
        original(...args);
      };
    }
  }
  const watching = Object.values(seats) as Seated[];
  seats[seat as Seat].room.send('action', action);
  await waitFor(() => watching.every((s) => s.inbox.events.length > 0), 'the events of the first action');
  expect(room.clients.length).toBe(watching.length);
  // one write each (uncorked: two each); a ping falling in this window would add one, not make it fail
  expect(writes).toBeGreaterThanOrEqual(room.clients.length);
  expect(writes).toBeLessThan(2 * room.clients.length);
  await leaveAll(...watching);
});
