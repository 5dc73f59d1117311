/**
 * Issue 9: a room's encoding buffers start small and grow to its battle's
 * state (sync/serializer.ts), instead of being sized for the largest battle
 * in every room. What must hold: the largest object a seat's view carries
 * (a side's deployment secret, §4.5.2: the stress battle's waiting units
 * as JSON, larger than the buffers' first size) reaches the seat whole, when the battle is
 * created and when the seat enters again; and a small battle keeps small
 * buffers.
 */
import { matchMaker } from '@colyseus/core';
import { createGame, type Scenario } from '@lames/rules';
import { scenarioById, SCENARIOS } from '@lames/rules/scenarios';
import { stressScenario } from '@lames/rules/testing';
import { unitToWire } from '@lames/rules';
import { FIRST_BUFFER_SIZE } from '../src/sync/schema-library';
import {
  joinBattle,
  leaveAll,
  openBattle,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from './helpers';

const SEED = 'room-buffers';
const STRESS: Scenario = stressScenario();
/** The shipped scenario with the stress battle's sides, which the stress battle stands in for. */
const STAND = SCENARIOS.find(
  (s) => s.sides.map((x) => x.id).join() === STRESS.sides.map((x) => x.id).join(),
)!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: () => SEED,
    scenarios: { [STAND.id]: STRESS, 'ash-plain': scenarioById('ash-plain')! },
  });
});
afterAll(async () => server.close());

/** What the seat of `side` decoded of its deployment secret: the ids of its waiting units. */
function waitingDecoded(s: Seated, side: string): string[] {
  const secret = s.room.state.deploymentSecrets?.get(side);
  return secret ? (JSON.parse(secret.units) as { id: string }[]).map((u) => u.id) : [];
}

test("§4.5.2 the stress battle: each side receives its whole deployment secret (larger than the buffers' first size) on creating and on entering again", async () => {
  expect(STAND).toBeDefined();
  const game = createGame(STRESS, SEED);
  const [first] = game.sides.map((s) => s.id);
  const waiting = game.units
    .filter((u) => u.side === first && u.hidden && u.hex < 0)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const expected = waiting.map((u) => u.id);
  // the case this test is about: one object of the view far larger than the buffers' first size
  expect(
    Buffer.byteLength(JSON.stringify(waiting.map((u) => unitToWire(u, 0, false)))),
  ).toBeGreaterThan(FIRST_BUFFER_SIZE);

  const opened = await openBattle(server, { scenarioId: STAND.id, seat: first, listed: false });
  await waitFor(() => waitingDecoded(opened.creator, first).length > 0, 'the deployment secret');
  expect(waitingDecoded(opened.creator, first)).toEqual(expected);

  const again = await joinBattle(server, opened.battleId, { key: opened.key });
  await waitFor(() => waitingDecoded(again, first).length > 0, 'the deployment secret again');
  expect(waitingDecoded(again, first)).toEqual(expected);
  await leaveAll(again);
  await settle();
});

test("issue 9: a small battle keeps buffers of its own size, not the largest battle's", async () => {
  const opened = await openBattle(server, { scenarioId: 'ash-plain', listed: false });
  const room = matchMaker.getLocalRoomById(opened.battleId) as unknown as {
    _serializer: { fullEncodeBuffer: Uint8Array; encoder: { sharedBuffer: Uint8Array } };
  };
  expect(room._serializer.fullEncodeBuffer.byteLength).toBeLessThanOrEqual(2 * FIRST_BUFFER_SIZE);
  expect(room._serializer.encoder.sharedBuffer.byteLength).toBeLessThanOrEqual(
    4 * FIRST_BUFFER_SIZE,
  );
  await leaveAll(opened.creator);
});
