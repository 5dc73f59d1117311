/**
 * Where battles are kept between server restarts.
 *
 * A room saves its battle's whole record (state + log) after each change and
 * a new room resumes it by id. Two stores implement the same interface:
 * PostgreSQL when DATABASE_URL is set (several server processes, durable
 * hosting) and one JSON file per battle otherwise (a single process, nothing
 * to install). See docs/persistence.md.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { GameEvent, GameState } from '@lames/rules';
import type { ServerConfig } from '../config';
import { openFileStore } from './file-store';
import { openPgStore } from './pg-store';

export { BATTLE_ID_PATTERN, CorruptRecordError, isValidBattleId } from './record-schema';

export interface BattleRecord {
  /** Matches BATTLE_ID_PATTERN: it names a file and appears in URLs. */
  id: string;
  battleName: string;
  scenarioId: string;
  /** ISO 8601 date-times (`new Date().toISOString()`). */
  createdAt: string;
  updatedAt: string;
  status: 'playing' | 'ended';
  /** The full authoritative state, hidden units and dice included: never send it to a client as is. */
  state: GameState;
  log: GameEvent[];
  /** From hashRefereeCode; null when the battle has no referee seat. */
  refereeCodeHash: string | null;
}

export interface BattleSummary {
  id: string;
  battleName: string;
  scenarioId: string;
  updatedAt: string;
  /** The battle's sides, from its saved state: the lobby offers them as seats even when the scenario is unknown to it. */
  sides: { id: string; name: string }[];
  /** Whether the battle was opened with a referee code (never the code itself). */
  hasReferee: boolean;
}


export interface BattleStore {
  /** Creates or replaces the record with this id. Saves of one id are applied in call order. */
  save(r: BattleRecord): Promise<void>;
  /** The record, or null when no battle has this id. Throws on an invalid id or a corrupted record. */
  load(id: string): Promise<BattleRecord | null>;
  /** Battles still being played, most recently updated first. */
  listUnfinished(): Promise<BattleSummary[]>;
  /** Waits for pending saves, then releases files or connections. */
  close(): Promise<void>;
}

/** PostgreSQL when config.databaseUrl is set, else the embedded file store in config.dataDir. */
export function openStore(config: ServerConfig): Promise<BattleStore> {
  return config.databaseUrl ? openPgStore(config.databaseUrl) : openFileStore(config.dataDir);
}

// scrypt rather than a bare hash: referee codes are short and typed by people,
// so a leaked store must not let them be brute-forced cheaply. The salt makes
// equal codes hash differently. N = 2^14 costs ~30 ms, paid only when a
// referee code is set or tried.
const SCRYPT_KEYLEN = 32;
const SCRYPT_OPTIONS = { N: 16384, r: 8, p: 1 };

/** A salted scrypt hash of a referee code, encoded "salt:hash" (both hex). */
export function hashRefereeCode(code: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(code.normalize('NFC'), salt, SCRYPT_KEYLEN, SCRYPT_OPTIONS);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

/** Whether `code` is the one hashed into `hash`; false for a null or malformed hash. Constant-time compare. */
export function checkRefereeCode(code: string, hash: string | null): boolean {
  if (typeof code !== 'string' || typeof hash !== 'string') return false;
  const match = /^([0-9a-f]{32}):([0-9a-f]{64})$/.exec(hash);
  if (!match) return false;
  const salt = Buffer.from(match[1], 'hex');
  const expected = Buffer.from(match[2], 'hex');
  const actual = scryptSync(code.normalize('NFC'), salt, SCRYPT_KEYLEN, SCRYPT_OPTIONS);
  return timingSafeEqual(actual, expected);
}
