/**
 * Issue 7: seats belong to their players. Whoever holds a seat's key is
 * that seat; nobody else can ever sit there, whatever they try: an empty
 * seat, a seat its holder left, a saved battle, a reconnection token, or
 * guessing keys (throttled, and every refusal reads the same).
 */
import { AttemptThrottle } from '../src/limits/attempts';
import { joinBattle, leaveAll, openBattle, quietRefusedJoins, settle, startTestServer, waitFor, welcomed, type Seated, type TestServer } from './helpers';

let server: TestServer;
let throttle = new AttemptThrottle();
/** Each test starts with a clean throttle: every test connects from 127.0.0.1. */
const attempts = {
  check: (ip: string) => throttle.check(ip),
  failure: (ip: string) => throttle.failure(ip),
  success: (ip: string) => throttle.success(ip),
} as AttemptThrottle;

beforeAll(async () => {
  server = await startTestServer({ reconnectSeconds: 1, attempts });
  quietRefusedJoins();
});
beforeEach(() => {
  throttle = new AttemptThrottle();
});
afterAll(async () => {
  await server.close();
});

const WRONG_KEY = 'AAAAAAAAAAAAAAAAAAAAAA';
const REFUSED = /^seatRefused: Ce lien ou cette demande ne donne accès à aucun siège de cette bataille\. \/ This link or request gives no seat in this battle\.$/;

/** The message of a refused join (the SDK rejects with the server's message). */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  return attempt.then(
    () => 'admitted',
    (e: Error) => e.message,
  );
}

