/**
 * Fiche mécanismes communs, Unités Cachées et Leurres: the server keeps the
 * secrets. These tests read the raw bytes each connection receives, before
 * any decoding, so that no layer can hide a leak. The Black Teeth deploy
 * their ambush and its decoy over the wire (§4.5.2), as a player would.
 */
import { apply, createGame, parseHexLabel, reachable, type ActionInput, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { deploySides, FORD_DECOY, FORD_PLACEMENT, type LabelledPlacement } from '@lames/rules/testing';
import { framesText, joinBattle, openBattle, settle, startTestServer, waitFor, type Seated, type TestServer } from './helpers';

const FORD = scenarioById('the-ford')!;
const SECRET_STRINGS = ['o-ambush', 'Embuscade gobeline', 'goblin-infantry', FORD_DECOY];
const SEED = 'a fixed seed for tests only';
/** FORD_PLACEMENT with the ambush and its decoy swapped: the decoy in the wood at 1303, the ambush at 1204. */
const SWAPPED: LabelledPlacement = {
  units: [{ ...FORD_PLACEMENT.units[0], hex: FORD_PLACEMENT.decoys[0].hex }],
  decoys: [{ ...FORD_PLACEMENT.decoys[0], hex: FORD_PLACEMENT.units[0].hex }],
};

/** The deploy action for a placement written with hex labels (the wire carries hex indexes). */
function deployAction(placement: LabelledPlacement): ActionInput {
  const hex = (label: string) => parseHexLabel(FORD.map, label);
  return {
    type: 'deploy',
    units: placement.units.map((u) => ({ ...u, hex: hex(u.hex) })),
    decoys: placement.decoys.map((d) => ({ ...d, hex: hex(d.hex) })),
  } as ActionInput;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: () => SEED,
    scenarios: { 'the-ford': FORD },
  });
});
afterAll(async () => {
  await server.close();
});

/** Sends an action and waits until every given connection has its events for it. */
async function act(actor: Seated, action: ActionInput, everyone: Seated[]): Promise<void> {
  const counts = everyone.map((s) => s.inbox.events.length);
  actor.room.send('action', action);
  await waitFor(() => actor.inbox.rejected.length > 0 || everyone.every((s, i) => s.inbox.events.length > counts[i]), `events of ${JSON.stringify(action)}`);
  expect(actor.inbox.rejected).toEqual([]);
}

/** The shortest legal move of a piece (its wing's directive may forbid one-hex moves, §2.6.11.1), and where it ends. */
function shortestMove(placement: LabelledPlacement, before: Array<[string, ActionInput]>, side: string, piece: string): { action: ActionInput; hex: number } {
  let game: GameState = deploySides(createGame(FORD, SEED), { 'black-teeth': placement }).state;
  for (const [seat, action] of before) {
    const r = apply(game, seat, action);
    if (!r.ok) throw new Error(`local replay refused: ${r.rejection.code}`);
    game = r.state;
  }
  const arrival = reachable(game, side, piece).sort((a, b) => a.steps.length - b.steps.length || a.hex - b.hex)[0];
  if (!arrival) throw new Error(`no move for ${piece}`);
  return { action: { type: 'move', piece, steps: arrival.steps }, hex: arrival.hex };
}

const ARDENNE_TURN: Array<[string, ActionInput]> = [
  ['ardenne', { type: 'activate', piece: 'h-spears' }],
  ['ardenne', { type: 'move', piece: 'h-spears', steps: [{ to: 119 }] }],
  ['ardenne', { type: 'endTurn' }],
];

