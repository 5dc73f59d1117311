/**
 * docs/secrets.md S4: the public lobby (GET /api/battles, POST
 * /api/battles/lookup) is read by anyone, so nothing in it moves between two
 * public moments (persistence/public-moment.ts). On the-ford (the Black
 * Teeth deploy their ambush hidden, with a decoy, §4.5.2), on both stores:
 * the Black Teeth's piece at P activates and passes in the middle of their
 * turn, once where P holds the hidden unit and once where it holds the
 * decoy (§4.5.1 Leurres), and the listing's bytes stay those of the start of
 * that player turn, as when nobody acts; they move at the turn boundary. A
 * broadcast battle's listing moves only when a game turn starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseHexLabel, type ActionInput, type Seat } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { openFileStore } from '../src/persistence/file-store';
import { openPgStore } from '../src/persistence/pg-store';
import type { BattleStore } from '../src/persistence/store';
import { joinBattle, leaveAll, openBattle, settle, startTestServer, waitFor, type Seated, type TestServer } from './helpers';
import { PG_URL, pgTestSchema } from './persistence/pg-schema';

const FORD = scenarioById('the-ford')!;
const H = (label: string) => parseHexLabel(FORD.map, label);
type Under = 'unit' | 'decoy';
/** The piece at 1303 (P): the ambush itself, or the decoy mimicking it (the other one stands at 1204). */
const pieceAtP = (under: Under) => (under === 'unit' ? 'o-ambush' : 'black-teeth-decoy-1');

function placement(under: Under): ActionInput {
  const [unitHex, decoyHex] = under === 'unit' ? ['1303', '1204'] : ['1204', '1303'];
  return {
    type: 'deploy',
    units: [{ unit: 'o-ambush', hex: H(unitHex), facing: 7 }],
    decoys: [{ mimic: 'o-ambush', hex: H(decoyHex), facing: 7 }],
  };
}

/** Sends an action and waits until every seat has its events (stored before they are sent: issue 12). */
async function act(seats: Record<string, Seated>, seat: Seat, action: ActionInput): Promise<void> {
  const counts = Object.values(seats).map((s) => s.inbox.events.length);
  const refused = seats[seat].inbox.rejected.length;
  await settle(110); // within the connection's message budget
  seats[seat].room.send('action', action);
  await waitFor(
    () => seats[seat].inbox.rejected.length > refused || Object.values(seats).every((s, i) => s.inbox.events.length > counts[i]),
    `the answer to ${action.type}`,
  );
  expect(seats[seat].inbox.rejected.slice(refused)).toEqual([]);
}

