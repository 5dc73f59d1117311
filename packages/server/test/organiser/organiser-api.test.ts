/**
 * The organiser API (issue 12, "Organisers"): token, tournaments, rounds
 * with invite links that seat players through the ordinary claim path,
 * statuses, adjudication, standings and CSV exports, over real HTTP.
 */
import { SCENARIOS } from '@lames/rules/scenarios';
import { AttemptThrottle } from '../../src/limits/attempts';
import { startTestServer, welcomed, type TestServer } from '../helpers';

const TOKEN = 'organiser-test-token-0123456789';
const SCENARIO = SCENARIOS[0];
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ attempts: new AttemptThrottle() }, { organiserToken: TOKEN });
});
afterEach(async () => {
  await server.close();
});

async function api(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/organiser${path}`, { method: init.method ?? (init.body ? 'POST' : 'GET'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) };
}

async function tournament(players = ['Anne', 'Bertrand', 'Cécile', 'Denis']): Promise<string> {
  const res = await api('/tournaments', { body: { name: 'Coupe', scenarioId: SCENARIO.id, players } });
  expect(res.status).toBe(201);
  return res.json().tournament.id;
}

test('a missing or wrong token is refused, and guessing is throttled like seat keys', async () => {
  expect((await api('/tournaments', { token: null })).status).toBe(401);
  for (let i = 0; i < 4; i++) expect((await api('/tournaments', { token: 'wrong-token-wrong-token' })).status).toBe(401);
  // the sixth failure in a minute is beyond the five free ones: the address now waits, even with the right token
  expect((await api('/tournaments', { token: 'wrong-token-wrong-token' })).status).toBe(401);
  const blocked = await api('/tournaments');
  expect(blocked.status).toBe(429);
  expect(blocked.json().retryAfter).toBeGreaterThan(0);
});

test('bodies are validated with a clear error', async () => {
  const res = await api('/tournaments', { body: { name: '', scenarioId: SCENARIO.id, players: ['Solo'] } });
  expect(res.status).toBe(400);
  expect(res.json().error).toMatch(/name/);
  expect(res.json().error).toMatch(/at least 2 players/);
});

test('a round-robin round opens every battle at once, and an invite link seats its player through the claim path', async () => {
  const id = await tournament();
  const res = await api(`/tournaments/${id}/rounds`, { body: { roundRobin: true, origin: 'https://lames.example' } });
  expect(res.status).toBe(201);
  const { round, invites, csv } = res.json();
  expect(round.battles).toHaveLength(2);
  // per battle: both sides and the spectators
  expect(invites).toHaveLength(6);
  expect(csv.split('\r\n')[0]).toBe('round,battle,battle name,player,seat,link');
  const anne = invites.find((i: { player: string }) => i.player === 'Anne');
  const m = /^https:\/\/lames\.example\/#\/b\/([\w-]+)\/i\/([\w-]{22})$/.exec(anne.link)!;
  expect(m).not.toBeNull();
  const room = await server.client().create('battle', { resume: m[1], invite: m[2], playerName: 'Anne' });
  const seatedAnne = await welcomed(room);
  expect(seatedAnne.inbox.welcome[0]).toMatchObject({ seat: anne.seat, battleId: m[1] });
  expect(seatedAnne.inbox.welcome[0].seatKey).toMatch(/^[\w-]{22}$/);
  // dice anyone can check: a tournament battle commits to its seed like a lobby battle, and never tells it before the end
  expect(seatedAnne.inbox.welcome[0].dice).toEqual({ seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  await room.leave();
  // the status shows the claimed seat; the battle waits for the other player
  const status = (await api(`/tournaments/${id}`)).json();
  const battle = status.battles.find((b: { battleId: string }) => b.battleId === m[1]);
  expect(battle.sides.find((s: { player: string }) => s.player === 'Anne').claimed).toBe(true);
  expect(battle.phase).toBe('seating');
  expect(battle.lastActionAt).toEqual(expect.any(String));
});

test('fresh invites for a round come as CSV and the previous links stop working', async () => {
  const id = await tournament(['Anne', 'Bertrand']);
  const first = (await api(`/tournaments/${id}/rounds`, { body: { roundRobin: true } })).json();
  const again = await api(`/tournaments/${id}/rounds/1/invites?format=csv`, { body: {} });
  expect(again.status).toBe(200);
  expect(again.type).toMatch(/^text\/csv/);
  const lines = again.text.trim().split('\r\n');
  expect(lines).toHaveLength(1 + 3);
  const old = first.invites[0].link as string;
  const [, battleId, invite] = /#\/b\/([\w-]+)\/i\/([\w-]+)$/.exec(old)!;
  await expect(server.client().create('battle', { resume: battleId, invite, playerName: 'Anne' })).rejects.toThrow();
});

test('standings count adjudicated results (win 1, draw ½) and export as CSV and JSON; the reason is kept', async () => {
  const id = await tournament(['Anne', 'Bertrand', '=Cécile', 'Denis']);
  const round = (await api(`/tournaments/${id}/rounds`, { body: { pairings: [{ first: 'p1', second: 'p2' }, { first: 'p3', second: 'p4' }] } })).json().round;
  const [ab, cd] = round.battles;
  expect((await api(`/tournaments/${id}/battles/${ab.battleId}/adjudicate`, { body: { winner: 'p2', reason: 'Anne forfeits' } })).status).toBe(200);
  expect((await api(`/tournaments/${id}/battles/${cd.battleId}/adjudicate`, { body: { winner: null, reason: 'draw agreed' } })).status).toBe(200);
  expect((await api(`/tournaments/${id}/battles/${cd.battleId}/adjudicate`, { body: { winner: 'p1', reason: 'x' } })).status).toBe(400);
  const standings = (await api(`/tournaments/${id}/standings`)).json().standings;
  expect(standings.map((s: { name: string; score: number }) => [s.name, s.score])).toEqual([
    ['Bertrand', 1],
    ['=Cécile', 0.5],
    ['Denis', 0.5],
    ['Anne', 0],
  ]);
  const csv = await api(`/tournaments/${id}/standings?format=csv`);
  expect(csv.text.split('\r\n')[2]).toBe("2,'=Cécile,1,0,1,0,0,0.5,0");
  const results = (await api(`/tournaments/${id}/results`)).json().results;
  expect(results.find((r: { battleId: string }) => r.battleId === ab.battleId).result.adjudication.reason).toBe('Anne forfeits');
  expect((await api(`/tournaments/${id}/results?format=csv`)).text).toMatch(/Anne forfeits/);
});

test('the round-robin ends after n-1 rounds', async () => {
  const id = await tournament(['Anne', 'Bertrand', 'Cécile']);
  for (let r = 0; r < 3; r++) expect((await api(`/tournaments/${id}/rounds`, { body: { roundRobin: true } })).status).toBe(201);
  const over = await api(`/tournaments/${id}/rounds`, { body: { roundRobin: true } });
  expect(over.status).toBe(409);
  const t = (await api(`/tournaments/${id}`)).json().tournament;
  expect(t.rounds.map((r: { byes: string[] }) => r.byes).flat().sort()).toEqual(['p1', 'p2', 'p3']);
});

test('reassigning a seat gives a new invite and the old key stops working', async () => {
  const id = await tournament(['Anne', 'Bertrand']);
  const { invites } = (await api(`/tournaments/${id}/rounds`, { body: { roundRobin: true } })).json();
  const anne = invites.find((i: { player: string }) => i.player === 'Anne');
  const [, battleId, invite] = /#\/b\/([\w-]+)\/i\/([\w-]+)$/.exec(anne.link)!;
  const room = await server.client().create('battle', { resume: battleId, invite, playerName: 'Anne' });
  const key = (await welcomed(room)).inbox.welcome[0].seatKey as string;
  await room.leave();
  // with no room running the battle, the stored seats change (organiser/control.ts)
  const res = await api(`/tournaments/${id}/battles/${battleId}/reassign`, { body: { seat: anne.seat } });
  expect(res.status).toBe(200);
  expect(res.json().invite.player).toBe('Anne');
  expect(res.json().csv.split('\r\n')[1]).toContain(res.json().invite.link);
  await expect(server.client().create('battle', { resume: battleId, key, playerName: 'Anne' })).rejects.toThrow();
  const fresh = /\/i\/([\w-]+)$/.exec(res.json().invite.link)![1];
  const back = await welcomed(await server.client().create('battle', { resume: battleId, invite: fresh, playerName: 'Anne bis' }));
  expect(back.inbox.welcome[0].seat).toBe(anne.seat);
  expect((await api(`/tournaments/${id}/battles/${battleId}/reassign`, { body: { seat: 'nobody' } })).status).toBe(404);
});
