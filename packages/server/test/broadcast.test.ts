/**
 * Issue 12, broadcast: "a battle may let spectators see the full view with a
 * delay of N turns, so a tournament can be watched without helping either
 * side". On the-ford (the Black Teeth deploy their ambush hidden, with a
 * decoy), with broadcastDelay 1, over a real server with SDK clients:
 * - during turn T the spectator's messages are exactly the full view (the
 *   referee's) at the start of turn T−1, and nothing arrives while turn T is
 *   played (no frame at the moment of a hidden action);
 * - the same public actions over the hidden unit and over its decoy give the
 *   spectator the same bytes until the delay has passed;
 * - the broadcast is replayed from the store: a restarted server shows the
 *   same frame and follows the battle on;
 * - without the option spectators are seated in the battle room as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  apply,
  createGame,
  parseHexLabel,
  viewFor,
  type ActionInput,
  type GameEvent,
  type GameState,
  type Seat,
} from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { openFileStore, type FileStore } from '../src/persistence/file-store';
import type { BroadcastFrame } from '../src/sync/broadcast';
import {
  joinBattle,
  leaveAll,
  openBattle,
  quietRefusedJoins,
  settle,
  socketOf,
  startTestServer,
  waitFor,
  welcomed,
  type SdkRoom,
  type Seated,
  type TestServer,
} from './helpers';

const FORD = scenarioById('the-ford')!;
const H = (label: string) => parseHexLabel(FORD.map, label);
/** Where the piece that acts stands (P) and the other one (Q): the ambush and its decoy, either way round. */
const P = '1303';
const Q = '1204';
type Under = 'unit' | 'decoy';
const actorOf = (under: Under) => (under === 'unit' ? 'o-ambush' : 'black-teeth-decoy-1');

function placement(under: Under): ActionInput {
  const [unitHex, decoyHex] = under === 'unit' ? [P, Q] : [Q, P];
  return {
    type: 'deploy',
    units: [{ unit: 'o-ambush', hex: H(unitHex), facing: 7 }],
    decoys: [{ mimic: 'o-ambush', hex: H(decoyHex), facing: 7 }],
  };
}

/** Turn by turn: the deployment and turn 1 (the Black Teeth's piece at P activates and passes), turn 2 (it moves one hex), turn 3 (nothing). */
function turns(under: Under): Array<Array<[Seat, ActionInput]>> {
  const piece = actorOf(under);
  const endTurn: ActionInput = { type: 'endTurn' };
  return [
    [
      ['black-teeth', placement(under)],
      ['ardenne', endTurn],
      ['black-teeth', { type: 'activate', piece }],
      ['black-teeth', { type: 'pass', piece }],
      ['black-teeth', endTurn],
    ],
    [
      ['ardenne', endTurn],
      ['black-teeth', { type: 'activate', piece }],
      ['black-teeth', { type: 'move', piece, mode: 'normal', steps: [{ to: H('1203') }] }],
      ['black-teeth', endTurn],
    ],
    [
      ['ardenne', endTurn],
      ['black-teeth', endTurn],
    ],
  ];
}

/** The rules alone: each turn's opening state and the events up to it, what the broadcast must show. */
function expectedStarts(under: Under, seed: string): Array<{ state: GameState; log: GameEvent[] }> {
  let state = createGame(FORD, seed);
  const log: GameEvent[] = [];
  const starts: Array<{ state: GameState; log: GameEvent[] }> = [];
  for (const turn of turns(under)) {
    for (const [seat, action] of turn) {
      const r = apply(state, seat, action);
      if (!r.ok) throw new Error(`${action.type} refused: ${r.rejection.code}`);
      state = r.state;
      log.push(...r.events);
      if (action.type === 'deploy') starts.push({ state, log: [...log] });
    }
    starts.push({ state, log: [...log] });
  }
  return starts;
}

/** The full view a broadcast shows: the referee's knowledge, as a spectator's page. */
const fullView = (state: GameState) => ({ ...viewFor(state, 'referee'), perspective: 'spectator' });

interface Watcher {
  room: SdkRoom;
  frames: BroadcastFrame[];
}

async function watch(server: TestServer, battleId: string, invite: string): Promise<Watcher> {
  const room = await server
    .client()
    .joinOrCreate('broadcast', { battleId, invite, playerName: 'Curieux' });
  const w: Watcher = { room, frames: [] };
  room.onMessage('broadcast', (f: BroadcastFrame) => w.frames.push(f));
  await waitFor(() => w.frames.length > 0, 'the first broadcast frame');
  return w;
}

