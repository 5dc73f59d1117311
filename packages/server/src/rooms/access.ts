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
  access.seats[seat] = { keyHash: null, inviteHash: invite.hash, playerName: null };
  return { seat, token: invite.token };
}

/**
 * New invites for every seat nobody holds, and a new spectator link; the
 * previous ones stop working (the creator's remedy for a lost or leaked link).
 * Tokens are drawn first and the seats changed after, in one synchronous
 * step, so a claim arriving meanwhile is never half overwritten.
 */
export async function freshInvites(access: BattleAccess): Promise<Invite[]> {
  const tokens = await Promise.all([...Object.keys(access.seats), 'spectator'].map(async (seat) => ({ seat, ...(await issueToken()) })));
  const invites: Invite[] = [];
  for (const { seat, token, hash } of tokens) {
    if (seat === 'spectator') access.spectatorHash = hash;
    else if (access.seats[seat].keyHash) continue;
    else access.seats[seat].inviteHash = hash;
    invites.push({ seat, token });
  }
  return invites;
}
