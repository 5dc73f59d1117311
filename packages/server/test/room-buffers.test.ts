/**
 * Issue 9: the battle rooms encode into two buffers they all share, which
 * start small and grow to the largest battle's state (sync/serializer.ts),
 * instead of buffers in every room. What must hold: the largest object a
 * seat's view carries (a side's deployment secret, §4.5.2: the stress
 * battle's waiting units as JSON, larger than the buffers' first size)
 * reaches the seat whole, when the battle is created and when the seat
 * enters again; no room holds buffers of its own; and what one room wrote
 * never reaches another's seats.
 */
import { matchMaker } from '@colyseus/core';
import { createGame, viewFor, type Scenario } from '@lames/rules';
import { comparable, decoded } from './support/seat-views';
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

type OpenRoom = {
  _serializer: {
    fullEncodeBuffer: Uint8Array;
    encoder: { sharedBuffer: Uint8Array };
    getFullState(): Uint8Array;
    needFullEncode: boolean;
  };
};

test('issue 9: battle rooms hold no encoding buffer of their own: every room reads the same two', async () => {
  const small = await openBattle(server, { scenarioId: 'ash-plain', listed: false });
  const other = await openBattle(server, { scenarioId: STAND.id, seat: STRESS.sides[0].id, listed: false });
  const [a, b] = [small, other].map((o) => matchMaker.getLocalRoomById(o.battleId) as unknown as OpenRoom);
  expect(a._serializer.fullEncodeBuffer).toBe(b._serializer.fullEncodeBuffer);
  expect(a._serializer.encoder.sharedBuffer).toBe(b._serializer.encoder.sharedBuffer);
  // a room's full state, asked again with nothing changed in it after the other room wrote the buffers, is still its own
  // (core kept it in the buffer and sent that again: both rooms are made to encode theirs now, as after a change)
  a._serializer.needFullEncode = true;
  const before = Buffer.from(a._serializer.getFullState());
  b._serializer.needFullEncode = true;
  const others = Buffer.from(b._serializer.getFullState());
  expect(Buffer.from(a._serializer.getFullState())).toEqual(before);
  expect(others).not.toEqual(before);
  await leaveAll(small.creator, other.creator);
});

test('issue 9: a seat entering a battle after another battle has used the shared buffers decodes its own battle, as viewFor gives it', async () => {
  const scenario = scenarioById('ash-plain')!;
  const side = scenario.sides[0].id;
  const first = await openBattle(server, { scenarioId: 'ash-plain', seat: side, listed: false });
  // another battle (the stress battle: larger, other units) encodes its full state into the same buffers meanwhile
  const between = await openBattle(server, { scenarioId: STAND.id, seat: STRESS.sides[0].id, listed: false });
  await waitFor(() => between.creator.room.state.battleName !== '', 'the other battle');
  const again = await joinBattle(server, first.battleId, { key: first.key });
  await waitFor(() => again.room.state.scenarioId === 'ash-plain', 'the battle on entering again');
  const expected = viewFor(createGame(scenario, SEED), side);
  expect(comparable(decoded(again, side))).toEqual(comparable(expected));
  expect(again.room.state.board).toBe(first.creator.room.state.board);
  await leaveAll(again, between.creator);
  await settle();
});
