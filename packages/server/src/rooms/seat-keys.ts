import { randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';

/**
 * Seat keys and invites: 128 random bits in base64url (22 characters). The
 * battle record keeps only their SHA-256, so a leaked store seats nobody.
 * A plain hash is enough for 128 random bits (nothing to guess), and it is
 * computed with the asynchronous WebCrypto API: checking a guess never
 * blocks the event loop the way a KDF would.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** SHA-256 of a token, base64url. */
export async function hashToken(token: string): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Buffer.from(digest).toString('base64url');
}

/** A fresh token and its hash. */
export async function issueToken(): Promise<{ token: string; hash: string }> {
  const token = newToken();
  return { token, hash: await hashToken(token) };
}

/** Constant-time equality of two hashes; false when either is missing. */
export function sameHash(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
