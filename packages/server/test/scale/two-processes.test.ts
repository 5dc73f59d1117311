/**
 * Issue 12, "Scale": two real server processes (the built dist/main.js) on
 * one Redis and one PostgreSQL. A battle created through A is listed and
 * joined through B, an action played reaches both players, the saved battle
 * is resumed through B, and a battle is never open in two processes at once.
 *
 * Each process advertises its own 127.0.0.1:port as LAMES_PUBLIC_ADDRESS:
 * the seat reservation names the process holding the room, and the SDK
 * opens its WebSocket there, as it would through the compose entry point.
 * Loopback only; the children are stopped in afterAll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createGame, parseHexLabel } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { joinBattle, leaveAll, openBattle, SdkClient, socketOf, waitFor, welcomed, type TestServer } from '../helpers';
import { pgTestSchema, PG_URL } from '../persistence/pg-schema';

const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');
// A Redis database of its own: the driver's room list ('roomcaches') never mixes with other runs' in db 0.
const REDIS_URL = `${process.env.LAMES_TEST_REDIS_URL || 'redis://127.0.0.1:6379'}/9`;
const TOKEN = 'two-processes-metrics-token';
const ORGANISER_TOKEN = 'two-processes-organiser-token';

jest.setTimeout(60_000);

interface Node {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  /** The shape the helpers take: a client of this process. */
  server: TestServer;
}

const pg = pgTestSchema();
const nodes: Node[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'lames-two-'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startNode(name: string): Promise<Node> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${pg.schema}`)}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL,
      DATABASE_URL: databaseUrl,
      LAMES_PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      LAMES_DATA_DIR: dataDir,
      LAMES_CLIENT_DIR: path.join(dataDir, 'no-client'),
      LAMES_METRICS_TOKEN: TOKEN,
      LAMES_ORGANISER_TOKEN: ORGANISER_TOKEN,
      LAMES_CREATES_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const node: Node = { name, url, child, output, server: { client: () => new SdkClient(url) } as unknown as TestServer };
  nodes.push(node);
  await waitFor(() => child.exitCode !== null || output.join('').includes('listening'), `${name} to listen`, 20_000).catch(() => undefined);
  await waitReady(node);
  return node;
}

async function waitReady(node: Node): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) throw new Error(`${node.name} exited: ${node.output.join('')}`);
    const ok = await fetch(`${node.url}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${node.name} never became ready: ${node.output.join('')}`);
}

/** The battle rooms open in one process (its own count, lames_rooms, not the shared list). */
async function localRooms(node: Node): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Number(/^lames_rooms (\d+)/m.exec(text)?.[1]);
}

const openRooms = async () => (await Promise.all(nodes.map(localRooms))).reduce((a, b) => a + b, 0);

async function waitNoRoom(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await openRooms()) > 0) {
    if (Date.now() > deadline) throw new Error('the rooms never closed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let a: Node;
let b: Node;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the server first (npm run build -w @lames/server, or npm test which runs tsc -b)`);
  [a, b] = [await startNode('A'), await startNode('B')];
});

