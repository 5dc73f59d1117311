import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ServerConfig } from '../config';
import { hashToken, issueToken, sameHash } from '../rooms/seat-keys';

/** Where the embedded default keeps the SHA-256 of the token it generated (never the token). */
export const TOKEN_HASH_FILE = 'organiser-token.sha256';

/**
 * The SHA-256 of the organiser token, or null when the organiser API is off.
 * LAMES_ORGANISER_TOKEN wins; else, on the embedded store only, a token is
 * generated at the first start, printed once, and only its hash is written
 * beside the data (a later start reads the hash and prints nothing). With
 * PostgreSQL and no token set the API stays off: several processes could
 * not agree on a generated one.
 */
export async function organiserTokenHash(config: ServerConfig, print: (line: string) => void = console.log): Promise<string | null> {
  if (config.organiserToken) return hashToken(config.organiserToken);
  if (config.databaseUrl) return null;
  const file = path.join(config.dataDir, TOKEN_HASH_FILE);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  const { token, hash } = await issueToken();
  await fs.writeFile(file, `${hash}\n`, { mode: 0o600, flag: 'wx' });
  print(`[lames] organiser token (shown this once; only its SHA-256 is kept in ${file}): ${token}`);
  return hash;
}

/** Whether a presented token is the organiser's: hashed, then compared in constant time. */
export async function isOrganiserToken(presented: string | undefined, expectedHash: string): Promise<boolean> {
  if (!presented || presented.length > 256) return false;
  return sameHash(await hashToken(presented), expectedHash);
}
