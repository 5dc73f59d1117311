/**
 * Where battles are kept between server restarts.
 *
 * A room saves its battle's whole record (state + log) after each change and
 * a new room resumes it by id. Two stores implement the same interface:
 * PostgreSQL when DATABASE_URL is set (several server processes, durable
 * hosting) and one JSON file per battle otherwise (a single process, nothing
 * to install). See docs/persistence.md.
 */
import type { GameEvent, GameState } from '@lames/rules';
import type { BattleSummary } from './summary';
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
  /** Who may sit where. Absent from records saved before seat keys: such a battle cannot be resumed. */
  access?: BattleAccess;
}

/**
 * The seats of a battle and who holds them, as hashes only (rooms/seat-keys):
 * a key proves its holder, an invite lets one person claim the seat once.
 */
export interface BattleAccess {
  /** Listed battles appear in the lobby, where anyone may spectate or claim a side nobody holds. */
  listed: boolean;
  /** The seat its creator took: whoever holds it may ask for fresh invites. */
  creatorSeat: string;
  /** Every side, and `referee` when the battle has a referee seat. */
  seats: Record<string, SeatAccess>;
  /** SHA-256 of the shared spectator link (never spent; it is also the spectators' key). */
  spectatorHash: string;
  /** Whether a seat other than the creator's was ever claimed; until then the battle expires when left alone. */
  othersClaimed: boolean;
}

export interface SeatAccess {
  /** SHA-256 of the holder's key; null while nobody holds the seat. */
  keyHash: string | null;
  /** SHA-256 of the one invite that may claim the seat; null when none is out. */
  inviteHash: string | null;
  /** The holder's name as shown to every seat; null while nobody holds the seat. */
  playerName: string | null;
}

export type { BattleSummary } from './summary';

export interface BattleStore {
  /** Creates or replaces the record with this id. Saves of one id are applied in call order. */
  save(r: BattleRecord): Promise<void>;
  /** The record, or null when no battle has this id. Throws on an invalid id or a corrupted record. */
  load(id: string): Promise<BattleRecord | null>;
  /** Forgets a battle (no error when there is none); ordered after the saves of that id already made. */
  delete(id: string): Promise<void>;
  /** One page of listed, unfinished battles, most recently updated first, from stored summaries. */
  listListed(page: number, pageSize: number): Promise<{ battles: BattleSummary[]; total: number }>;
  /** The summaries of these battles (unknown ids are left out), in no particular order. */
  lookup(ids: readonly string[]): Promise<BattleSummary[]>;
  /** Battles where only the creator ever sat, not updated since `before` (ISO date-time). */
  listExpired(before: string): Promise<string[]>;
  /** Waits for pending saves, then releases files or connections. */
  close(): Promise<void>;
}

/** PostgreSQL when config.databaseUrl is set, else the embedded file store in config.dataDir. */
export function openStore(config: ServerConfig): Promise<BattleStore> {
  return config.databaseUrl ? openPgStore(config.databaseUrl) : openFileStore(config.dataDir);
}
