/**
 * Issue 9: the events reach each seat as compact bytes (@lames/rules
 * wire/events.ts), sendBytes on the server, decodeEvents on the client (as
 * packages/client/src/game/game.ts reads them). Over a real server with real
 * SDK clients, a random game of the-wood-edge (a hidden deployment, then
 * play) is replayed beside it through the rules: after every action, each
 * seat (both sides and a spectator) must have decoded exactly the events
 * the rules let it read (eventsFor), in order.
 */
import { apply, createGame, eventsFor, type Seat } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { asSent, randomGame } from '@lames/rules/testing';
import {
  leaveAll,
  seatEveryone,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from './helpers';
import { MESSAGE_RATE } from '../src/limits/message-rate';

const SEED = 'events-wire';
const ACTIONS = 40;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: () => SEED });
});
afterAll(async () => server.close());

test('every seat decodes exactly the events the rules told it, action after action', async () => {
  const scenario = scenarioById('the-wood-edge')!;
  const script = randomGame(scenario, SEED, { limit: ACTIONS }).script;
  const { seats } = await seatEveryone(server, {
    scenarioId: 'the-wood-edge',
    seat: scenario.sides[0].id,
    listed: false,
  });
  const watching = Object.entries(seats) as [Seat, Seated][];
  let state = createGame(scenario, SEED);
  let sentAt = 0;
  for (const { seat, action } of script) {
    // One action per refill of the message-rate bucket (limits/message-rate.ts): a fast machine would otherwise be rate-limited.
    await new Promise((r) =>
      setTimeout(r, Math.max(0, sentAt + 1000 / MESSAGE_RATE.perSecond - Date.now())),
    );
    sentAt = Date.now();
    const told = watching.map(([, s]) => s.inbox.events.length);
    seats[seat].room.send('action', action);
    await waitFor(
      () => watching.every(([, s], i) => s.inbox.events.length > told[i]),
      `the events of ${action.type}`,
      20_000,
    );
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`the rules refused ${action.type} here`);
    state = r.state;
    for (const [at, s] of watching) {
      expect({ at, action: action.type, events: s.inbox.events.at(-1) }).toEqual({
        at,
        action: action.type,
        events: asSent(eventsFor(r.events, at)),
      });
    }
  }
  expect(watching.every(([, s]) => s.inbox.events.length === script.length)).toBe(true);
  await leaveAll(...watching.map(([, s]) => s));
}, 120_000);
