import { seated, settle, socketOf, startTestServer, waitFor, type Seated, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ reconnectSeconds: 5 });
  // The SDK warns when the server closes a refused join (4002); these tests refuse joins on purpose.
  const warn = console.warn;
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('closed unexpectedly (4002)')) warn(...args);
  });
});
afterAll(async () => {
  await server.close();
});

const REFEREE_CODE = 'sesame-42';

/** A fresh battle on the-ford with ardenne, black-teeth and a spectator seated. */
async function openBattle(): Promise<{ ardenne: Seated; black: Seated; spectator: Seated }> {
  const ardenne = seated(await server.client().create('battle', { scenarioId: 'the-ford', refereeCode: REFEREE_CODE, seat: 'ardenne', playerName: 'Gauvain' }));
  const black = seated(await server.client().joinById(ardenne.room.roomId, { seat: 'black-teeth', playerName: 'Grishak' }));
  const spectator = seated(await server.client().joinById(ardenne.room.roomId, { seat: 'spectator', playerName: 'Curieux' }));
  await waitFor(() => [ardenne, black, spectator].every((s) => s.inbox.welcome.length === 1), 'the welcomes');
  return { ardenne, black, spectator };
}

async function leaveAll(...seats: Seated[]): Promise<void> {
  await Promise.all(seats.map((s) => s.room.leave(true).catch(() => undefined)));
}

describe('joining a battle', () => {
  test('the welcome names the seat and the battle id, and the side is shown seated', async () => {
    const { ardenne, black, spectator } = await openBattle();
    expect(ardenne.inbox.welcome[0]).toMatchObject({ seat: 'ardenne', battleId: ardenne.room.roomId, log: [] });
    await waitFor(() => ardenne.room.state.sides.every((s: { seated: boolean }) => s.seated), 'both sides seated');
    expect(ardenne.room.state.spectators).toBe(1);
    await leaveAll(ardenne, black, spectator);
  });

  test('a second client for a side already held is refused (seatTaken)', async () => {
    const { ardenne, black, spectator } = await openBattle();
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'ardenne', playerName: 'Intrus' })).rejects.toThrow(/seatTaken/);
    await leaveAll(ardenne, black, spectator);
  });

  test('the referee with a wrong code is refused; with the right code is seated', async () => {
    const { ardenne, black, spectator } = await openBattle();
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'referee', playerName: 'Arbitre', refereeCode: 'wrong-code' })).rejects.toThrow(
      /wrongRefereeCode: Code d'arbitre incorrect\. \/ Wrong referee code\./,
    );
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'referee', playerName: 'Arbitre' })).rejects.toThrow(/wrongRefereeCode/);
    const referee = seated(await server.client().joinById(ardenne.room.roomId, { seat: 'referee', playerName: 'Arbitre', refereeCode: REFEREE_CODE }));
    await waitFor(() => referee.inbox.welcome.length === 1, 'the referee welcome');
    expect(referee.inbox.welcome[0].seat).toBe('referee');
    await leaveAll(ardenne, black, spectator, referee);
  });

  test('bad join options and unknown seats are refused with a clear error', async () => {
    const { ardenne, black, spectator } = await openBattle();
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'ardenne' })).rejects.toThrow(/invalidJoinOptions: .*playerName/);
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'elves', playerName: 'X' })).rejects.toThrow(/unknownSeat/);
    await leaveAll(ardenne, black, spectator);
  });

  test('bad create options are refused with a clear error', async () => {
    await expect(server.client().create('battle', { scenarioId: 'nowhere', seat: 'ardenne', playerName: 'X' })).rejects.toThrow(/unknownScenario/);
    await expect(server.client().create('battle', { scenarioId: 'the-ford', refereeCode: 'abc', seat: 'ardenne', playerName: 'X' })).rejects.toThrow(
      /invalidCreateOptions: .*refereeCode/,
    );
  });
});

