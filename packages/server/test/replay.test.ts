/**
 * Replays over HTTP (issue 12, src/replay/): "players see their own view
 * during the battle and the full view once it has ended; spectators of a
 * finished battle see everything", authorised by the seat key, throttled,
 * and under the secrets model: a player mid-battle gets nothing of what the
 * opponent hides, so the same public actions over a hidden unit and over a
 * decoy give that player the same replay bytes.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { matchMaker } from '@colyseus/core';
import {
  parseHexLabel,
  RULES_VERSION,
  verifyExport,
  type ActionInput,
  type SeatReplayWire,
} from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { FORD_DECOY, randomGame } from '@lames/rules/testing';
import {
  leaveAll,
  seatEveryone,
  settle,
  startTestServer,
  waitFor,
  type Seated,
  type TestServer,
} from './helpers';

const SEED = 'c0ffeec0ffeec0ffeec0ffeec0ffeec0';
const FORD = scenarioById('the-ford')!;
/** The-ford over one turn: a whole battle in some twenty actions. */
const SHORT = { ...FORD, id: 'short-ford', turnLimit: 1 };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: () => SEED,
    scenarios: { [SHORT.id]: SHORT, [FORD.id]: FORD },
  });
}, 60_000);
afterAll(() => server.close());

const replay = (id: string, body: unknown) =>
  fetch(`${server.url}/api/battles/${id}/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Sends an action and waits until its sender has its events. */
async function play(s: Seated, action: ActionInput | { type: string }): Promise<void> {
  const before = s.inbox.events.length;
  await settle(100); // within the message budget (limits/message-rate.ts)
  s.room.send('action', action);
  await waitFor(
    () => s.inbox.events.length > before || s.inbox.rejected.length > 0,
    `${action.type}`,
  );
  expect(s.inbox.rejected).toEqual([]);
}

const H = (label: string) => parseHexLabel(FORD.map, label);

/** The Black Teeth's ambush at 1303 and its decoy at 1204, or the other way round: the covers stand on the same hexes. */
function deploy(under: 'unit' | 'decoy') {
  const [unit, decoy] = under === 'unit' ? [H('1303'), H('1204')] : [H('1204'), H('1303')];
  return {
    type: 'deploy',
    units: [{ unit: 'o-ambush', hex: unit, facing: 7 }],
    decoys: [{ mimic: 'o-ambush', hex: decoy, facing: 7 }],
  };
}

/** A battle of the-ford where the piece at 1303 (the ambush or its decoy) is activated and moved to 1203. */
async function coverMoves(under: 'unit' | 'decoy') {
  const b = await seatEveryone(server, { scenarioId: FORD.id, seat: 'ardenne', referee: true });
  const piece = under === 'unit' ? 'o-ambush' : FORD_DECOY;
  await play(b.seats['black-teeth'], deploy(under));
  await play(b.seats.ardenne, { type: 'endTurn' });
  await play(b.seats['black-teeth'], { type: 'activate', piece });
  await play(b.seats['black-teeth'], { type: 'move', piece, steps: [{ to: H('1203') }] });
  return b;
}

describe('a running battle', () => {
  test('§4.5.1: the opponent gets the same replay bytes whether the piece that moved is the hidden unit or its decoy', async () => {
    const withUnit = await coverMoves('unit');
    const withDecoy = await coverMoves('decoy');
    const texts = async (b: typeof withUnit, seat: string) =>
      (await replay(b.battleId, { key: b.keys[seat] })).text();
    const ardenne = await texts(withUnit, 'ardenne');
    expect(ardenne).toBe(await texts(withDecoy, 'ardenne'));
    const wire = JSON.parse(ardenne) as { kind: string } & SeatReplayWire;
    expect(wire).toMatchObject({ kind: 'live', seat: 'ardenne', rulesVersion: RULES_VERSION });
    expect(wire.steps).toHaveLength(4);
    // Ardenne's own action only; the seed, the dice state and the hidden unit's name nowhere.
    expect(wire.steps.map((s) => s.action?.type ?? null)).toEqual([null, 'endTurn', null, null]);
    for (const secret of [SEED, '"rng"', 'o-ambush', FORD_DECOY])
      expect(ardenne).not.toContain(secret);
    // The Black Teeth and the referee look under the covers: their replays differ (the comparison above can fail).
    expect(await texts(withUnit, 'black-teeth')).not.toBe(await texts(withDecoy, 'black-teeth'));
    const referee = await texts(withUnit, 'referee');
    expect(referee).toContain('o-ambush');
    expect(referee).not.toContain(SEED);
    await leaveAll(...Object.values(withUnit.seats), ...Object.values(withDecoy.seats));
  }, 60_000);

  test('spectators get nothing before the end; wrong keys, bad bodies and unknown battles are refused alike', async () => {
    const b = await seatEveryone(server, { scenarioId: SHORT.id, seat: 'ardenne' });
    const spectator = await replay(b.battleId, { invite: b.invites.spectator });
    expect(spectator.status).toBe(403);
    const refusal = await spectator.text();
    expect(JSON.parse(refusal)).toMatchObject({ error: 'replayAfterEnd' });
    expect(await (await replay(b.battleId, { seat: 'spectator' })).json()).toMatchObject({
      error: 'replayAfterEnd',
    });
    const wrong = await replay(b.battleId, { key: 'A'.repeat(22) });
    const unknown = await replay('nobody-here', { key: b.keys.ardenne });
    expect([wrong.status, unknown.status]).toEqual([403, 403]);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect((await replay(b.battleId, { key: 'short' })).status).toBe(400);
    expect((await replay(b.battleId, { key: b.keys.ardenne, seat: 'spectator' })).status).toBe(400);
    expect((await replay(b.battleId, { key: b.keys.ardenne, extra: 1 })).status).toBe(400);
    await leaveAll(...Object.values(b.seats));
  }, 60_000);

  test('a battle recorded by another rules version says so, with both versions (issue 12)', async () => {
    const b = await seatEveryone(server, { scenarioId: SHORT.id, seat: 'ardenne' });
    await leaveAll(...Object.values(b.seats));
    // The room's last snapshot written, the record is changed as an older server would have saved it.
    for (let i = 0; i < 100 && (await matchMaker.query({ roomId: b.battleId })).length > 0; i++)
      await settle(50);
    const file = path.join(server.dataDir, 'battles', `${b.battleId}.json`);
    const record = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
    await fs.writeFile(file, JSON.stringify({ ...record, rulesVersion: '0.0.1' }));
    const answer = await replay(b.battleId, { key: b.keys.ardenne });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({
      error: 'otherRulesVersion',
      played: '0.0.1',
      running: RULES_VERSION,
    });
  }, 60_000);
});

test('once the battle has ended every seat and every spectator gets the export and the scenario, which replay and verify', async () => {
  const b = await seatEveryone(server, { scenarioId: SHORT.id, seat: 'ardenne' });
  const game = randomGame(SHORT, SEED);
  for (const { seat, action } of game.script) await play(b.seats[seat], action);
  for (const credential of [
    { key: b.keys.ardenne },
    { key: b.keys['black-teeth'] },
    { invite: b.invites.spectator },
    { seat: 'spectator' },
  ]) {
    const answer = (await (await replay(b.battleId, credential)).json()) as {
      kind: string;
      export: unknown;
      scenario: typeof SHORT;
    };
    expect(answer.kind).toBe('ended');
    expect(answer.scenario).toEqual(JSON.parse(JSON.stringify(SHORT)));
    expect(verifyExport(answer.export, () => answer.scenario)).toMatchObject({
      ok: true,
      actions: game.script.length,
    });
  }
  await leaveAll(...Object.values(b.seats));
}, 120_000);
