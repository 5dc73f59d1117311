/**
 * The organiser's hand on a battle (issue 12, "Per battle: … Lock/unlock
 * (pause), reassign a seat (new key, the old one stops working), … close"),
 * whether or not a room runs the battle: the command reaches the room that
 * holds it (organiser/control.ts), which refuses actions while locked, tells
 * its seats, and saves; with no room, the stored record changes. Also Swiss
 * rounds from the standings, and the optional referee seat of every battle.
 */
import { createGame, parseHexLabel } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { FORD_PLACEMENT } from '@lames/rules/testing';
import { AttemptThrottle } from '../../src/limits/attempts';
import {
  quietRefusedJoins,
  settle,
  startTestServer,
  waitFor,
  welcomed,
  type Seated,
  type TestServer,
} from '../helpers';

const TOKEN = 'organiser-control-token-0123456789';
let server: TestServer;

beforeAll(() => quietRefusedJoins());
beforeEach(async () => {
  server = await startTestServer({ attempts: new AttemptThrottle() }, { organiserToken: TOKEN });
});
afterEach(async () => {
  await server.close();
});

async function api(path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/organiser${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

interface Link {
  player: string;
  seat: string;
  battleId: string;
  token: string;
}

/** A tournament of the ford (Ardenne deploys nothing, the Black Teeth deploy first) and its first round's links. */
async function fordRound(
  players: string[],
  options: { referee?: boolean } = {},
): Promise<{ id: string; links: Link[]; csv: string }> {
  const id = (
    await api('/tournaments', {
      name: 'Coupe du Gué',
      scenarioId: 'the-ford',
      players,
      referee: !!options.referee,
    })
  ).json().tournament.id;
  const made = (await api(`/tournaments/${id}/rounds`, { roundRobin: true })).json();
  const links = made.invites.map((i: { player: string; seat: string; link: string }) => {
    const [, battleId, token] = /#\/b\/([\w-]+)\/i\/([\w-]+)$/.exec(i.link)!;
    return { player: i.player, seat: i.seat, battleId, token };
  });
  return { id, links, csv: made.csv };
}

/** A seated connection (joining the open room, or resuming the battle) that also records the organiser's notices. */
async function open(link: Link) {
  const options = { invite: link.token, playerName: link.player };
  const room = await server
    .client()
    .joinById(link.battleId, options)
    .catch(() => server.client().create('battle', { resume: link.battleId, ...options }));
  room.reconnection.enabled = false;
  const notices = { locked: [] as boolean[], closed: [] as string[], reassigned: 0, left: false };
  room.onMessage('battleLocked', (m: { locked: boolean }) => notices.locked.push(m.locked));
  room.onMessage('battleClosed', (m: { reason: string }) => notices.closed.push(m.reason));
  room.onMessage('seatReassigned', () => (notices.reassigned += 1));
  room.onLeave(() => (notices.left = true));
  return { seated: await welcomed(room), notices };
}

/** The Black Teeth's deployment (§4.5.2), the first action of the ford. */
function deployment() {
  const { board } = createGame(scenarioById('the-ford')!, 'board only');
  const hex = (label: string) => parseHexLabel(board, label);
  return {
    type: 'deploy',
    units: FORD_PLACEMENT.units.map((u) => ({ ...u, hex: hex(u.hex) })),
    decoys: FORD_PLACEMENT.decoys.map((d) => ({ ...d, hex: hex(d.hex) })),
  };
}

/** Sends the deployment and waits for its answer: 'accepted', or the refusal's code. */
async function deploy(s: Seated): Promise<string> {
  const [events, rejected] = [s.inbox.events.length, s.inbox.rejected.length];
  await settle(110); // within the connection's message budget
  s.room.send('action', deployment());
  await waitFor(
    () => s.inbox.events.length > events || s.inbox.rejected.length > rejected,
    'the answer to the deployment',
  );
  return s.inbox.rejected.length > rejected ? s.inbox.rejected[rejected].code : 'accepted';
}

const phase = async (id: string, battleId: string) =>
  (await api(`/tournaments/${id}`))
    .json()
    .battles.find((b: { battleId: string }) => b.battleId === battleId).phase;

test('locked with no room open: the status says locked, the room that opens refuses actions with the translated pause, unlock lets play go on', async () => {
  const { id, links } = await fordRound(['Anne', 'Bertrand']);
  const teeth = links.find((l) => l.seat === 'black-teeth')!;
  expect((await api(`/tournaments/${id}/battles/${teeth.battleId}/lock`, {})).status).toBe(200);
  expect((await api(`/tournaments/${id}/battles/${teeth.battleId}/lock`, {})).status).toBe(409);
  expect(await phase(id, teeth.battleId)).toBe('locked');
  const { seated, notices } = await open(teeth);
  // told on entering, then refused with the organiser's words
  await waitFor(() => notices.locked.length > 0, 'the lock notice');
  expect(await deploy(seated)).toBe('battleLocked');
  expect(seated.inbox.rejected.at(-1)!.message.fr).toMatch(/suspendue par l'organisateur/);
  expect(seated.inbox.rejected.at(-1)!.message.en).toMatch(/organiser has paused/);
  // unlocking reaches the open room at once
  expect((await api(`/tournaments/${id}/battles/${teeth.battleId}/unlock`, {})).status).toBe(200);
  await waitFor(() => notices.locked.at(-1) === false, 'the unlock notice');
  expect(await deploy(seated)).toBe('accepted');
  await seated.room.leave();
});

test('locked while the room is open: the seats are told at once and the next action is refused; the lock outlives the room', async () => {
  const { id, links } = await fordRound(['Anne', 'Bertrand']);
  const teeth = links.find((l) => l.seat === 'black-teeth')!;
  const { seated, notices } = await open(teeth);
  expect((await api(`/tournaments/${id}/battles/${teeth.battleId}/lock`, {})).status).toBe(200);
  await waitFor(() => notices.locked[0] === true, 'the lock notice');
  expect(await deploy(seated)).toBe('battleLocked');
  const key = seated.inbox.welcome[0].seatKey!;
  await seated.room.leave();
  // the room saved the lock: a new room opens locked
  expect(await phase(id, teeth.battleId)).toBe('locked');
  const again = await welcomed(
    await server
      .client()
      .create('battle', { resume: teeth.battleId, key, playerName: 'Bertrand' })
      .catch(async () => {
        await settle(300);
        return server
          .client()
          .create('battle', { resume: teeth.battleId, key, playerName: 'Bertrand' });
      }),
  );
  expect(await deploy(again)).toBe('battleLocked');
  await again.room.leave();
});

test('closed while open: the seats are told with the reason, every later action is refused, no room opens it again, results say closed, standings leave it out unless adjudicated', async () => {
  const { id, links } = await fordRound(['Anne', 'Bertrand', 'Cécile', 'Denis']);
  const [first, second] = [...new Set(links.map((l) => l.battleId))];
  const teeth = links.find((l) => l.battleId === first && l.seat === 'black-teeth')!;
  const { seated, notices } = await open(teeth);
  expect((await api(`/tournaments/${first}/battles/${first}/close`, { reason: 'x' })).status).toBe(
    404,
  );
  expect((await api(`/tournaments/${id}/battles/${first}/close`, {})).status).toBe(400);
  expect(
    (await api(`/tournaments/${id}/battles/${first}/close`, { reason: 'joueurs absents' })).status,
  ).toBe(200);
  await waitFor(() => notices.closed.length > 0, 'the close notice');
  expect(notices.closed).toEqual(['joueurs absents']);
  // the battle is over for everyone: the room refuses every later action (the web client leaves on the notice)
  expect(await deploy(seated)).toBe('battleClosed');
  expect(seated.inbox.rejected.at(-1)!.message.en).toMatch(/organiser has closed/);
  const key = seated.inbox.welcome[0].seatKey!;
  await seated.room.leave();
  await settle(200);
  await expect(
    server.client().create('battle', { resume: first, key, playerName: 'x' }),
  ).rejects.toThrow(/battleClosed.*joueurs absents/);
  expect((await api(`/tournaments/${id}/battles/${first}/lock`, {})).status).toBe(409);
  expect(await phase(id, first)).toBe('closed');
  // the second battle is closed with no room open, then adjudicated: only that one counts
  expect(
    (await api(`/tournaments/${id}/battles/${second}/close`, { reason: 'forfait de Denis' }))
      .status,
  ).toBe(200);
  const cd = links.find((l) => l.battleId === second && l.seat === 'ardenne')!;
  const winner = (await api(`/tournaments/${id}`))
    .json()
    .tournament.players.find((p: { name: string }) => p.name === cd.player).id;
  expect(
    (
      await api(`/tournaments/${id}/battles/${second}/adjudicate`, {
        winner,
        reason: 'forfait de Denis',
      })
    ).status,
  ).toBe(200);
  const csv = (await api(`/tournaments/${id}/results?format=csv`)).text.split('\r\n');
  expect(csv[0]).toBe(
    'round,battle,first player,second player,phase,winner,first points,second points,adjudication,closed',
  );
  expect(csv.find((l) => l.includes(first))).toMatch(/,closed,,,,,joueurs absents$/);
  expect(csv.find((l) => l.includes(second))).toMatch(
    new RegExp(`,closed,${cd.player},0,0,forfait de Denis,forfait de Denis$`),
  );
  const standings = (await api(`/tournaments/${id}/standings`)).json().standings;
  expect(standings.reduce((n: number, s: { played: number }) => n + s.played, 0)).toBe(2);
  expect(standings[0]).toMatchObject({ name: cd.player, wins: 1 });
});

test('reassigned while the room is open: the holder is told and sent away, its key stops working, the new invite seats someone in the same room', async () => {
  const { id, links } = await fordRound(['Anne', 'Bertrand']);
  const teeth = links.find((l) => l.seat === 'black-teeth')!;
  const ardenne = links.find((l) => l.seat === 'ardenne')!;
  const { seated, notices } = await open(teeth);
  const other = await open(ardenne);
  const key = seated.inbox.welcome[0].seatKey!;
  const res = await api(`/tournaments/${id}/battles/${teeth.battleId}/reassign`, {
    seat: 'black-teeth',
  });
  expect(res.status).toBe(200);
  await waitFor(() => notices.reassigned === 1 && notices.left, 'the reassign notice');
  await expect(
    server.client().joinById(teeth.battleId, { key, playerName: 'Bertrand' }),
  ).rejects.toThrow(/seatRefused/);
  const token = /\/i\/([\w-]+)$/.exec(res.json().invite.link)![1];
  const newcomer = await welcomed(
    await server.client().joinById(teeth.battleId, { invite: token, playerName: 'Remplaçant' }),
  );
  expect(newcomer.inbox.welcome[0].seat).toBe('black-teeth');
  expect(await deploy(newcomer)).toBe('accepted');
  expect(
    (await api(`/tournaments/${id}/battles/${teeth.battleId}/reassign`, { seat: 'nobody' })).status,
  ).toBe(404);
  expect(other.notices.left).toBe(false);
  await newcomer.room.leave();
  await other.seated.room.leave();
});

test('fresh invites while a room is open: made by the room, nothing skipped; the old invite stops working, the new one seats its player there', async () => {
  const { id, links } = await fordRound(['Anne', 'Bertrand']);
  const ardenne = links.find((l) => l.seat === 'ardenne')!;
  const teeth = links.find((l) => l.seat === 'black-teeth')!;
  const { seated } = await open(ardenne);
  const fresh = (await api(`/tournaments/${id}/rounds/1/invites`, {})).json();
  expect(fresh.skipped).toEqual([]);
  // Ardenne holds its seat: only the Black Teeth and the spectators get new links
  expect(fresh.invites.map((i: { seat: string }) => i.seat).sort()).toEqual([
    'black-teeth',
    'spectator',
  ]);
  await expect(
    server.client().joinById(teeth.battleId, { invite: teeth.token, playerName: 'Bertrand' }),
  ).rejects.toThrow(/seatRefused/);
  const token = /\/i\/([\w-]+)$/.exec(
    fresh.invites.find((i: { seat: string }) => i.seat === 'black-teeth').link,
  )![1];
  const bertrand = await welcomed(
    await server.client().joinById(teeth.battleId, { invite: token, playerName: 'Bertrand' }),
  );
  expect(bertrand.inbox.welcome[0].seat).toBe('black-teeth');
  await bertrand.room.leave();
  await seated.room.leave();
});

test('a Swiss round waits for every earlier result, then pairs winners with winners, no rematch', async () => {
  const { id } = await fordRound(['Anne', 'Bertrand', 'Cécile', 'Denis']);
  expect((await api(`/tournaments/${id}/rounds`, { swiss: true })).status).toBe(409);
  const detail = (await api(`/tournaments/${id}`)).json();
  const winners: string[] = [];
  for (const b of detail.battles) {
    winners.push(b.sides[0].playerId);
    expect(
      (
        await api(`/tournaments/${id}/battles/${b.battleId}/adjudicate`, {
          winner: b.sides[0].playerId,
          reason: 'test',
        })
      ).status,
    ).toBe(200);
  }
  const res = await api(`/tournaments/${id}/rounds`, { swiss: true });
  expect(res.status).toBe(201);
  const pairs = res.json().round.battles.map((b: { sides: { playerId: string }[] }) =>
    b.sides
      .map((s) => s.playerId)
      .sort()
      .join('-'),
  );
  expect(pairs[0]).toBe([...winners].sort().join('-'));
  const earlier = detail.battles.map((b: { sides: { playerId: string }[] }) =>
    b.sides
      .map((s) => s.playerId)
      .sort()
      .join('-'),
  );
  for (const p of pairs) expect(earlier).not.toContain(p);
});

test('with the referee option every battle has a referee seat, with its own invite in the round CSV that seats the referee', async () => {
  const { links, csv } = await fordRound(['Anne', 'Bertrand', 'Cécile', 'Denis'], {
    referee: true,
  });
  const battles = [...new Set(links.map((l) => l.battleId))];
  expect(battles).toHaveLength(2);
  for (const b of battles)
    expect(
      links
        .filter((l) => l.battleId === b)
        .map((l) => l.seat)
        .sort(),
    ).toEqual(['ardenne', 'black-teeth', 'referee', 'spectator']);
  const refereeRows = csv.split('\r\n').filter((l) => /,\(referee\),referee,/.test(l));
  expect(refereeRows).toHaveLength(2);
  const referee = links.find((l) => l.seat === 'referee')!;
  expect(refereeRows.some((r) => r.endsWith(`/#/b/${referee.battleId}/i/${referee.token}`))).toBe(
    true,
  );
  const { seated } = await open(referee);
  expect(seated.inbox.welcome[0].seat).toBe('referee');
  await seated.room.leave();
});