afterAll(async () => {
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null) return resolve();
          n.child.once('exit', () => resolve());
          n.child.kill('SIGTERM');
          setTimeout(() => n.child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

test('created through A: listed and joined through B, an action reaches both, resumed through B, never open twice', async () => {
  const opened = await openBattle(a.server, { scenarioId: 'the-wood-edge', seat: 'ardenne', battleName: 'Deux processus' });
  const { battleId } = opened;

  // Listed through B: the lobby reads the shared PostgreSQL store.
  const listing = (await (await fetch(`${b.url}/api/battles`)).json()) as { battles: Array<{ battleId: string }> };
  expect(listing.battles.map((x) => x.battleId)).toContain(battleId);

  // Joined through B: B's matchmaker finds the room in Redis and the reservation sends the socket to its holder.
  const joiner = await joinBattle(b.server, battleId, { invite: opened.invites['black-teeth'], playerName: 'Second' });
  expect(joiner.inbox.welcome[0].seat).toBe('black-teeth');
  expect(socketOf(joiner.room).url).toContain(new URL(socketOf(opened.creator.room).url).host);
  expect(await openRooms()).toBe(1);

  // §4.5.2: the creator deploys; both players get events from the one room.
  const board = createGame(scenarioById('the-wood-edge')!, 'layout only').board;
  opened.creator.room.send('action', {
    type: 'deploy',
    units: [{ unit: 'a-rangers', hex: parseHexLabel(board, '0508'), facing: 1 }],
    decoys: [{ mimic: 'a-rangers', hex: parseHexLabel(board, '0709'), facing: 1 }],
  });
  await waitFor(() => opened.creator.inbox.events.length > 0 && joiner.inbox.events.length > 0, 'the deployment events on both seats', 10_000);
  expect(opened.creator.inbox.rejected).toEqual([]);

  // Closed: both leave, the room saves and disposes.
  await leaveAll(opened.creator, joiner);
  await waitNoRoom();

  // Resumed through B, with the creator's key; resuming it again through A while it is open is refused.
  const back = await welcomed(await b.server.client().create('battle', { resume: battleId, key: opened.key, playerName: 'Retour' }));
  expect(back.inbox.welcome[0].seat).toBe('ardenne');
  // The deployment was saved: the creator's log holds it.
  expect(back.inbox.welcome[0].log.length).toBeGreaterThan(0);
  await expect(a.server.client().create('battle', { resume: battleId, key: opened.key, playerName: 'Double' })).rejects.toThrow(/battleAlreadyOpen/);
  expect(await openRooms()).toBe(1);
  await leaveAll(back);
  await waitNoRoom();

  // Resumes at once, two through each process: one room in all, whichever wins; the others are told it is open.
  const attempts = await Promise.allSettled(
    [a, b, a, b].map((node, i) => node.server.client().create('battle', { resume: battleId, key: opened.key, playerName: `Joueur ${i}` })),
  );
  const rooms = attempts.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  expect(rooms).toHaveLength(1);
  for (const r of attempts) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/battleAlreadyOpen/);
  expect(await openRooms()).toBe(1);
  await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
  await waitNoRoom();
});

/** The organiser API of one process. */
interface OrganiserAnswer {
  tournament: { id: string };
  invites: { seat: string; link: string }[];
  invite: { link: string };
  battles: { phase: string }[];
}

async function organiser(node: Node, route: string, body?: unknown): Promise<{ status: number; json: OrganiserAnswer }> {
  const res = await fetch(`${node.url}/api/organiser${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${ORGANISER_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as OrganiserAnswer };
}

test("an organiser's lock and reassign sent to one process reach the room the other holds: its seat is told, its action refused, its key stops working", async () => {
  const t = (await organiser(a, '/tournaments', { name: 'Deux processus', scenarioId: 'the-wood-edge', players: ['Anne', 'Bruno'] })).json.tournament;
  const { invites } = (await organiser(a, `/tournaments/${t.id}/rounds`, { roundRobin: true })).json;
  const link = invites.find((i) => i.seat === 'ardenne')!.link;
  const [, battleId, invite] = /#\/b\/([\w-]+)\/i\/([\w-]+)$/.exec(link)!;
  const anne = await welcomed(await a.server.client().create('battle', { resume: battleId, invite, playerName: 'Anne' }));
  anne.room.reconnection.enabled = false;
  const notices: string[] = [];
  anne.room.onMessage('battleLocked', (m: { locked: boolean }) => notices.push(m.locked ? 'locked' : 'unlocked'));
  anne.room.onMessage('seatReassigned', () => notices.push('reassigned'));
  // the matchmaker put the room in either process: the organiser asks the other one
  const counts = [await localRooms(a), await localRooms(b)];
  expect(counts.sort()).toEqual([0, 1]);
  const other = (await localRooms(a)) === 1 ? b : a;

  // the other process cannot take the battle's claim (the room holds it): the command goes to the room through Redis
  expect((await organiser(other, `/tournaments/${t.id}/battles/${battleId}/lock`, {})).status).toBe(200);
  await waitFor(() => notices.includes('locked'), 'the lock notice from the room', 10_000);
  const board = createGame(scenarioById('the-wood-edge')!, 'layout only').board;
  anne.room.send('action', { type: 'deploy', units: [{ unit: 'a-rangers', hex: parseHexLabel(board, '0508'), facing: 1 }], decoys: [] });
  await waitFor(() => anne.inbox.rejected.length > 0, 'the refusal while locked', 10_000);
  expect(anne.inbox.rejected[0].code).toBe('battleLocked');
  expect((await organiser(other, `/tournaments/${t.id}`)).json.battles[0].phase).toBe('locked');

  const key = anne.inbox.welcome[0].seatKey!;
  const reassigned = await organiser(other, `/tournaments/${t.id}/battles/${battleId}/reassign`, { seat: 'ardenne' });
  expect(reassigned.status).toBe(200);
  await waitFor(() => notices.includes('reassigned'), 'the reassign notice from the room', 10_000);
  // the room saved both before it closed: the old key is refused, the new invite seats its player in a battle still locked
  await waitNoRoom();
  await expect(other.server.client().create('battle', { resume: battleId, key, playerName: 'Anne' })).rejects.toThrow(/seatRefused/);
  const fresh = /\/i\/([\w-]+)$/.exec(reassigned.json.invite.link)![1];
  const newcomer = await welcomed(await a.server.client().create('battle', { resume: battleId, invite: fresh, playerName: 'Remplaçante' }));
  expect(newcomer.inbox.welcome[0].seat).toBe('ardenne');
  newcomer.room.onMessage('battleLocked', () => undefined);
  newcomer.room.send('action', { type: 'deploy', units: [{ unit: 'a-rangers', hex: parseHexLabel(board, '0508'), facing: 1 }], decoys: [] });
  await waitFor(() => newcomer.inbox.rejected.length > 0, 'the refusal while still locked', 10_000);
  expect(newcomer.inbox.rejected[0].code).toBe('battleLocked');
  await leaveAll(newcomer);
  await waitNoRoom();
});
