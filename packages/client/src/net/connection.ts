import { Client, Room } from '@colyseus/sdk';
import type { Seat } from '@lames/rules';

/** Connection to the battle room; the reconnection token lives in sessionStorage. */

const TOKEN_KEY = 'lames.reconnectionToken';
const SEAT_KEY = 'lames.seat';

export type BattleRoom = Room;

export interface CreateOptions {
  scenarioId?: string;
  /** Id of a saved battle to continue. */
  resume?: string;
  battleName?: string;
  refereeCode?: string;
  seat: Seat;
  playerName: string;
}

export interface JoinOptions {
  seat: Seat;
  playerName: string;
  refereeCode?: string;
}

let client: Client | null = null;

/** The game server: the page's own origin, except under `vite dev` (port 5173) where it runs on 2567. */
function endpoint(): string {
  const { protocol, hostname, host, port } = window.location;
  const scheme = protocol === 'https:' ? 'https' : 'http';
  return port === '5173' ? `${scheme}://${hostname}:2567` : `${scheme}://${host}`;
}

export function colyseus(): Client {
  client ??= new Client(endpoint());
  return client;
}

function remember(room: Room, seat: Seat | null): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, room.reconnectionToken);
    if (seat) sessionStorage.setItem(SEAT_KEY, seat);
  } catch {
    /* storage unavailable: no reconnection after a reload */
  }
}

export function forget(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(SEAT_KEY);
  } catch {
    /* ignore */
  }
}

export function savedSeat(): Seat | null {
  try {
    return sessionStorage.getItem(SEAT_KEY);
  } catch {
    return null;
  }
}

/** Keeps the token fresh: the SDK may change it on an automatic reconnection. */
export function trackToken(room: Room): void {
  room.onReconnect(() => remember(room, null));
}

export async function createBattle(options: CreateOptions): Promise<Room> {
  const room = await colyseus().create('battle', options);
  remember(room, options.seat);
  return room;
}

export async function joinBattle(roomId: string, options: JoinOptions): Promise<Room> {
  const room = await colyseus().joinById(roomId, options);
  remember(room, options.seat);
  return room;
}

/** Tries the saved reconnection token, if any; null when there is none or it failed. */
export async function tryReconnect(): Promise<Room | null> {
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
  if (!token) return null;
  try {
    const room = await colyseus().reconnect(token);
    remember(room, null);
    return room;
  } catch {
    forget();
    return null;
  }
}

/** A readable message out of whatever the SDK threw. */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
