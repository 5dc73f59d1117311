/**
 * The journal of a battle: each accepted action, its seat and its events,
 * stored before anything about the action is sent (rooms/battle-room.ts),
 * appended so that storing an action costs
 * the same at the 1,000th action as at the 10th. A snapshot (the whole
 * record, BattleStore.save) every SNAPSHOT_EVERY actions, on seat changes and
 * when the room closes bounds what a resumed battle replays.
 *
 * Entries carry their index `n` and a snapshot records how many actions its
 * state includes (`actions`): entries below it are already in the snapshot
 * and are skipped, so a crash between writing a snapshot and dropping the old
 * journal never replays an action twice.
 *
 * Replaying is deterministic: the dice come from the state's own generator.
 */
import { isDeepStrictEqual } from 'node:util';
import { apply } from '@lames/rules';
import { serverStateHash } from './state-hash';
import type { BattleHead, BattleRecord, JournalEntry, StoredBattle } from './store';
import { CorruptRecordError } from './record-schema';
import { publicAtOf, summaryOf } from './summary';

/** Actions between two snapshots of a battle (the room also snapshots on seat changes and when it closes). */
export const SNAPSHOT_EVERY = 64;

/** The head stored with a journal entry: the record's small envelope after the action. */
export function headOf(record: BattleRecord): BattleHead {
  const head: BattleHead = { updatedAt: record.updatedAt, status: record.status, summary: summaryOf(record), publicAt: publicAtOf(record) };
  if (record.access) head.access = record.access;
  if (record.clock) head.clock = record.clock;
  return head;
}

/** A snapshot brought up to the envelope of the last journal entry after it (both stores' load). */
export function withHead(stored: StoredBattle, head: BattleHead): StoredBattle {
  stored.updatedAt = head.updatedAt;
  stored.status = head.status;
  if (head.access) stored.access = head.access;
  if (head.clock) stored.clock = head.clock;
  if (head.publicAt) stored.publicAt = head.publicAt;
  return stored;
}

/**
 * The entries of a journal that follow a snapshot of `base` actions, in
 * order: earlier ones (left by a crash before the journal was dropped) are
 * skipped; a gap or a repeated index is a CorruptRecordError.
 */
export function entriesAfter(entries: readonly JournalEntry[], base: number, where: string): JournalEntry[] {
  const after = entries.filter((e) => e.n >= base);
  after.forEach((e, i) => {
    if (e.n !== base + i) {
      throw new CorruptRecordError(where, `journal: expected action ${base + i} after the snapshot of ${base} actions, found action ${e.n}`);
    }
  });
  return after;
}

/**
 * The current record of a stored battle: its snapshot with every journal
 * entry after it applied to the state (apply from @lames/rules) and its
 * events appended to the log. Throws a CorruptRecordError when the rules
 * refuse a journalled action or give other events than those recorded (the
 * battle was played under other rules).
 */
export function replayJournal(stored: StoredBattle): BattleRecord {
  const { journal = [], ...record } = stored;
  const base = record.actions ?? 0;
  if (journal.length === 0) return { ...record, actions: base };
  const where = `battle ${record.id}`;
  let state = record.state;
  const log = [...record.log];
  // Battles created before the export (no `played`) go on without it.
  const played = record.played && [...record.played];
  const entries = entriesAfter(journal, base, where);
  for (const entry of entries) {
    const result = apply(state, entry.seat, entry.action);
    if (!result.ok) {
      throw new CorruptRecordError(where, `journal: action ${entry.n} (${entry.action.type} by ${entry.seat}) is refused on replay: ${result.rejection.code}`);
    }
    // Compared as stored (JSON, and PostgreSQL's jsonb reorders keys).
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.events)), entry.events)) {
      throw new CorruptRecordError(where, `journal: action ${entry.n} (${entry.action.type} by ${entry.seat}) gives other events on replay than when it was played`);
    }
    state = result.state;
    log.push(...entry.events);
    played?.push({ seat: entry.seat, action: entry.action, events: entry.events.length, stateHash: serverStateHash(state) });
  }
  return { ...record, state, log, actions: base + entries.length, ...(played && { played }) };
}
