/**
 * Issue 12, organisers: "adjudicate (declare a result, with a reason kept in
 * the record), close". The organiser's end of a battle ends it for everyone
 * at once (rooms/organiser-control.ts): stored as ended before anyone is
 * told, the players' room refuses every later action in both languages, and
 * a broadcast battle's spectators (sync/broadcast.ts, delay 1) get the end
 * frame with the whole picture at once, in the middle of a turn, whether a
 * room runs the battle or not. On the ford (§4.5.2: the Black Teeth's ambush
 * deploys hidden, with a decoy).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { apply, createGame, parseHexLabel, viewFor, type ActionInput, type GameState, type Seat } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { FORD_PLACEMENT } from '@lames/rules/testing';
import { AttemptThrottle } from '../../src/limits/attempts';
import { openFileStore, type FileStore } from '../../src/persistence/file-store';
import type { BattleRecord } from '../../src/persistence/store';
import type { BroadcastFrame } from '../../src/sync/broadcast';
import { quietRefusedJoins, settle, startTestServer, waitFor, welcomed, type SdkRoom, type Seated, type TestServer } from '../helpers';

const TOKEN = 'organiser-end-token-0123456789';
const SEED = 'organiser-end';
const FORD = scenarioById('the-ford')!;
const H = (label: string) => parseHexLabel(FORD.map, label);

let dir: string;
let store: FileStore;
let server: TestServer;
beforeAll(async () => {
  quietRefusedJoins();
  dir = mkdtempSync(path.join(tmpdir(), 'lames-organiser-end-'));
  store = await openFileStore(dir);
  server = await startTestServer({ store, seed: () => SEED, attempts: new AttemptThrottle() }, { organiserToken: TOKEN });
});
afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function api(route: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/organiser${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) };
}

/** A broadcast tournament of two on the ford: its one battle, each seat's invite token, and the players' ids by side. */
async function broadcastRound() {
  const made = await api('/tournaments', { name: 'Coupe du Gué', scenarioId: 'the-ford', players: ['Anne', 'Bertrand'], broadcastDelay: 1 });
  const id = made.json().tournament.id as string;
  const round = (await api(`/tournaments/${id}/rounds`, { roundRobin: true })).json();
  const tokens: Record<string, string> = {};
  for (const i of round.invites as Array<{ seat: string; link: string }>) tokens[i.seat] = /\/i\/([\w-]+)$/.exec(i.link)![1];
  const battleId = round.round.battles[0].battleId as string;
  const sides = (await api(`/tournaments/${id}`)).json().battles[0].sides as Array<{ side: string; playerId: string }>;
  return { id, battleId, tokens, playerOf: Object.fromEntries(sides.map((s) => [s.side, s.playerId])) as Record<string, string> };
}

interface Player {
  seated: Seated;
  /** What the organiser's notices said: the reason, and the adjudicated winner when there is one. */
  ended: Array<{ reason: string; adjudicated?: { winner: string | null } }>;
}

/** A seat taken through its invite (the first one opens the saved battle in a room). */
async function seat(battleId: string, invite: string, playerName: string): Promise<Player> {
  const options = { invite, playerName };
  const room = await server
    .client()
    .joinById(battleId, options)
    .catch(() => server.client().create('battle', { resume: battleId, ...options }));
  room.reconnection.enabled = false;
  const player: Player = { seated: undefined as unknown as Seated, ended: [] };
  room.onMessage('battleClosed', (m: Player['ended'][number]) => player.ended.push(m));
  player.seated = await welcomed(room);
  return player;
}

async function watch(battleId: string, invite: string): Promise<{ room: SdkRoom; frames: BroadcastFrame[] }> {
  const room = await server.client().joinOrCreate('broadcast', { battleId, invite, playerName: 'Curieux' });
  const w = { room, frames: [] as BroadcastFrame[] };
  room.onMessage('broadcast', (f: BroadcastFrame) => w.frames.push(f));
  await waitFor(() => w.frames.length > 0, 'the first broadcast frame');
  return w;
}

