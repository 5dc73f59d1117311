/**
 * Checks the envelope of a battle record read back from a file or a database
 * row, so that a damaged record fails at load with the field that is wrong
 * ("battle file …/x.json is corrupted: state.turn: expected number") instead
 * of crashing a room later on some undefined property.
 *
 * The game state itself is only checked for its top-level keys: the rules
 * library owns its shape, and a deep copy of it here would drift.
 */
import { z } from 'zod';
import type { BattleRecord } from './store';
import { upgradeState } from './upgrade';
import { SPECTATOR_CHAT } from '../rooms/chat';
import { clockStateSchema } from '../rooms/clock';

/** Battle ids end up in file names and URLs: letters, digits, `_` and `-` only. */
export const BATTLE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidBattleId(id: unknown): id is string {
  return typeof id === 'string' && BATTLE_ID_PATTERN.test(id);
}

/** Thrown when a record read back (or about to be written) does not have the expected envelope. */
export class CorruptRecordError extends Error {
  constructor(
    readonly where: string,
    readonly detail: string,
  ) {
    super(`${where} is corrupted: ${detail}`);
    this.name = 'CorruptRecordError';
  }
}

const isoDate = z.iso.datetime({ offset: true });
/** SHA-256, base64url (rooms/seat-keys). */
const hashSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected a SHA-256 hash in base64url');
/** SHA-256, hex (stateHash, seedHash from @lames/rules). */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hash in hex');

// Loose objects: keys added later by the rules library (or the room) survive.
const stateSchema = z.looseObject({
  scenarioId: z.string(),
  board: z.looseObject({
    cols: z.number().int(),
    rows: z.number().int(),
    terrain: z.array(z.unknown()),
  }),
  sides: z.array(z.looseObject({ id: z.string() })),
  wings: z.array(z.unknown()),
  units: z.array(z.looseObject({ id: z.string() })),
  decoys: z.array(z.unknown()),
  turn: z.number().int(),
  turnLimit: z.number().int(),
  activeSide: z.string(),
  activation: z.looseObject({ piece: z.string() }).nullable(),
  status: z.enum(['playing', 'ended']),
  stackCounter: z.number(),
});

const accessSchema = z.object({
  listed: z.boolean(),
  creatorSeat: z.string().min(1),
  seats: z.record(
    z.string(),
    z.object({ keyHash: hashSchema.nullable(), inviteHash: hashSchema.nullable(), playerName: z.string().nullable() }),
  ),
  spectatorHash: hashSchema,
  othersClaimed: z.boolean(),
  locked: z.boolean().optional(),
  closed: z.object({ reason: z.string(), at: isoDate }).optional(),
  adjudicated: z.object({ winner: z.string().nullable(), reason: z.string(), at: isoDate }).optional(),
});

export const battleRecordSchema = z.looseObject({
  id: z.string().regex(BATTLE_ID_PATTERN, 'expected 1 to 64 letters, digits, _ or -'),
  battleName: z.string(),
  scenarioId: z.string().min(1),
  createdAt: isoDate,
  updatedAt: isoDate,
  status: z.enum(['playing', 'ended']),
  state: stateSchema,
  log: z.array(z.looseObject({ type: z.string() })),
  // Absent from records saved before seat keys (issue 7): they still load, but no room resumes them.
  access: accessSchema.optional(),
  // Absent from records saved before the journal: 0.
  actions: z.number().int().nonnegative().optional(),
  // Absent from records saved before the dice commitment (issue 12): such battles cannot be exported.
  dice: z.object({ seed: z.string().min(1), seedHash: sha256Hex, initialStateHash: sha256Hex }).optional(),
  rulesVersion: z.string().min(1).optional(),
  spectatorChat: z.enum(SPECTATOR_CHAT).optional(),
  // Absent from battles without a time control (and from those created before them).
  clock: clockStateSchema.optional(),
  broadcastDelay: z.number().int().nonnegative().optional(),
  // Absent from records saved before the lobby ordered by public moments: createdAt.
  publicAt: isoDate.optional(),
  played: z.array(z.object({ seat: z.string().min(1), action: z.looseObject({ type: z.string() }), events: z.number().int().nonnegative(), stateHash: sha256Hex })).optional(),
});

/** One journal entry with the head stored next to it (persistence/journal.ts). */
export const journalEntrySchema = z.object({
  n: z.number().int().nonnegative(),
  seat: z.string().min(1),
  action: z.looseObject({ type: z.string() }),
  events: z.array(z.looseObject({ type: z.string() })),
});

export const headSchema = z.object({
  updatedAt: isoDate,
  status: z.enum(['playing', 'ended']),
  access: accessSchema.optional(),
  summary: z.looseObject({ battleId: z.string() }).nullable(),
  clock: clockStateSchema.optional(),
  publicAt: isoDate.optional(),
});

/**
 * Returns `value` itself (not a stripped copy) once its envelope checks out,
 * its state brought up to date in place (upgrade.ts); throws a
 * CorruptRecordError naming the first wrong fields otherwise.
 * `where` says what was read, e.g. "battle file /data/battles/x.json".
 */
function describe(error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(record)';
    return `${field}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return issues.join('; ') + more;
}

/** Checks a journal entry and its head (written or read back); throws a CorruptRecordError naming the wrong fields. */
export function checkJournalEntry(entry: unknown, head: unknown, where: string): void {
  const e = journalEntrySchema.safeParse(entry);
  if (!e.success) throw new CorruptRecordError(where, describe(e.error));
  const h = headSchema.safeParse(head);
  if (!h.success) throw new CorruptRecordError(where, `head: ${describe(h.error)}`);
}

export function checkRecord(value: unknown, where: string): BattleRecord {
  const result = battleRecordSchema.safeParse(value);
  if (!result.success) throw new CorruptRecordError(where, describe(result.error));
  const record = value as BattleRecord;
  // A battle saved by an older version gets the fields added since (persistence/upgrade.ts).
  upgradeState(record.state);
  return record;
}
