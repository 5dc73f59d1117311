/**
 * A tournament's time control (issue 12: "what happens when time runs out
 * is the organiser's setting"): every battle of a round is created with it,
 * and a battle lost on time counts in the results and standings, with its
 * reason.
 */
import { scenarioById } from '@lames/rules/scenarios';
import { joinBattle, startTestServer, waitFor, welcomed, type TestServer } from '../helpers';
import { FakeTime } from './fake-time';

const FORD = scenarioById('the-ford')!;
const TOKEN = 'test-organiser-token-0000';
const T0 = 1_800_000_000_000;

let server: TestServer;
let time: FakeTime;
beforeEach(async () => {
  time = new FakeTime(T0);
  server = await startTestServer(
    { timers: time, scenarios: { 'the-ford': FORD } },
    { organiserToken: TOKEN },
  );
});
afterEach(async () => {
  await server.close();
});

async function api(path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/organiser${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, never> };
}

it('a bad time control is refused with the field named', async () => {
  const res = await api('/tournaments', {
    name: 'Blitz',
    scenarioId: 'the-ford',
    players: ['Anne', 'Bruno'],
    timeControl: { mode: 'clock', initialSeconds: 5, onTimeout: 'later' },
  });
  expect(res.status).toBe(400);
  expect(String(res.json.error)).toMatch(/timeControl\.initialSeconds/);
  expect(String(res.json.error)).toMatch(/timeControl\.onTimeout/);
});

it("a round's battles carry the tournament's clock; one lost on time is a win for the other player in the standings", async () => {
  const timeControl = {
    mode: 'clock',
    initialSeconds: 600,
    incrementSeconds: 0,
    onTimeout: 'forfeit',
  };
  const created = await api('/tournaments', {
    name: 'Blitz',
    scenarioId: 'the-ford',
    players: ['Anne', 'Bruno'],
    timeControl,
  });
  expect(created.status).toBe(201);
  const id = (created.json.tournament as { id: string }).id;
  const round = await api(`/tournaments/${id}/rounds`, { roundRobin: true });
  const invites = round.json.invites as {
    battleId: string;
    seat: string;
    player: string;
    link: string;
  }[];
  const battleId = invites[0].battleId;
  const tokenOf = (seat: string) => invites.find((i) => i.seat === seat)!.link.split('/i/')[1];
  const [first, second] = FORD.sides.map((s) => s.id);
  const anne = await welcomed(
    await server
      .client()
      .create('battle', { resume: battleId, invite: tokenOf(first), playerName: 'Anne' }),
  );
  await joinBattle(server, battleId, { invite: tokenOf(second), playerName: 'Bruno' });
  await waitFor(() => anne.inbox.clock.some((c) => c.running.length > 0), 'the clock started');
  // the-ford waits for the Black Teeth's deployment: their clock runs out
  time.advance(600_000);
  await waitFor(() => anne.inbox.clock.some((c) => c.forfeit !== null), 'the forfeit');
  const status = async () =>
    (
      (await api(`/tournaments/${id}`)).json.battles as {
        result: { winner: string; forfeit?: unknown } | null;
      }[]
    )[0];
  for (let i = 0; i < 100 && !(await status()).result; i++)
    await new Promise((r) => setTimeout(r, 20));
  const players = (created.json.tournament as { players: { id: string; name: string }[] }).players;
  const idOf = (name: string) => players.find((p) => p.name === name)!.id;
  const secondPlayer = invites.find((i) => i.seat === second)!.player;
  const winner = secondPlayer === 'Anne' ? 'Bruno' : 'Anne';
  expect((await status()).result).toMatchObject({
    winner: idOf(winner),
    forfeit: { losers: [idOf(secondPlayer)], reason: 'timeout' },
  });
  const standings = (await api(`/tournaments/${id}/standings`)).json.standings as {
    name: string;
    wins: number;
    losses: number;
  }[];
  expect(standings[0]).toMatchObject({ name: winner, wins: 1 });
  expect(standings[1]).toMatchObject({ name: secondPlayer, losses: 1 });
  const csv = await fetch(`${server.url}/api/organiser/tournaments/${id}/results?format=csv`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(await csv.text()).toMatch(/lost on time/);
});
