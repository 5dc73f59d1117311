/**
 * Where battles are kept between server restarts.
 *
 * A room appends each accepted action to its battle's journal (the action,
 * its seat and its events, with the small envelope of the record), and saves
 * the whole record (state + log), a snapshot, on seat changes, every
 * SNAPSHOT_EVERY actions and when it closes; a new room resumes it by id,
 * replaying the journal entries after the snapshot (persistence/journal.ts). Two stores implement the same interface:
 * PostgreSQL when DATABASE_URL is set (several server processes, durable
 * hosting) and one JSON file per battle otherwise (a single process, nothing
 * to install). See docs/persistence.md.
 */
import type { GameEvent, GameState, Seat } from '@lames/rules';
import type { BattleSummary } from './summary';
import type { ServerConfig } from '../config';
import type { ChatLine, SpectatorChat } from '../rooms/chat';
import type { ClockState } from '../rooms/clock';
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
  /**
   * How many accepted actions `state` includes: the journal entries numbered
   * from it follow this snapshot, those before are already in it. Absent
   * from records saved before the journal: 0.
   */
  actions?: number;
  /**
   * The dice commitment (issue 12): the battle's secret seed, the hash of it
   * shown to every seat from the start, and the opening state's hash. The
   * seed reaches nobody before the battle ends. Absent from battles created
   * before: those cannot be exported.
   */
  dice?: { seed: string; seedHash: string; initialStateHash: string };
  /** The rules version (RULES_VERSION) that played the battle; absent before issue 12. */
  rulesVersion?: string;
  /** Every action `state` includes, in order, for the export; absent from battles created before issue 12. */
  played?: PlayedAction[];
  /** Who of the spectators may read or write the chat (rooms/chat.ts); absent before the chat: the default. */
  spectatorChat?: SpectatorChat;
  /** The time control's clocks as of the write (rooms/clock.ts); absent for a battle without one. */
  clock?: ClockState;
  /** Broadcast (sync/broadcast.ts): spectators see the full view N turns late; absent or 0: they see what spectators see, live. */
  broadcastDelay?: number;
  /**
   * When the battle last reached a public moment (docs/secrets.md S4): its
   * creation, the start of a player turn (of a game turn for a broadcast
   * battle), its end. The public lobby orders and dates battles by this
   * alone, never by the time of the last action. Absent before: createdAt.
   */
  publicAt?: string;
}

/** One action of `played`: who sent what, how many events of the log it gave, and the state's hash after it. */
export interface PlayedAction {
  seat: Seat;
  action: { type: string };
  events: number;
  stateHash: string;
}

/** One accepted action as the journal keeps it: replaying `action` for `seat` on the state of the `n` actions before gives `events`. */
export interface JournalEntry {
  /** The action's index since the start of the battle (0 for the first). */
  n: number;
  seat: Seat;
  action: { type: string };
  events: GameEvent[];
}

/** The small part of a record an action may change, stored with each journal entry instead of the whole record. */
export interface BattleHead {
  updatedAt: string;
  status: 'playing' | 'ended';
  access?: BattleAccess;
  /** The lobby summary after the action (summaryOf), so that listing never replays a journal. */
  summary: BattleSummary | null;
  /** The clocks after the action (rooms/clock.ts), when the battle has a time control. */
  clock?: ClockState;
  /** The record's publicAt after the action (it moves only at public moments). */
  publicAt?: string;
}

/**
 * What load gives back: the last snapshot and, when actions were appended
 * since, the journal entries after it (numbered from `actions`), in order,
 * with the envelope (updatedAt, status, access) of the last one. Rebuild the
 * current state with replayJournal (persistence/journal.ts).
 */
export type StoredBattle = BattleRecord & { journal?: JournalEntry[] };

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
  /** Paused by the organiser (issue 12): no action is played until it is unlocked. */
  locked?: boolean;
  /** Closed by the organiser for good: the battle has ended, no room opens it again, no action is played. */
  closed?: { reason: string; at: string };
  /** Adjudicated by the organiser (its result declared, `winner` a side or null for a draw): ended as if closed. */
  adjudicated?: { winner: string | null; reason: string; at: string };
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
  /**
   * Creates or replaces the record with this id (a snapshot): the journal
   * entries before `r.actions` are dropped. Saves and appends of one id are
   * applied in call order.
   */
  save(r: BattleRecord): Promise<void>;
  /**
   * Adds one accepted action to the journal of a saved battle and updates
   * its envelope, without writing its state: the cost does not grow with the
   * battle's history.
   */
  append(id: string, entry: JournalEntry, head: BattleHead): Promise<void>;
  /** The last snapshot and the journal after it, or null when no battle has this id. Throws on an invalid id or a corrupted record. */
  load(id: string): Promise<StoredBattle | null>;
  /** Forgets a battle (no error when there is none); ordered after the saves of that id already made. */
  delete(id: string): Promise<void>;
  /** One page of listed, unfinished battles, latest public moment (publicAt) first, from stored summaries. */
  listListed(page: number, pageSize: number): Promise<{ battles: BattleSummary[]; total: number }>;
  /** The summaries of these battles (unknown ids are left out), in no particular order. */
  lookup(ids: readonly string[]): Promise<BattleSummary[]>;
  /** Battles where only the creator ever sat, not updated since `before` (ISO date-time). */
  listExpired(before: string): Promise<string[]>;
  /**
   * Up to `limit` unfinished battles whose time ran out by `at` (ms since
   * the epoch) with no room holding them, the longest overdue first: a
   * deadline passed, or a forfeit the state does not show yet
   * (persistence/clock-due.ts). For the deadline sweep (rooms/deadline-sweep.ts).
   */
  listClockDue(at: number, limit: number): Promise<string[]>;
  /**
   * Adds one chat line to a battle's chat history (rooms/chat.ts), apart
   * from its record and journal; only the last CHAT_HISTORY lines are kept.
   */
  appendChat(id: string, line: ChatLine): Promise<void>;
  /** The last CHAT_HISTORY chat lines of a battle, oldest first ([] when none). */
  loadChat(id: string): Promise<ChatLine[]>;
  /** Waits for pending saves, then releases files or connections. */
  close(): Promise<void>;
}

/** PostgreSQL when config.databaseUrl is set, else the embedded file store in config.dataDir. */
export function openStore(config: ServerConfig): Promise<BattleStore> {
  return config.databaseUrl ? openPgStore(config.databaseUrl) : openFileStore(config.dataDir);
}