/** Sends an action and waits until every seat has its events. */
async function act(seats: Record<string, Seated>, seat: Seat, action: ActionInput): Promise<void> {
  const counts = Object.values(seats).map((s) => s.inbox.events.length);
  const refused = seats[seat].inbox.rejected.length;
  seats[seat].room.send('action', action);
  await waitFor(
    () =>
      seats[seat].inbox.rejected.length > refused ||
      Object.values(seats).every((s, i) => s.inbox.events.length > counts[i]),
    `the answer to ${action.type}`,
  );
  expect(seats[seat].inbox.rejected.slice(refused)).toEqual([]);
}

jest.setTimeout(30_000);

let storeDir: string;
let store: FileStore;
let server: TestServer;
const SEED = 'broadcast-1';
beforeAll(async () => {
  quietRefusedJoins();
  storeDir = mkdtempSync(path.join(tmpdir(), 'lames-broadcast-'));
  store = await openFileStore(storeDir);
  server = await startTestServer({ store, seed: () => SEED });
});
afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(storeDir, { recursive: true, force: true });
});

/** A broadcast battle of the-ford (the Black Teeth's creator, Ardenne by invite) and a spectator watching it from the start. */
async function broadcastBattle(delay = 1) {
  const opened = await openBattle(server, {
    scenarioId: 'the-ford',
    seat: 'black-teeth',
    playerName: 'Orque',
    listed: false,
    broadcastDelay: delay,
  });
  const ardenne = await joinBattle(server, opened.battleId, {
    invite: opened.invites.ardenne,
    playerName: 'Gauvain',
  });
  const seats: Record<string, Seated> = { 'black-teeth': opened.creator, ardenne };
  const spectator = await watch(server, opened.battleId, opened.invites.spectator);
  return { ...opened, seats, spectator };
}

