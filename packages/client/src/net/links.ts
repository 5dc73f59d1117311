/**
 * The links that carry a seat: personal `/#/b/<battleId>/k/<key>` and invite
 * `/#/b/<battleId>/i/<token>`. The secret sits in the fragment, which the
 * browser never sends to the server (nor in a Referer), so no HTTP log
 * holds it.
 */

export type SeatLink = { battleId: string; kind: 'key' | 'invite'; secret: string };

/** Ids, keys and tokens are base64url (and battle ids the server's own form): nothing else is read. */
const PART = /^[A-Za-z0-9_-]{1,128}$/;

/** The link in a location fragment (`#/b/…`), or null when there is none or it is malformed. */
export function parseLink(hash: string): SeatLink | null {
  const m = /^#?\/b\/([^/]+)\/([ki])\/([^/?#]+)\/?$/.exec(hash.trim());
  if (!m) return null;
  const [, battleId, kind, secret] = m;
  if (!PART.test(battleId) || !PART.test(secret)) return null;
  return { battleId, kind: kind === 'k' ? 'key' : 'invite', secret };
}

/** The full address of a link, on the page's own origin (e.g. `https://lames.example`). */
export function formatLink(origin: string, link: SeatLink): string {
  return `${origin.replace(/\/+$/, '')}/#/b/${link.battleId}/${link.kind === 'key' ? 'k' : 'i'}/${link.secret}`;
}

export const personalLink = (origin: string, battleId: string, key: string) => formatLink(origin, { battleId, kind: 'key', secret: key });
export const inviteLink = (origin: string, battleId: string, token: string) => formatLink(origin, { battleId, kind: 'invite', secret: token });