/** The Black Teeth's deployment (FORD_PLACEMENT: the ambush at 1303, its decoy at 1204), then Ardenne ends its turn, then the ambush activates: the middle of turn 1. */
const MID_TURN: Array<[Seat, ActionInput]> = [
  ['black-teeth', { type: 'deploy', units: FORD_PLACEMENT.units.map((u) => ({ ...u, hex: H(u.hex) })), decoys: FORD_PLACEMENT.decoys.map((d) => ({ ...d, hex: H(d.hex) })) }],
  ['ardenne', { type: 'endTurn' }],
  ['black-teeth', { type: 'activate', piece: 'o-ambush' }],
];

/** The rules alone: the state after `actions`, from the battle's seed. */
function stateAfter(actions: Array<[Seat, ActionInput]>): GameState {
  let state = createGame(FORD, SEED);
  for (const [s, action] of actions) {
    const r = apply(state, s, action);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.rejection.code}`);
    state = r.state;
  }
  return state;
}

/** Sends an action and waits for its events or its refusal: 'accepted', or the refusal's code. */
async function act(p: Player, action: ActionInput): Promise<string> {
  const { inbox, room } = p.seated;
  const [events, rejected] = [inbox.events.length, inbox.rejected.length];
  await settle(110); // within the connection's message budget
  room.send('action', action);
  await waitFor(() => inbox.events.length > events || inbox.rejected.length > rejected, `the answer to ${action.type}`);
  return inbox.rejected.length > rejected ? inbox.rejected[rejected].code : 'accepted';
}

/** A broadcast tournament battle, both players seated, a spectator watching, played to the middle of turn 1 (MID_TURN). */
async function midTurn() {
  const b = await broadcastRound();
  const teeth = await seat(b.battleId, b.tokens['black-teeth'], 'Anne');
  const ardenne = await seat(b.battleId, b.tokens.ardenne, 'Bertrand');
  const players: Record<string, Player> = { 'black-teeth': teeth, ardenne };
  const spectator = await watch(b.battleId, b.tokens.spectator);
  for (const [s, action] of MID_TURN) expect(await act(players[s], action)).toBe('accepted');
  return { b, teeth, ardenne, spectator };
}

/** Holds the store's save of the organiser's end until released: nothing may be told before it is stored. */
function holdEndSave(ended: (r: BattleRecord) => boolean) {
  const save = store.save.bind(store);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = { waiting: false, release };
  const spy = jest.spyOn(store, 'save').mockImplementation(async (r: BattleRecord) => {
    if (ended(r)) {
      held.waiting = true;
      await gate;
    }
    return save(r);
  });
  return { held, restore: () => spy.mockRestore() };
}

jest.setTimeout(30_000);

test('adjudicated in the middle of a turn while the room is open: stored first, then the broadcast shows the end and the whole picture at once, and the room refuses every later action in both languages', async () => {
  const { b, teeth, ardenne, spectator } = await midTurn();
  expect(spectator.frames).toHaveLength(1); // turn 1 is being played: the broadcast still shows the opening

  const { held, restore } = holdEndSave((r) => !!r.access?.adjudicated);
  const answer = api(`/tournaments/${b.id}/battles/${b.battleId}/adjudicate`, { winner: b.playerOf['black-teeth'], reason: 'abandon de Bertrand' });
  await waitFor(() => held.waiting, 'the save of the adjudication');
  // An action sent now waits behind the adjudication in the room's queue.
  const lateEvents = teeth.seated.inbox.events.length;
  teeth.seated.room.send('action', { type: 'pass', piece: 'o-ambush' });
  await settle(150);
  // Nothing is told before the store has it.
  expect(spectator.frames).toHaveLength(1);
  expect([teeth.ended, ardenne.ended]).toEqual([[], []]);
  held.release();
  expect((await answer).status).toBe(200);
  restore();

  await waitFor(() => spectator.frames.length === 2, 'the end frame');
  const live = stateAfter(MID_TURN);
  expect(spectator.frames[1]).toEqual({
    battleName: expect.any(String),
    delay: 1,
    shownTurn: 1,
    ended: true,
    // the whole picture, as at any end: the ambush and its decoy where they stand, mid-turn
    view: { ...viewFor(live, 'referee'), perspective: 'spectator' },
    log: expect.any(Array),
    dice: { seedHash: expect.any(String), seed: SEED },
    adjudicated: { winner: 'black-teeth', reason: 'abandon de Bertrand', at: expect.any(String) },
  });
  expect(spectator.frames[1].view.units.find((u) => u.id === 'o-ambush')?.hex).toBe(H('1303'));
  expect(spectator.frames[1].view.decoys.map((d) => d.hex)).toEqual([H('1204')]);

  await waitFor(() => teeth.ended.length > 0 && ardenne.ended.length > 0, 'the notices of the end');
  expect(teeth.ended).toEqual([{ reason: 'abandon de Bertrand', adjudicated: { winner: 'black-teeth' } }]);
  // The queued action and every later one: refused with the organiser's words, in French and English.
  await waitFor(() => teeth.seated.inbox.rejected.length > 0, 'the refusal of the queued action');
  expect(teeth.seated.inbox.events.length).toBe(lateEvents);
  expect(teeth.seated.inbox.rejected[0]).toMatchObject({ code: 'battleAdjudicated', message: { fr: expect.stringMatching(/arbitré la partie/), en: expect.stringMatching(/adjudicated the battle/) } });
  expect(await act(ardenne, { type: 'endTurn' })).toBe('battleAdjudicated');

  // Stored as ended, with the adjudication; the tournament shows the result.
  const stored = await store.load(b.battleId);
  expect(stored).toMatchObject({ status: 'ended', access: { adjudicated: { winner: 'black-teeth', reason: 'abandon de Bertrand' } } });
  const status = (await api(`/tournaments/${b.id}`)).json().battles[0];
  expect(status).toMatchObject({ phase: 'ended', result: { winner: b.playerOf['black-teeth'], adjudication: { reason: 'abandon de Bertrand' } } });
  // Nobody comes into the room any more, and no room opens the battle again.
  const key = ardenne.seated.inbox.welcome[0].seatKey!;
  await expect(server.client().joinById(b.battleId, { key, playerName: 'Bertrand' })).rejects.toThrow(/^battleAdjudicated.*abandon de Bertrand/);
  await teeth.seated.room.leave();
  await ardenne.seated.room.leave();
  await settle(300); // the room closes
  await expect(server.client().create('battle', { resume: b.battleId, key, playerName: 'Bertrand' })).rejects.toThrow(/^battleAdjudicated/);
  await spectator.room.leave();
});

test('closed while no room runs the battle: stored as ended, then the broadcast spectators get the end with the reason at once, mid-turn', async () => {
  const { b, teeth, ardenne, spectator } = await midTurn();
  await teeth.seated.room.leave();
  await ardenne.seated.room.leave();
  await settle(300); // the room closes: the organiser's command goes to the store (organiser/control.ts)

  const { held, restore } = holdEndSave((r) => !!r.access?.closed);
  const answer = api(`/tournaments/${b.id}/battles/${b.battleId}/close`, { reason: 'joueurs absents' });
  await waitFor(() => held.waiting, 'the save of the close');
  await settle(150);
  expect(spectator.frames).toHaveLength(1);
  held.release();
  expect((await answer).status).toBe(200);
  restore();

  await waitFor(() => spectator.frames.length === 2, 'the end frame');
  expect(spectator.frames[1]).toMatchObject({
    ended: true,
    shownTurn: 1,
    view: { ...viewFor(stateAfter(MID_TURN), 'referee'), perspective: 'spectator' },
    dice: { seed: SEED },
    closed: { reason: 'joueurs absents' },
  });
  expect(await store.load(b.battleId)).toMatchObject({ status: 'ended', access: { closed: { reason: 'joueurs absents' } } });
  expect((await api(`/tournaments/${b.id}`)).json().battles[0].phase).toBe('closed');
  // Adjudicated afterwards: the result is declared; the battle stays closed and over.
  expect((await api(`/tournaments/${b.id}/battles/${b.battleId}/adjudicate`, { winner: null, reason: 'nul' })).status).toBe(200);
  await waitFor(() => spectator.frames.length === 3, 'the frame with the result');
  expect(spectator.frames[2]).toMatchObject({ ended: true, closed: { reason: 'joueurs absents' }, adjudicated: { winner: null, reason: 'nul' } });
  await spectator.room.leave();
});