async function roomGone(battleId: string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 3000) {
    const res = await fetch(`${server.url}/api/battles/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: [battleId] }) });
    const body = (await res.json()) as { battles: Array<{ open: boolean }> };
    if (body.battles.length === 1 && !body.battles[0].open) return;
    await settle(30);
  }
  throw new Error(`room ${battleId} still open`);
}

/**
 * One seat kind of an unlisted battle: the creator (ardenne) opens it, the
 * seat's holder takes it with its invite. `seat` is the seat under test.
 */
const KINDS = [
  { kind: 'side', seat: 'black-teeth' },
  { kind: 'referee', seat: 'referee' },
  { kind: 'spectator of an unlisted battle', seat: 'spectator' },
] as const;

async function unlistedWithHolder(seat: string): Promise<{ battleId: string; creator: Seated; holder: Seated; key: string }> {
  const opened = await openBattle(server, { listed: false, referee: true });
  const holder = await joinBattle(server, opened.battleId, { invite: opened.invites[seat], playerName: 'Titulaire' });
  // A spectator's key is its link: the same token lets it back in.
  const key = seat === 'spectator' ? opened.invites.spectator : holder.inbox.welcome[0].seatKey!;
  return { battleId: opened.battleId, creator: opened.creator, holder, key };
}

describe.each(KINDS)('the $kind seat belongs to whoever holds its key', ({ seat }) => {
  test('an empty seat is refused without credentials', async () => {
    const opened = await openBattle(server, { listed: false, referee: true });
    expect(await refusal(server.client().joinById(opened.battleId, { seat, playerName: 'Intrus' }))).toMatch(REFUSED);
    await leaveAll(opened.creator);
  });

  test('after its holder left, the seat is refused to anyone else; its key brings the holder back', async () => {
    const { battleId, creator, holder, key } = await unlistedWithHolder(seat);
    await holder.room.leave(true);
    await settle();
    expect(await refusal(server.client().joinById(battleId, { seat, playerName: 'Intrus' }))).toMatch(REFUSED);
    const back = await joinBattle(server, battleId, { key, playerName: 'Titulaire' });
    expect(back.inbox.welcome[0].seat).toBe(seat);
    await leaveAll(creator, back);
  });

  test('resuming the saved battle needs the key: naming the seat or a wrong key is refused', async () => {
    const { battleId, creator, holder, key } = await unlistedWithHolder(seat);
    await leaveAll(creator, holder);
    await roomGone(battleId);
    expect(await refusal(server.client().create('battle', { resume: battleId, seat, playerName: 'Intrus' }))).toMatch(REFUSED);
    await roomGone(battleId);
    expect(await refusal(server.client().create('battle', { resume: battleId, key: WRONG_KEY, playerName: 'Intrus' }))).toMatch(REFUSED);
    await roomGone(battleId);
    const back = await welcomed(await server.client().create('battle', { resume: battleId, key, playerName: 'Titulaire' }));
    expect(back.inbox.welcome[0]).toMatchObject({ seat, battleId });
    await leaveAll(back);
  });

  test('a reconnection token presented by another connection never takes the seat from its live holder', async () => {
    const { creator, holder } = await unlistedWithHolder(seat);
    await expect(server.client().reconnect(holder.room.reconnectionToken)).rejects.toThrow();
    await settle(100);
    expect(holder.inbox.seatTakenOver).toEqual([]);
    expect(holder.room.connection.isOpen).toBe(true);
    await leaveAll(creator, holder);
  });

  test('a burst of wrong keys and invites is throttled: every refusal reads the same, then even the right key waits', async () => {
    const { battleId, creator, key } = await unlistedWithHolder(seat);
    const messages: string[] = [];
    for (let i = 0; i < 12; i++) {
      const guess = `${WRONG_KEY.slice(0, 20)}${i.toString().padStart(2, '0')}`;
      messages.push(await refusal(server.client().joinById(battleId, i % 2 ? { key: guess, playerName: 'X' } : { invite: guess, playerName: 'X' })));
    }
    const refused = messages.filter((m) => REFUSED.test(m));
    const throttled = messages.filter((m) => m.startsWith('tooManyAttempts'));
    expect(refused.length + throttled.length).toBe(messages.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled[0]).toMatch(/tooManyAttempts: Trop de tentatives : réessayez dans \d+ s\./);
    expect(await refusal(server.client().joinById(battleId, { key, playerName: 'Titulaire' }))).toMatch(/^tooManyAttempts/);
    await leaveAll(creator);
  });
});

describe('invites, keys and hand-overs', () => {
  test('an invite seats its claimer once, with a fresh key; the spent invite is refused like any wrong one', async () => {
    const opened = await openBattle(server, { listed: false });
    const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
    expect(black.inbox.welcome[0]).toMatchObject({ seat: 'black-teeth', seatKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(black.inbox.welcome[0].seatKey).not.toBe(opened.invites['black-teeth']);
    expect(await refusal(server.client().joinById(opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Second' }))).toMatch(REFUSED);
    await leaveAll(opened.creator, black);
  });

  test('a second connection with the key takes the seat over: the first is told seatTakenOver and closed', async () => {
    const opened = await openBattle(server, { listed: false });
    const first = opened.creator;
    const second = await joinBattle(server, opened.battleId, { key: opened.key, playerName: 'Autre navigateur' });
    await waitFor(() => first.inbox.seatTakenOver.length === 1, 'seatTakenOver');
    await waitFor(() => !first.room.connection.isOpen, 'the first connection closed');
    second.room.send('action', { type: 'endTurn' });
    await waitFor(() => second.room.state.actionCount === 1, 'the new connection acts');
    expect(second.room.state.sides.find((s: { id: string }) => s.id === 'ardenne').playerName).toBe('Autre navigateur');
    await leaveAll(second);
  });

  test('handOver gives the holder an invite for its seat and closes it; its old key is refused, the invite seats the next player', async () => {
    const opened = await openBattle(server, { listed: false });
    const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
    const oldKey = black.inbox.welcome[0].seatKey!;
    black.room.send('handOver');
    await waitFor(() => black.inbox.invites.length === 1, 'the hand-over invite');
    const [invite] = black.inbox.invites[0].invites;
    expect(invite.seat).toBe('black-teeth');
    await waitFor(() => !black.room.connection.isOpen, 'the holder closed');
    await waitFor(() => !opened.creator.room.state.sides.find((s: { id: string }) => s.id === 'black-teeth').claimed, 'the side shown free');
    expect(await refusal(server.client().joinById(opened.battleId, { key: oldKey, playerName: 'Grishak' }))).toMatch(REFUSED);
    const next = await joinBattle(server, opened.battleId, { invite: invite.token, playerName: 'Uzgul' });
    expect(next.inbox.welcome[0]).toMatchObject({ seat: 'black-teeth', seatKey: expect.any(String) });
    await leaveAll(opened.creator, next);
  });

  test("the creator's seat asks fresh invites for the seats nobody holds: the old ones stop working; no other seat may ask", async () => {
    const opened = await openBattle(server, { listed: false, referee: true });
    const black = await joinBattle(server, opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Grishak' });
    black.room.send('invites');
    await waitFor(() => black.inbox.rejected.length === 1, 'the refusal');
    expect(black.inbox.rejected[0].code).toBe('notCreatorSeat');
    opened.creator.room.send('invites');
    await waitFor(() => opened.creator.inbox.invites.length === 1, 'the fresh invites');
    const fresh = Object.fromEntries(opened.creator.inbox.invites[0].invites.map((i) => [i.seat, i.token]));
    expect(Object.keys(fresh).sort()).toEqual(['referee', 'spectator']);
    expect(await refusal(server.client().joinById(opened.battleId, { invite: opened.invites.referee, playerName: 'A' }))).toMatch(REFUSED);
    expect(await refusal(server.client().joinById(opened.battleId, { invite: opened.invites.spectator, playerName: 'A' }))).toMatch(REFUSED);
    const referee = await joinBattle(server, opened.battleId, { invite: fresh.referee, playerName: 'Arbitre' });
    expect(referee.inbox.welcome[0].seat).toBe('referee');
    await leaveAll(opened.creator, black, referee);
  });

  test('a listed battle lets anyone spectate or claim a side nobody holds from the lobby, first come; never the referee seat', async () => {
    const opened = await openBattle(server, { referee: true });
    const spectator = await joinBattle(server, opened.battleId, { seat: 'spectator', playerName: 'Curieux' });
    expect(spectator.inbox.welcome[0]).toMatchObject({ seat: 'spectator' });
    expect(spectator.inbox.welcome[0].seatKey).toBeUndefined();
    const black = await joinBattle(server, opened.battleId, { seat: 'black-teeth', playerName: 'Grishak' });
    expect(black.inbox.welcome[0]).toMatchObject({ seat: 'black-teeth', seatKey: expect.any(String) });
    expect(await refusal(server.client().joinById(opened.battleId, { seat: 'black-teeth', playerName: 'Second' }))).toMatch(REFUSED);
    expect(await refusal(server.client().joinById(opened.battleId, { seat: 'referee', playerName: 'Arbitre' }))).toMatch(REFUSED);
    // The invite of a side claimed from the lobby is spent.
    expect(await refusal(server.client().joinById(opened.battleId, { invite: opened.invites['black-teeth'], playerName: 'Invité' }))).toMatch(REFUSED);
    await leaveAll(opened.creator, spectator, black);
  });
});

test('the battle record keeps only SHA-256 hashes of the key and the invites, never the tokens', async () => {
  const { createHash } = await import('node:crypto');
  const { readFile } = await import('node:fs/promises');
  const opened = await openBattle(server, { referee: true });
  const text = await readFile(`${server.dataDir}/battles/${opened.battleId}.json`, 'utf8');
  for (const token of [opened.key, ...Object.values(opened.invites)]) {
    expect(text).not.toContain(token);
    expect(text).toContain(createHash('sha256').update(token).digest('base64url'));
  }
  await leaveAll(opened.creator);
});
