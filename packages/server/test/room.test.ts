import { joinBattle, leaveAll, openBattle, quietRefusedJoins, seatEveryone, settle, socketOf, startTestServer, waitFor, welcomed, type Seated, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ reconnectSeconds: 2 });
  quietRefusedJoins();
});
afterAll(async () => {
  await server.close();
});

type SideView = { id: string; claimed: boolean; playerName: string; connected: boolean };
const sideOf = (s: Seated, id: string) => (s.room.state.sides as SideView[]).find((x) => x.id === id)!;

describe('joining a battle', () => {
  test('the creator is welcomed with its seat key and the invites; every seat sees who plays which side', async () => {
    const opened = await openBattle(server, { playerName: 'Gauvain', referee: true });
    const welcome = opened.creator.inbox.welcome[0];
    expect(welcome).toMatchObject({ seat: 'ardenne', battleId: opened.battleId, log: [] });
    expect(opened.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(opened.invites).sort()).toEqual(['black-teeth', 'referee', 'spectator']);
    const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
    const spectator = await joinBattle(server, opened.battleId, { invite: opened.invites.spectator, playerName: 'Curieux' });
    expect(black.inbox.welcome[0].seat).toBe('black-teeth');
    expect(black.inbox.welcome[0].seatKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(black.inbox.welcome[0].invites).toBeUndefined();
    expect(spectator.inbox.welcome[0]).toMatchObject({ seat: 'spectator' });
    await waitFor(() => sideOf(spectator, 'black-teeth').connected, 'black-teeth shown connected');
    expect(sideOf(spectator, 'ardenne')).toMatchObject({ claimed: true, playerName: 'Gauvain', connected: true });
    expect(sideOf(spectator, 'black-teeth')).toMatchObject({ claimed: true, playerName: 'Grishak' });
    expect(spectator.room.state).toMatchObject({ refereeSeat: true, refereeClaimed: false, refereeConnected: false, refereeName: '', spectators: 1 });
    await leaveAll(opened.creator, black, spectator);
  });

  test('bad create options are refused with a clear error', async () => {
    await expect(server.client().create('battle', { scenarioId: 'nowhere', seat: 'ardenne', playerName: 'X' })).rejects.toThrow(/unknownScenario/);
    await expect(server.client().create('battle', { scenarioId: 'ash-plain', seat: 'elves', playerName: 'X' })).rejects.toThrow(/unknownSeat/);
    await expect(server.client().create('battle', { scenarioId: 'ash-plain', seat: 'ardenne' })).rejects.toThrow(/invalidCreateOptions: .*playerName/);
    await expect(server.client().create('battle', { scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'X', listed: 'yes' })).rejects.toThrow(
      /invalidCreateOptions: .*listed/,
    );
  });

  test('bad join options are refused with a clear error', async () => {
    const { battleId, creator } = await openBattle(server);
    await expect(server.client().joinById(battleId, { playerName: 'X' })).rejects.toThrow(/invalidJoinOptions: .*exactly one of key, invite or seat/);
    await expect(server.client().joinById(battleId, { playerName: 'X', key: 'short' })).rejects.toThrow(/invalidJoinOptions: .*key: expected a 22-character key/);
    await leaveAll(creator);
  });
});

describe('actions (§2.4: only the active player acts; the rules say why)', () => {
  /** Everything each connection received so far, to check that a refusal changes nothing elsewhere. */
  const snapshot = (s: Seated) => ({ frames: s.frames().length, state: JSON.stringify(s.room.state.toJSON()) });

  test('a malformed payload, an action out of turn and a spectator are refused to that client only, and nothing changes', async () => {
    const { seats } = await seatEveryone(server);
    const { ardenne, spectator } = seats;
    const black = seats['black-teeth'];
    await settle();
    const before = [ardenne, black, spectator].map(snapshot);

    ardenne.room.send('action', { type: 'fly', piece: 'a-spears-1' });
    await waitFor(() => ardenne.inbox.rejected.length === 1, 'the first refusal');
    expect(ardenne.inbox.rejected[0]).toMatchObject({ code: 'malformedAction', message: { fr: expect.any(String), en: expect.any(String) } });
    black.room.send('action', { type: 'endTurn' });
    await waitFor(() => black.inbox.rejected.length === 1, 'the out-of-turn refusal');
    expect(black.inbox.rejected[0]).toMatchObject({ code: 'notYourTurn', section: '§2.4' });
    spectator.room.send('action', { type: 'endTurn' });
    await waitFor(() => spectator.inbox.rejected.length === 1, 'the spectator refusal');
    expect(spectator.inbox.rejected[0].code).toBe('notAPlayer');
    await settle();

    const after = [ardenne, black, spectator].map(snapshot);
    expect(after.map((s) => s.state)).toEqual(before.map((s) => s.state));
    expect(after[1].frames).toBe(before[1].frames + 1); // black-teeth's own refusal only
    ardenne.room.send('action', { type: 'endTurn' });
    await waitFor(() => black.room.state.actionCount === 1, 'the accepted action');
    await leaveAll(ardenne, black, spectator);
  });
});

describe('reconnection', () => {
  test('a dropped connection keeps its seat, comes back with its token and acts again', async () => {
    const { battleId, seats } = await seatEveryone(server);
    const { ardenne } = seats;
    const black = seats['black-teeth'];
    ardenne.room.reconnection.enabled = false; // the test reconnects by hand, with the token
    const token = ardenne.room.reconnectionToken;
    socketOf(ardenne.room).terminate(); // the network drops: no consented leave
    await waitFor(() => !sideOf(black, 'ardenne').connected, 'ardenne shown disconnected');
    expect(sideOf(black, 'ardenne').claimed).toBe(true);
    await expect(server.client().joinById(battleId, { seat: 'ardenne', playerName: 'Intrus' })).rejects.toThrow(/seatRefused/);

    const back = await joinBattleByToken(token);
    expect(back.inbox.welcome[0].seat).toBe('ardenne');
    back.room.send('action', { type: 'endTurn' });
    await waitFor(() => black.room.state.actionCount === 1, 'the action after reconnection');
    expect(sideOf(black, 'ardenne').connected).toBe(true);
    await leaveAll(back, black, seats.spectator);
  });

  test('when the reconnection window closes the seat stays its holder\'s: only its key brings it back', async () => {
    const { battleId, seats, keys } = await seatEveryone(server);
    const black = seats['black-teeth'];
    seats.ardenne.room.reconnection.enabled = false;
    socketOf(seats.ardenne.room).terminate();
    await waitFor(() => seats.spectator.room.state.spectators === 1 && !sideOf(black, 'ardenne').connected, 'ardenne shown disconnected');
    await settle(2500); // past the window
    expect(sideOf(black, 'ardenne')).toMatchObject({ claimed: true, connected: false });
    await expect(server.client().joinById(battleId, { seat: 'ardenne', playerName: 'Relève' })).rejects.toThrow(/seatRefused/);
    const back = await joinBattle(server, battleId, { key: keys.ardenne, playerName: 'Gauvain' });
    expect(back.inbox.welcome[0].seat).toBe('ardenne');
    expect(back.inbox.welcome[0].seatKey).toBeUndefined(); // it has its key already
    await leaveAll(back, black, seats.spectator);
  }, 10000);
});

async function joinBattleByToken(token: string): Promise<Seated> {
  return welcomed(await server.client().reconnect(token));
}