describe('issue 12 broadcast: spectators see the full view N turns late, and nothing of later turns', () => {
  test('broadcastDelay 1: during turn T the spectator holds exactly the full view at the start of turn T−1, with its log', async () => {
    const b = await broadcastBattle();
    const starts = expectedStarts('unit', SEED);
    const opening = createGame(FORD, SEED);
    // Turn 1 (and the deployment): the battle as opened, as any spectator sees it (the ambush waiting to deploy is not shown).
    expect(b.spectator.frames).toEqual([
      {
        battleName: expect.any(String),
        delay: 1,
        shownTurn: 0,
        ended: false,
        view: { ...viewFor(opening, 'spectator'), perspective: 'spectator' },
        log: [],
        dice: { seedHash: expect.any(String) },
      },
    ]);
    expect(JSON.stringify(b.spectator.frames)).not.toContain('o-ambush');
    const plan = turns('unit');
    for (const [t, turn] of plan.entries()) {
      for (const [i, [seat, action]] of turn.entries()) {
        const before = b.spectator.frames.length;
        await act(b.seats, seat, action);
        // Nothing reaches the spectator while a turn is played: only the action that opens the next turn moves the broadcast.
        if (i === turn.length - 1)
          await waitFor(() => b.spectator.frames.length === before + 1, 'the next turn’s frame');
        else await settle(30);
        expect(b.spectator.frames.length).toBe(i === turn.length - 1 ? before + 1 : before);
      }
      // Now in turn t+2: the frame shows the start of turn t+1 (starts[0] is the deployment's end, which opens turn 1).
      const shown = starts[t];
      expect(b.spectator.frames.at(-1)).toEqual({
        battleName: expect.any(String),
        delay: 1,
        shownTurn: t + 1,
        ended: false,
        view: fullView(shown.state),
        log: shown.log,
        dice: { seedHash: expect.any(String) },
      });
    }
    // The full view: the ambush and its decoy, as they stood when turn 1 began.
    const turn1 = b.spectator.frames[1].view;
    expect(turn1.units.find((u) => u.id === 'o-ambush')?.hex).toBe(H(P));
    expect(turn1.decoys.map((d) => d.hex)).toEqual([H(Q)]);
    // Turn 2's move (to 1203) happened, and no frame shows it yet in turn 3... but the frame of turn 3's start does.
    expect(b.spectator.frames[2].view.units.find((u) => u.id === 'o-ambush')?.hex).toBe(H(P));
    expect(b.spectator.frames[3].view.units.find((u) => u.id === 'o-ambush')?.hex).toBe(H('1203'));
    await leaveAll(...Object.values(b.seats));
    await b.spectator.room.leave(true);
  });

  test('a broadcast battle refuses its spectators in the battle room (they would get the live state) and sends them to the broadcast', async () => {
    const b = await broadcastBattle();
    await expect(
      server.client().joinById(b.battleId, { invite: b.invites.spectator, playerName: 'Curieux' }),
    ).rejects.toThrow(/^broadcastOnly/);
    // A wrong link gets the one wording of every refused seat, here as there.
    await expect(
      server.client().joinOrCreate('broadcast', {
        battleId: b.battleId,
        invite: 'x'.repeat(22),
        playerName: 'Curieux',
      }),
    ).rejects.toThrow(/^seatRefused/);
    // A player's key is not a spectator's: the broadcast is for spectators only.
    await expect(
      server
        .client()
        .joinOrCreate('broadcast', { battleId: b.battleId, key: b.key, playerName: 'Orque' }),
    ).rejects.toThrow(/^seatRefused/);
    await leaveAll(...Object.values(b.seats));
    await b.spectator.room.leave(true);
  });

  test('§4.5.1 Leurres: the same public actions over the hidden unit and over its decoy give the spectator the same bytes until the delay has passed', async () => {
    const streams: Record<Under, { frames: Buffer[]; ids: string[]; turn2At: number }> =
      {} as never;
    for (const under of ['unit', 'decoy'] as const) {
      const b = await broadcastBattle();
      const socket = socketOf(b.spectator.room);
      let turn2At = -1;
      for (const [t, turn] of turns(under).entries()) {
        for (const [seat, action] of turn) await act(b.seats, seat, action);
        await waitFor(() => b.spectator.frames.length === t + 2, 'the next turn’s frame');
        if (t === 0) turn2At = socket.frames.length - 1; // the frame that opened turn 2 (showing turn 1, where the two differ)
      }
      const ids = [
        b.battleId,
        b.key,
        ...Object.values(b.invites),
        b.spectator.room.roomId,
        b.spectator.room.sessionId,
        b.spectator.room.reconnectionToken,
        ...b.spectator.room.reconnectionToken.split(':'),
      ];
      streams[under] = { frames: [...socket.frames], ids, turn2At };
      await leaveAll(...Object.values(b.seats));
      await b.spectator.room.leave(true);
    }
    const ids = [...streams.unit.ids, ...streams.decoy.ids]
      .filter((x) => x.length >= 8)
      .sort((a, b) => b.length - a.length);
    const blank = (f: Buffer) =>
      ids.reduce((text, id) => text.split(id).join('#'.repeat(id.length)), f.toString('latin1'));
    const [u, d] = [streams.unit, streams.decoy];
    expect(u.turn2At).toBe(d.turn2At);
    // From the join through the deployment and every action of turn 1 (the piece at P activated and passed): the same bytes.
    expect(u.frames.slice(0, u.turn2At).map(blank)).toEqual(
      d.frames.slice(0, d.turn2At).map(blank),
    );
    expect(u.turn2At).toBeGreaterThan(1);
    // Once turn 1 is over the full view of its start tells them apart, as the organiser chose.
    expect(blank(u.frames[u.turn2At])).not.toEqual(blank(d.frames[d.turn2At]));
  });

  test('the broadcast survives a restart: replayed from the store, the same frame, then it follows the battle on', async () => {
    const b = await broadcastBattle();
    for (const turn of turns('unit').slice(0, 2))
      for (const [seat, action] of turn) await act(b.seats, seat, action);
    await waitFor(() => b.spectator.frames.length === 3, 'the frame of turn 3');
    const before = b.spectator.frames.at(-1)!;
    expect(before.shownTurn).toBe(2);
    const creatorKey = b.key;
    const ardenneKey = b.seats.ardenne.inbox.welcome[0].seatKey!;
    await leaveAll(...Object.values(b.seats));
    await b.spectator.room.leave(true);
    await server.close();
    server = await startTestServer({ store, seed: () => SEED });
    // Nobody plays the battle in the new process: the broadcast comes from the store alone.
    const again = await watch(server, b.battleId, b.invites.spectator);
    expect(again.frames).toEqual([before]);
    // The players come back with their keys and play turn 3: its end moves the broadcast on.
    const orc = await welcomed(
      await server
        .client()
        .create('battle', { resume: b.battleId, key: creatorKey, playerName: 'Orque' }),
    );
    const ardenne = await joinBattle(server, b.battleId, {
      key: ardenneKey,
      playerName: 'Gauvain',
    });
    const seats = { 'black-teeth': orc, ardenne };
    for (const [seat, action] of turns('unit')[2]) await act(seats, seat, action);
    await waitFor(() => again.frames.length === 2, 'the frame of turn 4');
    expect(again.frames[1]).toMatchObject({
      shownTurn: 3,
      view: fullView(expectedStarts('unit', SEED)[2].state),
    });
    await leaveAll(orc, ardenne);
    await again.room.leave(true);
  });

  test('the public listing of a broadcast battle hides its live turn; the store (the organiser) keeps it', async () => {
    const b = await broadcastBattle();
    for (const [seat, action] of turns('unit')[0]) await act(b.seats, seat, action);
    const res = await fetch(`${server.url}/api/battles/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [b.battleId] }),
    });
    const [listed] = ((await res.json()) as { battles: Array<Record<string, unknown>> }).battles;
    expect(listed).toMatchObject({
      status: 'playing',
      turn: 0,
      activeSide: '',
      broadcastDelay: 1,
    });
    expect(listed).not.toHaveProperty('awaiting');
    expect(listed).not.toHaveProperty('updatedAt');
    const [stored] = await store.lookup([b.battleId]);
    expect(stored).toMatchObject({ turn: 2, activeSide: 'ardenne', broadcastDelay: 1 });
    await leaveAll(...Object.values(b.seats));
    await b.spectator.room.leave(true);
  });

  test('once the battle has ended the spectator sees everything, as every seat: final state, whole log, the seed', async () => {
    const b = await broadcastBattle(2);
    let local = createGame(FORD, SEED);
    const log: GameEvent[] = [];
    const play = async (seat: Seat, action: ActionInput) => {
      const r = apply(local, seat, action);
      if (!r.ok) throw new Error(r.rejection.code);
      local = r.state;
      log.push(...r.events);
      await act(b.seats, seat, action);
    };
    await play('black-teeth', placement('unit'));
    // §2.4: both sides end their turns until the turn limit ends the battle.
    while (local.status !== 'ended') await play(local.activeSide, { type: 'endTurn' });
    await waitFor(() => b.spectator.frames.at(-1)!.ended, 'the end frame');
    const end = b.spectator.frames.at(-1)!;
    expect(end).toEqual({
      battleName: expect.any(String),
      delay: 2,
      shownTurn: local.turn,
      ended: true,
      view: { ...viewFor(local, 'spectator'), perspective: 'spectator' },
      log,
      dice: { seedHash: expect.any(String), seed: SEED },
    });
    expect(end.view.units.some((u) => u.id === 'o-ambush')).toBe(true);
    // Before the end, each frame showed the start of the turn two turns back.
    expect(b.spectator.frames.slice(0, -1).map((f) => f.shownTurn)).toEqual([
      0,
      ...Array.from({ length: FORD.turnLimit - 2 }, (_, i) => i + 1),
    ]);
    await leaveAll(...Object.values(b.seats));
    await b.spectator.room.leave(true);
  });

  test('a tournament created with broadcastDelay broadcasts every battle of its rounds', async () => {
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/organiser${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer test-organiser-token-0000',
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Record<
        string,
        { id: string; battles: Array<{ battleId: string }> }
      >;
    };
    const { tournament } = await api('/tournaments', {
      name: 'Coupe du Gué',
      scenarioId: 'the-ford',
      players: ['Anne', 'Bertrand', 'Cécile', 'Denis'],
      broadcastDelay: 2,
    });
    const { round } = await api(`/tournaments/${tournament.id}/rounds`, { roundRobin: true });
    const records = await Promise.all(round.battles.map((x) => store.load(x.battleId)));
    expect(records.map((r) => r?.broadcastDelay)).toEqual([2, 2]);
  });

  test('without the option spectators are seated in the battle room as before, and the broadcast room refuses them', async () => {
    const opened = await openBattle(server, {
      scenarioId: 'the-ford',
      seat: 'black-teeth',
      playerName: 'Orque',
      listed: false,
    });
    const spectator = await joinBattle(server, opened.battleId, {
      invite: opened.invites.spectator,
      playerName: 'Curieux',
    });
    expect(spectator.inbox.welcome[0].seat).toBe('spectator');
    await expect(
      server.client().joinOrCreate('broadcast', {
        battleId: opened.battleId,
        invite: opened.invites.spectator,
        playerName: 'Curieux',
      }),
    ).rejects.toThrow(/^seatRefused/);
    await leaveAll(opened.creator, spectator);
  });
});
