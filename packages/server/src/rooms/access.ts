import type { Seat } from '@lames/rules';
import type { BattleAccess, SeatAccess } from '../persistence/store';
import { issueToken, sameHash } from './seat-keys';

/**
 * Who may sit where (issue 7: seats belong to their players). Works on the
 * hashes kept in the battle record; the tokens themselves only ever go to
 * the one connection they are issued to.
 */

/** What a connection presents: its seat key, an invite, or (listed battles only) the name of a seat. */
export interface SeatRequest {
  key?: string;
  invite?: string;
  seat?: string;
}

/** The seat a request gets; `claims` when it takes a seat nobody holds, and so receives a fresh key. */
export interface Admission {
  seat: Seat;
  claims: boolean;
}

export interface Invite {
  seat: Seat;
  token: string;
}

/** A new battle's seats: the creator holds its own, every other seat (and the spectators) get an invite. */
export async function newAccess(options: {
  sides: string[];
  creatorSeat: string;
  referee: boolean;
  listed: boolean;
  playerName: string;
}): Promise<{ access: BattleAccess; key: string; invites: Invite[] }> {
  const seatIds = options.referee ? [...options.sides, 'referee'] : options.sides;
  const key = await issueToken();
  const seats: Record<string, SeatAccess> = {};
  for (const id of seatIds) seats[id] = { keyHash: null, inviteHash: null, playerName: null };
  seats[options.creatorSeat] = { keyHash: key.hash, inviteHash: null, playerName: options.playerName };
  const access: BattleAccess = { listed: options.listed, creatorSeat: options.creatorSeat, seats, spectatorHash: '', othersClaimed: false };
  return { access, key: key.token, invites: await freshInvites(access) };
}

/**
 * The seat a request gets, or null. `hash` is the SHA-256 of the key or
 * invite presented. Every stored hash is compared, match or not, so the
 * time taken does not tell which seat (if any) a token was close to.
 */
export function admit(access: BattleAccess, request: SeatRequest, hash: string | null): Admission | null {
  if (request.key || request.invite) {
    const field = request.key ? 'keyHash' : 'inviteHash';
    let found: string | null = null;
    for (const [id, seat] of Object.entries(access.seats)) if (sameHash(seat[field], hash)) found = id;
    // The spectator link is shared and never spent: it is the spectators' invite and key at once.
    if (sameHash(access.spectatorHash, hash)) found = 'spectator';
    if (found === null) return null;
    return { seat: found, claims: found !== 'spectator' && !!request.invite };
  }
  if (!access.listed || !request.seat) return null;
  if (request.seat === 'spectator') return { seat: 'spectator', claims: false };
  // In the lobby, anyone may take a side nobody holds (first come); the referee seat only by invite.
  const free = request.seat !== 'referee' && Object.hasOwn(access.seats, request.seat) && !access.seats[request.seat].keyHash;
  return free ? { seat: request.seat, claims: true } : null;
}

/** The claimer now holds the seat: its key works, any invite for the seat is spent. */
export function claim(access: BattleAccess, seat: string, keyHash: string, playerName: string): void {
  access.seats[seat] = { keyHash, inviteHash: null, playerName };
  if (seat !== access.creatorSeat) access.othersClaimed = true;
}

/** The holder gives the seat away: its key stops working; whoever has the new invite may claim it. */
export async function handOver(access: BattleAccess, seat: string): Promise<Invite> {
  const invite = await issueToken();
  reopenSeat(access, seat, invite.hash);
  return { seat, token: invite.token };
}

/** The seat is free again: its key and any invite stop working, only the invite with this hash may claim it. */
export function reopenSeat(access: BattleAccess, seat: string, inviteHash: string): void {
  access.seats[seat] = { keyHash: null, inviteHash, playerName: null };
}

/** A token (and its hash) for each of these seats and the spectators, drawn before any seat changes (see freshInvites). */
export async function drawInvites(seats: readonly string[]): Promise<{ seat: string; token: string; hash: string }[]> {
  return Promise.all([...seats, 'spectator'].map(async (seat) => ({ seat, ...(await issueToken()) })));
}

/**
 * Puts drawn invite hashes on the seats nobody holds and on the spectator
 * link, in one synchronous step; returns the seats that took theirs.
 */
export function placeInvites(access: BattleAccess, drawn: readonly { seat: string; hash: string }[]): string[] {
  const placed: string[] = [];
  for (const { seat, hash } of drawn) {
    if (seat === 'spectator') access.spectatorHash = hash;
    else if (!Object.hasOwn(access.seats, seat) || access.seats[seat].keyHash) continue;
    else access.seats[seat].inviteHash = hash;
    placed.push(seat);
  }
  return placed;
}

/**
 * New invites for every seat nobody holds, and a new spectator link; the
 * previous ones stop working (the creator's remedy for a lost or leaked link).
 * Tokens are drawn first and the seats changed after, in one synchronous
 * step, so a claim arriving meanwhile is never half overwritten.
 */
export async function freshInvites(access: BattleAccess): Promise<Invite[]> {
  const drawn = await drawInvites(Object.keys(access.seats));
  const placed = new Set(placeInvites(access, drawn));
  return drawn.filter((d) => placed.has(d.seat)).map(({ seat, token }) => ({ seat, token }));
}
