/**
 * Shared test scaffolding: a real server on port 0, real @colyseus/sdk
 * clients, and a WebSocket class that records every raw frame a connection
 * receives, before the SDK decodes it.
 *
 * The SDK picks `globalThis.WebSocket` (or `ws`) when its module loads, so
 * the recording class is installed here, before the SDK is required. On
 * Node 20 there is no global WebSocket: this also provides one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import WS from 'ws';
import type { Room } from '@colyseus/sdk';
import { decodeEvents, EVENTS_MESSAGE, wireNamesOf, type NamedState } from '@lames/rules';
import { startServer, type StartOptions } from '../src/app';
import type { ServerConfig } from '../src/config';

export class RecordingWebSocket extends WS {
  /** Every frame received, as bytes, in order. */
  readonly frames: Buffer[] = [];

  constructor(address: string | URL, options?: WS.ClientOptions | string | string[]) {
    super(address, options as WS.ClientOptions);
    this.on('message', (data: WS.RawData) => this.frames.push(copyBytes(data)));
  }
}

function copyBytes(data: WS.RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data));
  return Buffer.from(data);
}

(globalThis as { WebSocket?: unknown }).WebSocket = RecordingWebSocket;
// Required after the line above on purpose: the SDK reads the global when it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = require('@colyseus/sdk') as typeof import('@colyseus/sdk');
export const SdkClient = sdk.Client;
export type SdkRoom = Room;

export interface TestServer {
  port: number;
  url: string;
  dataDir: string;
  client(): InstanceType<typeof SdkClient>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'lames-test-')),
    clientDir: path.join(tmpdir(), 'lames-no-client'),
    openBattleTtlHours: 48,
    deadlineSweepSeconds: 60,
    trustProxy: false,
    corsOrigins: [],
    // Tests open many battles from 127.0.0.1; test/limits/ checks the real budget.
    createsPerHour: 100_000,
    // A fixed organiser token: no token generated and printed at every test server's start.
    organiserToken: 'test-organiser-token-0000',
    ...overrides,
  };
}

