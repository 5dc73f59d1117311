import { z } from 'zod';
import type { Rejection } from '@lames/rules';
import type { BattleAccess } from '../persistence/store';
import { placeInvites, reopenSeat } from './access';
import { serverRejection } from './rejections';

/**
 * What an organiser may do to a battle's seats and play (issue 12): pause
 * it, let it go on, close it for good, declare its result (adjudicate),
 * give a seat to someone else, put out fresh invites. A close or an
 * adjudication ends the battle for everyone at once: the record is stored
 * as ended, the room refuses every later action, the broadcast shows the
 * end (docs/secrets.md S3). The same change is made by the room that runs the battle
 * (BattleRoom.organiserCommand, reached through Colyseus's room calls, so
 * from any process) or, when no room runs it, on the stored record
 * (organiser/control.ts). Invites travel as hashes only: the organiser
 * draws the tokens and keeps them; a room never sees one.
 */

/** SHA-256 in base64url, as rooms/seat-keys.ts hashes a token. */
const hash = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const organiserCommandSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lock') }),
  z.object({ kind: z.literal('unlock') }),
  z.object({ kind: z.literal('close'), reason: z.string().min(1).max(500), at: z.string() }),
  /** `winner`: the winning side's id, or null for a draw (the tournament keeps the player). */
  z.object({ kind: z.literal('adjudicate'), winner: z.string().min(1).max(64).nullable(), reason: z.string().min(1).max(500), at: z.string() }),
  z.object({ kind: z.literal('reassign'), seat: z.string().min(1).max(64), inviteHash: hash }),
  z.object({
    kind: z.literal('invites'),
    invites: z.array(z.object({ seat: z.string().min(1).max(64), hash })).max(16),
  }),
]);

export type OrganiserCommand = z.infer<typeof organiserCommandSchema>;

/** `ended`: the rules (or the clock) ended the battle; `storeFailed`: nothing changed, try again. */
export type CommandError = 'noSuchSeat' | 'closed' | 'ended' | 'notLocked' | 'alreadyLocked' | 'noSuchSide' | 'storeFailed';

/** `seats`: the seats whose invite changed (fresh invites, reassign). */
export type CommandOutcome = { ok: true; seats: string[] } | { ok: false; error: CommandError };

/**
 * Applies the command to the battle's seats (in place); `ended`: the rules
 * or the clock have ended the battle. A close after an adjudication records
 * its reason, an adjudication after a close declares the result; neither
 * ends a battle the game itself ended.
 */
export function applyCommand(
  access: BattleAccess,
  cmd: OrganiserCommand,
  ended: boolean,
): CommandOutcome {
  if (access.closed && cmd.kind !== 'adjudicate') return { ok: false, error: 'closed' };
  switch (cmd.kind) {
    case 'lock':
    case 'unlock': {
      if (ended || access.adjudicated) return { ok: false, error: 'ended' };
      const lock = cmd.kind === 'lock';
      if (!!access.locked === lock)
        return { ok: false, error: lock ? 'alreadyLocked' : 'notLocked' };
      if (lock) access.locked = true;
      else delete access.locked;
      return { ok: true, seats: [] };
    }
    case 'close':
    case 'adjudicate':
      if (ended) return { ok: false, error: 'ended' };
      if (cmd.kind === 'close') access.closed = { reason: cmd.reason, at: cmd.at };
      else if (cmd.winner !== null && (cmd.winner === 'referee' || !Object.hasOwn(access.seats, cmd.winner))) return { ok: false, error: 'noSuchSide' };
      else access.adjudicated = { winner: cmd.winner, reason: cmd.reason, at: cmd.at };
      delete access.locked;
      return { ok: true, seats: [] };
    case 'reassign':
      if (cmd.seat === 'spectator' || !Object.hasOwn(access.seats, cmd.seat))
        return { ok: false, error: 'noSuchSeat' };
      reopenSeat(access, cmd.seat, cmd.inviteHash);
      return { ok: true, seats: [cmd.seat] };
    case 'invites':
      return { ok: true, seats: placeInvites(access, cmd.invites) };
  }
}

/** Whether the command ends the battle (a public moment: the lobby and the broadcast show it at once). */
export function endsBattle(cmd: OrganiserCommand): cmd is Extract<OrganiserCommand, { kind: 'close' | 'adjudicate' }> {
  return cmd.kind === 'close' || cmd.kind === 'adjudicate';
}

/** Whether the organiser ended the battle (closed or adjudicated): no action is played any more, whatever the rules' state says. */
export function endedByOrganiser(access: BattleAccess | null | undefined): boolean {
  return !!(access?.closed || access?.adjudicated);
}

/**
 * A record's status: the rules' own, or ended when the organiser ended the
 * battle or a side lost on time (the rules' state is then left as the last
 * action made it). One place for the room and the store path of control.ts.
 */
export function recordStatus(rules: 'playing' | 'ended', access: BattleAccess | null | undefined, forfeit: boolean): 'playing' | 'ended' {
  return rules === 'ended' || forfeit || endedByOrganiser(access) ? 'ended' : 'playing';
}

export const BATTLE_LOCKED = serverRejection('battleLocked', {
  fr: "La partie est suspendue par l'organisateur : aucune action n'est jouée avant sa reprise.",
  en: 'The organiser has paused the battle: no action is played until it resumes.',
});

export const BATTLE_CLOSED = serverRejection('battleClosed', {
  fr: "L'organisateur a clos la partie : elle ne se joue plus.",
  en: 'The organiser has closed the battle: it is no longer played.',
});

export const BATTLE_ADJUDICATED = serverRejection('battleAdjudicated', {
  fr: "L'organisateur a arbitré la partie et en a déclaré le résultat : elle ne se joue plus.",
  en: 'The organiser has adjudicated the battle and declared its result: it is no longer played.',
});

/** Why no action may be played now, or null. */
export function controlRefusal(access: BattleAccess | null): Rejection | null {
  if (access?.closed) return BATTLE_CLOSED;
  if (access?.adjudicated) return BATTLE_ADJUDICATED;
  return access?.locked ? BATTLE_LOCKED : null;
}
