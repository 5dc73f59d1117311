import { seatKeys } from '../net/keys';
import type { ReplayCredential } from './load';

/**
 * What this browser may ask a battle's replay with: the seat key it holds
 * (net/keys.ts) or, for a battle it watched, how it watched (the spectator
 * link, or a listed battle's spectator chair), kept in localStorage so that
 * the replay opened in a new tab finds it. The spectator link grants nothing
 * a spectator does not already see.
 */

const WATCHED = 'lames.watched';
const KEEP = 20;

type Watched = { battleId: string } & ({ invite: string } | { seat: 'spectator' });

function watchedList(): Watched[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(WATCHED) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter(
          (w): w is Watched =>
            typeof w?.battleId === 'string' &&
            (typeof w.invite === 'string' || w.seat === 'spectator'),
        )
      : [];
  } catch {
    return [];
  }
}

/** Remembers how a battle was watched (called when entering as a spectator). */
export function rememberWatched(battleId: string, how: { invite?: string; seat?: string }): void {
  const entry: Watched | null = how.invite
    ? { battleId, invite: how.invite }
    : how.seat === 'spectator'
      ? { battleId, seat: 'spectator' }
      : null;
  if (!entry) return;
  try {
    localStorage.setItem(
      WATCHED,
      JSON.stringify(
        [entry, ...watchedList().filter((w) => w.battleId !== battleId)].slice(0, KEEP),
      ),
    );
  } catch {
    /* no storage: the replay asks for a seat */
  }
}

/** The credential for a battle's replay: a held seat's key first, else how it was watched; null when this browser has neither. */
export function replayCredential(battleId: string): ReplayCredential | null {
  const held = seatKeys.get(battleId);
  if (held) return { key: held.key };
  const watched = watchedList().find((w) => w.battleId === battleId);
  if (!watched) return null;
  return 'invite' in watched ? { invite: watched.invite } : { seat: 'spectator' };
}

/** The replay page of a battle (main.ts routes it); the credential stays in storage, never in the address. */
export function replayHref(battleId: string): string {
  return `#/replay/${encodeURIComponent(battleId)}`;
}

/** The battle id of a replay address, or null. */
export function parseReplayHash(hash: string): string | null {
  const m = /^#?\/replay\/([A-Za-z0-9_-]{1,64})\/?$/.exec(hash.trim());
  return m ? m[1] : null;
}