describe('refused actions (§2.4: only the active player acts; the rules say why)', () => {
  /** Everything each connection received so far, to check that a refusal changes nothing elsewhere. */
  const snapshot = (s: Seated) => ({ frames: s.frames().length, state: JSON.stringify(s.room.state.toJSON()) });

  test('a malformed payload, an action out of turn and an illegal move are refused to that client only, and nothing changes', async () => {
    const { ardenne, black, spectator } = await openBattle();
    await settle();
    const before = [ardenne, black, spectator].map(snapshot);

    ardenne.room.send('action', { type: 'fly', piece: 'h-knights' });
    await waitFor(() => ardenne.inbox.rejected.length === 1, 'the first refusal');
    expect(ardenne.inbox.rejected[0]).toMatchObject({ code: 'malformedAction', message: { fr: expect.any(String), en: expect.any(String) } });

    black.room.send('action', { type: 'activate', piece: 'o-wargs-1' });
    await waitFor(() => black.inbox.rejected.length === 1, 'the out-of-turn refusal');
    expect(black.inbox.rejected[0]).toMatchObject({ code: 'notYourTurn', section: '§2.4' });

    ardenne.room.send('action', { type: 'activate', piece: 'h-spears' });
    await waitFor(() => ardenne.room.state.actionCount === 1, 'the activation');
    const afterActivation = [ardenne, black, spectator].map(snapshot);
    ardenne.room.send('action', { type: 'move', piece: 'h-spears', steps: [{ to: 0 }] });
    await waitFor(() => ardenne.inbox.rejected.length === 2, 'the illegal-move refusal');
    expect(ardenne.inbox.rejected[1]).toMatchObject({ code: 'notAdjacentStep', section: '§2.6.3' });

    spectator.room.send('action', { type: 'endTurn' });
    await waitFor(() => spectator.inbox.rejected.length === 1, 'the spectator refusal');
    expect(spectator.inbox.rejected[0].code).toBe('notAPlayer');
    await settle();

    // The activation was the one accepted action: before it, the refusals changed nothing for anyone.
    expect(black.inbox.rejected).toHaveLength(1);
    const after = [ardenne, black, spectator].map(snapshot);
    expect(after.map((s) => s.state)).toEqual(afterActivation.map((s) => s.state));
    // Refusals add frames only for the refused client: ardenne got two, spectator one, black-teeth none since the activation.
    expect(after[1].frames).toBe(afterActivation[1].frames);
    expect(before[1].state).not.toEqual(afterActivation[1].state);
    await leaveAll(ardenne, black, spectator);
  });
});

describe('reconnection', () => {
  test('a dropped connection keeps its seat, reconnects with its token and acts again', async () => {
    const { ardenne, black, spectator } = await openBattle();
    ardenne.room.reconnection.enabled = false; // the test reconnects by hand, with the token
    const token = ardenne.room.reconnectionToken;
    socketOf(ardenne.room).terminate(); // the network drops: no consented leave
    await waitFor(() => black.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').connected === false, 'ardenne shown disconnected');
    expect(black.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').seated).toBe(true);
    await expect(server.client().joinById(ardenne.room.roomId, { seat: 'ardenne', playerName: 'Intrus' })).rejects.toThrow(/seatTaken/);

    const back = seated(await server.client().reconnect(token));
    await waitFor(() => back.inbox.welcome.length === 1, 'the welcome after reconnection');
    expect(back.inbox.welcome[0].seat).toBe('ardenne');
    back.room.send('action', { type: 'activate', piece: 'h-spears' });
    await waitFor(() => black.room.state.actionCount === 1, 'the action after reconnection');
    expect(black.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').connected).toBe(true);
    await leaveAll(back, black, spectator);
  });

  test('the seat is freed only when the reconnection window closes', async () => {
    const { ardenne, black, spectator } = await openBattle();
    ardenne.room.reconnection.enabled = false;
    socketOf(ardenne.room).terminate();
    await waitFor(() => black.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').connected === false, 'ardenne shown disconnected');
    await waitFor(() => black.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').seated === false, 'the seat freed', 8000);
    const other = seated(await server.client().joinById(black.room.roomId, { seat: 'ardenne', playerName: 'Relève' }));
    await waitFor(() => other.inbox.welcome.length === 1, 'the new ardenne player');
    await leaveAll(other, black, spectator);
  }, 15000);
});