export async function startTestServer(opts: StartOptions = {}, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  const server = await startServer(config, { logError: () => undefined, ...opts });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    port: server.port,
    url,
    dataDir: config.dataDir,
    client: () => new SdkClient(url),
    close: async () => {
      await server.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Messages a room received, by type, recorded from the moment of the join. */
export interface Invite {
  seat: string;
  token: string;
}

export interface Inbox {
  welcome: Array<{ seat: string; battleId: string; log: unknown[]; seatKey?: string; invites?: Invite[]; dice?: { seedHash: string; seed?: string } }>;
  events: Array<Array<Record<string, unknown>>>;
  rejected: Array<{ code: string; section: string; message: { fr: string; en: string } }>;
  storeError: unknown[];
  invites: Array<{ invites: Invite[] }>;
  seatTakenOver: unknown[];
  /** The time control's clocks (rooms/clock.ts ClockView) and its timeouts. */
  clock: Array<{ remainingMs: Record<string, number>; running: string[]; timedOut: string[]; paused: string | null; forfeit: { losers: string[]; winner: string | null } | null }>;
  timeUp: Array<{ sides: string[]; policy: string }>;
  /** The dice commitment sent at the end of the battle, with the seed. */
  dice: Array<{ seedHash: string; seed?: string }>;
}

export interface Seated {
  room: SdkRoom;
  inbox: Inbox;
  /** The raw frames of this connection (the recording socket). */
  frames(): Buffer[];
}

export function seated(room: SdkRoom): Seated {
  const inbox: Inbox = { welcome: [], events: [], rejected: [], storeError: [], invites: [], seatTakenOver: [], clock: [], timeUp: [], dice: [] };
  room.onMessage('welcome', (m) => inbox.welcome.push(m));
  room.onMessage('invites', (m) => inbox.invites.push(m));
  room.onMessage('seatTakenOver', (m) => inbox.seatTakenOver.push(m));
  room.onMessage(EVENTS_MESSAGE, (bytes: Uint8Array) => inbox.events.push(decodeEvents(bytes, wireNamesOf(room.state as NamedState)) as unknown as Inbox['events'][number]));
  room.onMessage('rejected', (m) => inbox.rejected.push(m));
  room.onMessage('storeError', (m) => inbox.storeError.push(m));
  room.onMessage('clock', (m) => inbox.clock.push(m));
  room.onMessage('timeUp', (m) => inbox.timeUp.push(m));
  room.onMessage('dice', (m) => inbox.dice.push(m));
  return { room, inbox, frames: () => socketOf(room).frames };
}

export function socketOf(room: SdkRoom): RecordingWebSocket {
  return (room as unknown as { connection: { transport: { ws: RecordingWebSocket } } }).connection.transport.ws;
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Lets messages and patches already on the wire arrive. */
export const settle = (ms = 60) => new Promise((r) => setTimeout(r, ms));

/** Every raw frame, as one UTF-8 string, for searching names in it. */
export function framesText(frames: Buffer[]): string {
  return Buffer.concat(frames).toString('utf8');
}

/** A seated connection once its welcome has come. */
export async function welcomed(room: SdkRoom): Promise<Seated> {
  const s = seated(room);
  await waitFor(() => s.inbox.welcome.length > 0, `the welcome of ${room.roomId}`);
  return s;
}

export interface OpenedBattle {
  battleId: string;
  creator: Seated;
  /** The creator's seat key. */
  key: string;
  /** The invites handed to the creator, by seat (`spectator` included). */
  invites: Record<string, string>;
}

/** Opens a battle as its creator (default: the first side of ash-plain, listed, no referee). */
export async function openBattle(
  server: TestServer,
  options: { scenarioId?: string; seat?: string; playerName?: string; battleName?: string; listed?: boolean; referee?: boolean; spectatorChat?: string; timeControl?: object; broadcastDelay?: number } = {},
): Promise<OpenedBattle> {
  const creator = await welcomed(
    await server.client().create('battle', { scenarioId: 'ash-plain', seat: 'ardenne', playerName: 'Créateur', ...options }),
  );
  const welcome = creator.inbox.welcome[0];
  const invites = Object.fromEntries((welcome.invites ?? []).map((i) => [i.seat, i.token]));
  return { battleId: creator.room.roomId, creator, key: welcome.seatKey!, invites };
}

/** Joins a battle by id with the given options, waiting for the welcome. */
export async function joinBattle(server: TestServer, battleId: string, options: Record<string, unknown>): Promise<Seated> {
  return welcomed(await server.client().joinById(battleId, { playerName: 'Joueur', ...options }));
}

/**
 * A battle with every seat taken through its invites: the creator on
 * `seat`, each other side, the referee when asked for, and a spectator
 * through the spectator link. Keys by seat.
 */
export async function seatEveryone(
  server: TestServer,
  options: { scenarioId?: string; seat?: string; battleName?: string; referee?: boolean; listed?: boolean; spectatorChat?: string; timeControl?: object } = {},
): Promise<{ battleId: string; seats: Record<string, Seated>; keys: Record<string, string>; invites: Record<string, string> }> {
  const opened = await openBattle(server, options);
  const creatorSeat = opened.creator.inbox.welcome[0].seat;
  const seats: Record<string, Seated> = { [creatorSeat]: opened.creator };
  const keys: Record<string, string> = { [creatorSeat]: opened.key };
  for (const [seat, token] of Object.entries(opened.invites)) {
    seats[seat] = await joinBattle(server, opened.battleId, { invite: token, playerName: `Joueur ${seat}` });
    if (seat !== 'spectator') keys[seat] = seats[seat].inbox.welcome[0].seatKey!;
  }
  return { battleId: opened.battleId, seats, keys, invites: opened.invites };
}

export async function leaveAll(...seats: Seated[]): Promise<void> {
  await Promise.all(seats.map((s) => s.room.leave(true).catch(() => undefined)));
}

/** Silences the SDK's warning when the server closes a refused join (4002): some tests refuse joins on purpose. */
export function quietRefusedJoins(): void {
  const warn = console.warn;
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!/closed unexpectedly \(400[02]\)/.test(String(args[0]))) warn(...args);
  });
}