function lobbyOrder(openStore: () => Promise<BattleStore>): void {
  let server: TestServer;
  let store: BattleStore;
  beforeAll(async () => {
    store = await openStore();
    server = await startTestServer({ store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
  });

  /** The public answers, as bytes: every listed page and the lookup of `ids`. */
  async function publicBytes(ids: string[]): Promise<string> {
    const list = await (await fetch(`${server.url}/api/battles?page=0`)).text();
    const lookup = await (
      await fetch(`${server.url}/api/battles/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids }) })
    ).text();
    return `${list}\n${lookup}`;
  }

  /** A listed battle of the ford, both sides seated, deployed with the ambush or its decoy at P, in the Black Teeth's player turn of turn 1. */
  async function fordInTurn1(under: Under, broadcastDelay = 0) {
    const opened = await openBattle(server, { scenarioId: 'the-ford', seat: 'black-teeth', playerName: 'Orque', listed: true, broadcastDelay });
    const ardenne = await joinBattle(server, opened.battleId, { invite: opened.invites.ardenne, playerName: 'Gauvain' });
    const seats: Record<string, Seated> = { 'black-teeth': opened.creator, ardenne };
    await act(seats, 'black-teeth', placement(under));
    await act(seats, 'ardenne', { type: 'endTurn' });
    return { battleId: opened.battleId, seats };
  }

  test('§4.5.1 acting over the hidden unit, over its decoy, or not acting: the same bytes until the turn boundary, which moves the battle to the top', async () => {
    const battles = { unit: await fordInTurn1('unit'), decoy: await fordInTurn1('decoy') };
    const ids = [battles.unit.battleId, battles.decoy.battleId];
    await settle(200); // the rooms' metadata (who is connected) has reached the matchmaker
    const atTurnStart = await publicBytes(ids);
    expect(JSON.parse(atTurnStart.split('\n')[0]).battles.map((b: { battleId: string }) => b.battleId)).toEqual([battles.decoy.battleId, battles.unit.battleId]);
    expect(atTurnStart).not.toMatch(/updatedAt|awaiting/);
    // Nobody acts.
    await settle(50);
    expect(await publicBytes(ids)).toBe(atTurnStart);
    // The hidden unit at P activates and passes (§4.5.1): nothing public moved.
    await act(battles.unit.seats, 'black-teeth', { type: 'activate', piece: pieceAtP('unit') });
    expect(await publicBytes(ids)).toBe(atTurnStart);
    await act(battles.unit.seats, 'black-teeth', { type: 'pass', piece: pieceAtP('unit') });
    expect(await publicBytes(ids)).toBe(atTurnStart);
    // The decoy at P does the same in the other battle: the same bytes again.
    await act(battles.decoy.seats, 'black-teeth', { type: 'activate', piece: pieceAtP('decoy') });
    await act(battles.decoy.seats, 'black-teeth', { type: 'pass', piece: pieceAtP('decoy') });
    expect(await publicBytes(ids)).toBe(atTurnStart);
    // The turn boundary (§3.1) is public: the battle whose turn ended moves to the top, with its new turn and date.
    await act(battles.unit.seats, 'black-teeth', { type: 'endTurn' });
    const after = await publicBytes(ids);
    expect(after).not.toBe(atTurnStart);
    const listed = JSON.parse(after.split('\n')[0]).battles as Array<{ battleId: string; turn: number; activeSide: string; publicAt: string }>;
    expect(listed.map((b) => b.battleId)).toEqual([battles.unit.battleId, battles.decoy.battleId]);
    expect(listed[0]).toMatchObject({ turn: 2, activeSide: 'ardenne' });
    expect(Date.parse(listed[0].publicAt)).toBeGreaterThan(Date.parse(listed[1].publicAt));
    await leaveAll(...Object.values(battles.unit.seats), ...Object.values(battles.decoy.seats));
  });

  test('a broadcast battle: the other side ending its player turn moves nothing either (its spectators see game turns only); the next game turn does', async () => {
    const opened = await openBattle(server, { scenarioId: 'the-ford', seat: 'black-teeth', playerName: 'Orque', listed: true, broadcastDelay: 1 });
    const ardenne = await joinBattle(server, opened.battleId, { invite: opened.invites.ardenne, playerName: 'Gauvain' });
    const seats: Record<string, Seated> = { 'black-teeth': opened.creator, ardenne };
    await settle(200);
    const opening = await publicBytes([opened.battleId]);
    await act(seats, 'black-teeth', placement('unit'));
    await act(seats, 'ardenne', { type: 'endTurn' });
    await act(seats, 'black-teeth', { type: 'activate', piece: 'o-ambush' });
    await act(seats, 'black-teeth', { type: 'pass', piece: 'o-ambush' });
    expect(await publicBytes([opened.battleId])).toBe(opening);
    await act(seats, 'black-teeth', { type: 'endTurn' });
    expect(await publicBytes([opened.battleId])).not.toBe(opening);
    await leaveAll(...Object.values(seats));
  });
}

jest.setTimeout(60_000);

describe('the public lobby moves only at public moments: embedded store', () => {
  const dirs: string[] = [];
  lobbyOrder(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lames-lobby-order-'));
    dirs.push(dir);
    return openFileStore(dir);
  });
  // after the server and the store have closed (hooks run in the order they are declared)
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
});

describe('the public lobby moves only at public moments: PostgreSQL', () => {
  const pg = pgTestSchema();
  lobbyOrder(() => openPgStore(PG_URL, pg.connection));
});
