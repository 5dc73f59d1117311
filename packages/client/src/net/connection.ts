import { Client, Room } from '@colyseus/sdk';
import type { Seat, SideId } from '@lames/rules';
import { failureOf, isNoRoom } from './errors';
import { seatKeys } from './keys';
import type { TimeControl } from '../ui/clock-model';
import { rememberWatched } from '../replay/credentials';

/**
 * Connection to a battle room. A seat is held by its key (net/keys.ts): a
 * battle is entered by id with that key, and when no room has it open the
 * battle is opened again from its save. The SDK's automatic reconnection
 * covers short drops; after it gives up the page enters again with the key.
 */

export type BattleRoom = Room;

export interface CreateOptions {
  scenarioId: string;
  battleName?: string;
  playerName: string;
  seat: SideId | 'referee';
  /** Shown in the lobby's open battles (default true). */
  listed: boolean;
  /** The battle has a referee seat. */
  referee: boolean;
  /** What spectators may do in the chat (issue 12); the server's default when absent. */
  spectatorChat?: 'off' | 'readOnly' | 'amongThemselves';
  /** A clock per side or a deadline per decision (issue 12); none when absent. */
  timeControl?: TimeControl;
  /** Broadcast (issue 12): spectators see the full view this many turns late; 0 or absent: live spectator view. */
  broadcastDelay?: number;
}

/** How to take a seat: a key, an invite, or (listed battles) a free side or a spectator's chair. */
export interface EnterOptions {
  playerName: string;
  key?: string;
  invite?: string;
  seat?: SideId | 'spectator';
}

/** What the server says on entering (docs/secrets.md, S1). */
export interface Welcome {
  seat: Seat;
  battleId: string;
  seatKey?: string;
  invites?: Invite[];
  /** The dice commitment (issue 12): absent from battles created before it. */
  dice?: DiceCommitment;
}

/** SHA-256 of the battle's secret seed from the start; the seed itself once the battle has ended (message `dice`). */
export interface DiceCommitment {
  seedHash: string;
  seed?: string;
}

export interface Invite {
  seat: Seat;
  token: string;
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

/**
 * Keeps the seat's key when the server hands one over (a seat just claimed
 * or created), or the key the seat was entered with; the battle's name comes
 * with it for the lobby's list.
 */
function keepKey(room: Room, usedKey: string | undefined, creator: boolean): void {
  room.onMessage('welcome', (m: Welcome) => {
    const key = m.seatKey ?? usedKey;
    if (!key || m.seat === 'spectator') return;
    const state = room.state as { battleName?: string; scenarioId?: string } | undefined;
    const before = seatKeys.get(m.battleId);
    seatKeys.save({
      battleId: m.battleId,
      seat: m.seat,
      key,
      battleName: state?.battleName || before?.battleName || '',
      scenarioId: state?.scenarioId || before?.scenarioId || '',
      savedAt: Date.now(),
      ...(creator || before?.creator ? { creator: true } : {}),
    });
  });
}

export async function createBattle(options: CreateOptions): Promise<Room> {
  const room = await colyseus().create('battle', { ...options });
  keepKey(room, undefined, true);
  return room;
}

/**
 * Enters a battle by id; when no room has it open, opens it again from its
 * save with the same credentials. A spectator of a broadcast battle is sent
 * to its broadcast room (room name 'broadcast': see game/broadcast-page.ts).
 */
export async function enterBattle(battleId: string, options: EnterOptions): Promise<Room> {
  try {
    return await enterBattleRoom(battleId, options);
  } catch (e) {
    if (failureOf(e).code !== 'broadcastOnly') throw e;
    return colyseus().joinOrCreate('broadcast', { battleId, ...definedOnly(options) });
  }
}

async function enterBattleRoom(battleId: string, options: EnterOptions): Promise<Room> {
  const creds = definedOnly(options);
  let room: Room;
  try {
    room = await colyseus().joinById(battleId, creds);
  } catch (e) {
    if (!isNoRoom(e)) throw e;
    try {
      room = await colyseus().create('battle', { resume: battleId, ...creds });
    } catch (again) {
      // someone else opened it meanwhile: join their room
      if (failureOf(again).code !== 'battleAlreadyOpen') throw again;
      room = await colyseus().joinById(battleId, creds);
    }
  }
  keepKey(room, options.key, false);
  // a spectator keeps how it watched, for the battle's replay (replay/credentials.ts)
  room.onMessage('welcome', (m: Welcome) => {
    if (m.seat === 'spectator') rememberWatched(m.battleId, creds);
  });
  return room;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** The battle this tab is in, so that a reload comes back to it. */
const CURRENT = 'lames.currentBattle';

export function setCurrentBattle(battleId: string | null): void {
  try {
    if (battleId) sessionStorage.setItem(CURRENT, battleId);
    else sessionStorage.removeItem(CURRENT);
  } catch {
    /* no storage: a reload goes to the lobby */
  }
}

export function currentBattle(): string | null {
  try {
    return sessionStorage.getItem(CURRENT);
  } catch {
    return null;
  }
}

const NAME_KEY = 'lames.playerName';

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    /* ignore */
  }
}