describe('Fiche mécanismes communs, Unités Cachées et Leurres: hidden units and decoys', () => {
  test('the opponent and spectators never receive the identity of the hidden unit or the decoy; the owner and the referee do', async () => {
    const opened = await openBattle(server, { scenarioId: 'the-ford', referee: true, playerName: 'Gauvain' });
    const ardenne = opened.creator;
    const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
    const referee = await joinBattle(server, opened.battleId, { invite: opened.invites.referee, playerName: 'Arbitre' });
    const spectator = await joinBattle(server, opened.battleId, { invite: opened.invites.spectator, playerName: 'Curieux' });
    const all = [ardenne, black, referee, spectator];

    await act(black, deployAction(FORD_PLACEMENT), all);
    for (const [, action] of ARDENNE_TURN) await act(ardenne, action, all);
    const activateAmbush: [string, ActionInput] = ['black-teeth', { type: 'activate', piece: 'o-ambush' }];
    const ambush = shortestMove(FORD_PLACEMENT, [...ARDENNE_TURN, activateAmbush], 'black-teeth', 'o-ambush');
    const blackTurn: Array<[string, ActionInput]> = [
      activateAmbush,
      ['black-teeth', ambush.action],
      ['black-teeth', { type: 'activate', piece: FORD_DECOY }],
    ];
    for (const [, action] of blackTurn) await act(black, action, all);
    await act(black, shortestMove(FORD_PLACEMENT, [...ARDENNE_TURN, ...blackTurn], 'black-teeth', FORD_DECOY).action, all);
    await act(black, { type: 'endTurn' }, all);
    await settle();

    for (const s of [ardenne, spectator]) {
      const text = framesText(s.frames());
      for (const secret of SECRET_STRINGS) expect({ seat: s.inbox.welcome[0].seat, leaked: text.includes(secret) ? secret : null }).toEqual({ seat: s.inbox.welcome[0].seat, leaked: null });
    }
    for (const s of [black, referee]) {
      const text = framesText(s.frames());
      for (const secret of SECRET_STRINGS) expect({ seat: s.inbox.welcome[0].seat, received: secret, found: text.includes(secret) }).toMatchObject({ found: true });
    }

    // Decoded: covers for everyone, what lies under them for the owner and the referee only.
    for (const s of [ardenne, spectator]) {
      expect(s.room.state.covers.size).toBe(2);
      expect(s.room.state.secrets?.size ?? 0).toBe(0);
    }
    for (const s of [black, referee]) {
      expect([...s.room.state.secrets.keys()].sort()).toEqual([`s:${FORD_DECOY}`, 's:o-ambush']);
      expect(s.room.state.secrets.get('s:o-ambush').hex).toBe(ambush.hex);
      expect(s.room.state.secrets.get(`s:${FORD_DECOY}`).isDecoy).toBe(true);
    }
    const ambushCover = black.room.state.secrets.get('s:o-ambush').coverId;
    expect(ardenne.room.state.covers.get(`c:${ambushCover}`).hex).toBe(ambush.hex);
    // The opponent heard of the moves, about the cover only.
    expect(ardenne.inbox.events.flat()).toContainEqual(expect.objectContaining({ type: 'coverMoved', cover: ambushCover, to: ambush.hex }));
    await Promise.all(all.map((s) => s.room.leave(true)));
  });

  test('a hidden unit and a decoy are indistinguishable: swapping them gives the opponent byte-identical streams', async () => {
    const streams: Buffer[][] = [];
    for (const [placement, pieceAt1303] of [[FORD_PLACEMENT, 'o-ambush'], [SWAPPED, FORD_DECOY]] as const) {
      const opened = await openBattle(server, { scenarioId: 'the-ford', battleName: 'Le gué', playerName: 'Gauvain' });
      const ardenne = opened.creator;
      const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
      const both = [ardenne, black];
      await settle();
      await act(black, deployAction(placement), both);
      for (const [, action] of ARDENNE_TURN) await act(ardenne, action, both);
      await act(black, { type: 'activate', piece: pieceAt1303 }, both);
      // The move the hidden unit may make from 1303, played by whichever piece stands there.
      const move = shortestMove(FORD_PLACEMENT, [...ARDENNE_TURN, ['black-teeth', { type: 'activate', piece: 'o-ambush' }]], 'black-teeth', 'o-ambush');
      await act(black, { ...move.action, piece: pieceAt1303 } as ActionInput, both);
      await act(black, { type: 'endTurn' }, both);
      await settle();
      const tokens = [opened.key, ...Object.values(opened.invites)];
      streams.push(normalise(ardenne.frames(), [ardenne.room.roomId, ardenne.room.sessionId, ardenne.room.reconnectionToken.split(':')[1], ...tokens]));
      await Promise.all(both.map((s) => s.room.leave(true)));
    }
    const [a, b] = streams;
    expect(a.length).toBeGreaterThan(10);
    expect(b.map((f) => f.toString('hex'))).toEqual(a.map((f) => f.toString('hex')));
  });
});

/**
 * The room id, session id, reconnection token, seat key and invites are
 * random per connection and tell nothing about the game; they are blanked (same length) so that
 * the two streams can be compared byte for byte.
 */
function normalise(frames: Buffer[], randomIds: string[]): Buffer[] {
  return frames.map((f) => {
    let text = f.toString('latin1');
    for (const id of randomIds) text = text.split(id).join('#'.repeat(id.length));
    return Buffer.from(text, 'latin1');
  });
}
