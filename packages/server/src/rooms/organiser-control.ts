import { z } from 'zod';
import type { Rejection } from '@lames/rules';
import type { BattleAccess } from '../persistence/store';
import { placeInvites, reopenSeat } from './access';

/**
 * What an organiser may do to a battle's seats and play (issue 12): pause
 * it, let it go on, close it for good, give a seat to someone else, put out
 * fresh invites. The same change is made by the room that runs the battle
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
  z.object({ kind: z.literal('reassign'), seat: z.string().min(1).max(64), inviteHash: hash }),
  z.object({
    kind: z.literal('invites'),
    invites: z.array(z.object({ seat: z.string().min(1).max(64), hash })).max(16),
  }),
]);

export type OrganiserCommand = z.infer<typeof organiserCommandSchema>;

export type CommandError = 'noSuchSeat' | 'closed' | 'ended' | 'notLocked' | 'alreadyLocked';

/** `seats`: the seats whose invite changed (fresh invites, reassign). */
export type CommandOutcome = { ok: true; seats: string[] } | { ok: false; error: CommandError };

/** Applies the command to the battle's seats (in place); `ended`: the rules have ended the battle. */
export function applyCommand(
  access: BattleAccess,
  cmd: OrganiserCommand,
  ended: boolean,
): CommandOutcome {
  if (access.closed) return { ok: false, error: 'closed' };
  switch (cmd.kind) {
    case 'lock':
    case 'unlock': {
      if (ended) return { ok: false, error: 'ended' };
      const lock = cmd.kind === 'lock';
      if (!!access.locked === lock)
        return { ok: false, error: lock ? 'alreadyLocked' : 'notLocked' };
      if (lock) access.locked = true;
      else delete access.locked;
      return { ok: true, seats: [] };
    }
    case 'close':
      if (ended) return { ok: false, error: 'ended' };
      access.closed = { reason: cmd.reason, at: cmd.at };
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

export const BATTLE_LOCKED: Rejection = {
  code: 'battleLocked' as Rejection['code'],
  section: '—',
  message: {
    fr: "La partie est suspendue par l'organisateur : aucune action n'est jouée avant sa reprise.",
    en: 'The organiser has paused the battle: no action is played until it resumes.',
  },
};

export const BATTLE_CLOSED: Rejection = {
  code: 'battleClosed' as Rejection['code'],
  section: '—',
  message: {
    fr: "L'organisateur a clos la partie : elle ne se joue plus.",
    en: 'The organiser has closed the battle: it is no longer played.',
  },
};

/** Why no action may be played now, or null. */
export function controlRefusal(access: BattleAccess | null): Rejection | null {
  if (access?.closed) return BATTLE_CLOSED;
  return access?.locked ? BATTLE_LOCKED : null;
}
