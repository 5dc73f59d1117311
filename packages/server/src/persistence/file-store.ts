/**
 * The embedded store: one JSON file per battle in `<dataDir>/battles/<id>.json`
 * (the last snapshot) and its journal `<id>.journal` (JSON lines, one per
 * action appended since).
 *
 * Meant for a single server process (no locking between processes). Each save
 * writes a temporary file next to the target, flushes it to disk and renames
 * it over the target: a rename within a directory is atomic, so after a crash
 * the file holds either the previous record or the new one, never half of one.
 * Then the journal is removed; a crash before that leaves entries the
 * snapshot already includes, which load skips by their index.
 *
 * An append writes one line to the journal and flushes it: its cost depends
 * on the action, not on the battle's length. A line torn by a crash (never
 * acknowledged) is ignored at load and ended before the next append.
 *
 * The chat (rooms/chat.ts) lives in `<id>.chat`, JSON lines too, apart from
 * the snapshot: a save never drops it. Once it holds twice CHAT_HISTORY
 * lines it is rewritten (atomically) with the last CHAT_HISTORY.
 */
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { checkJournalEntry, checkRecord, CorruptRecordError, isValidBattleId } from './record-schema';
import { entriesAfter, withHead } from './journal';
import { KeyedQueue } from './keyed-queue';
import type { BattleHead, BattleRecord, BattleStore, BattleSummary, JournalEntry, StoredBattle } from './store';
import { isExpired, publicAtOf, summaryOf } from './summary';
import { clockDueOf } from './clock-due';
import { CHAT_HISTORY, chatLineSchema, type ChatLine } from '../rooms/chat';

const RECORD_FILE = /^([A-Za-z0-9_-]{1,64})\.json$/;
const TEMP_SUFFIX = '.tmp';
const JOURNAL_SUFFIX = '.journal';
const CHAT_SUFFIX = '.chat';
/**
 * A journal is opened for appending (created if missing) and, where the
 * system has O_DSYNC, with each write returning only once its data is on
 * disk: the same guarantee as a write then fdatasync, in one trip through
 * the thread pool instead of two.
 */
const SYNCED_WRITES = constants.O_DSYNC !== undefined;
const JOURNAL_FLAGS = constants.O_APPEND | constants.O_CREAT | constants.O_RDWR | (constants.O_DSYNC ?? 0);
/** Journal handles kept open at most (one per battle being played; see journalHandle). */
const MAX_KEPT_JOURNALS = 4096;
/** Temporary files older than this are leftovers of a crash, not a save in progress. */
const STALE_TEMP_MS = 10 * 60 * 1000;

function assertId(id: string): void {
  // Checked before any path is built: an id like "../x" must never reach the file system.
  if (!isValidBattleId(id)) {
    throw new Error(
      `Invalid battle id ${JSON.stringify(id)}: expected 1 to 64 letters, digits, _ or -`,
    );
  }
}

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export class FileStore implements BattleStore {
  private readonly queue = new KeyedQueue();
  /** What the lobby and the sweeps need of every battle, kept up to date by save and delete. */
  private readonly index = new Map<string, IndexEntry>();
  /** Journals this process has appended to since they were last dropped: their end is known to be a whole line. */
  private readonly journalsEnded = new Set<string>();
  /** The journals' handles kept open between appends (journalHandle), by battle id. */
  private readonly journals = new Map<string, FileHandle>();
  /** Lines in each chat file this process has read or written: the file is trimmed when it doubles the history. */
  private readonly chatLines = new Map<string, number>();
  private closed = false;

  constructor(readonly dir: string) {}

  /** The file of a battle; the id must already be valid. */
  fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The journal of a battle: the actions appended since its snapshot, one JSON line each. */
  journalOf(id: string): string {
    return path.join(this.dir, `${id}${JOURNAL_SUFFIX}`);
  }

  async save(r: BattleRecord): Promise<void> {
    this.assertOpen();
    assertId(r?.id);
    // Refuse to write what load would refuse to read.
    checkRecord(r, `battle ${r.id}`);
    const json = JSON.stringify(r);
    const entry = entryOf(r);
    await this.queue.run(r.id, async () => {
      await this.writeAtomically(this.fileOf(r.id), json);
      this.index.set(r.id, entry);
      // The snapshot includes every action journalled so far (see the header on a crash right here).
      await this.dropJournal(r.id);
    });
  }

  async append(id: string, entry: JournalEntry, head: BattleHead): Promise<void> {
    this.assertOpen();
    assertId(id);
    checkJournalEntry(entry, head, `battle ${id}, action ${String(entry?.n)}`);
    const line = `${JSON.stringify({ ...entry, head })}\n`;
    const indexEntry = entryOfHead(head);
    await this.queue.run(id, async () => {
      if (!this.index.has(id)) throw new Error(`Cannot append to battle ${id}: it has no saved record`);
      const handle = await this.journalHandle(id);
      let created = false;
      let written = false;
      try {
        let prefix = '';
        if (!this.journalsEnded.has(id)) {
          // First append since this process opened the journal: a crash may have torn its last line.
          const { size } = await handle.stat();
          created = size === 0;
          if (!created) {
            const last = Buffer.alloc(1);
            await handle.read(last, 0, 1, size - 1);
            if (last[0] !== 0x0a) prefix = '\n';
          }
        }
        await handle.writeFile(prefix + line, 'utf8');
        // Acknowledged only once on disk, like a save (the write itself waits for it when the system can, JOURNAL_FLAGS).
        if (!SYNCED_WRITES) await handle.datasync();
        written = true;
      } finally {
        await this.releaseJournal(id, handle, written);
      }
      if (created) await syncDir(this.dir);
      this.journalsEnded.add(id);
      this.index.set(id, indexEntry);
    });
  }

  /**
   * The journal's handle, kept open between appends (issue 9): opening and
   * closing the file for every action took two more trips through the
   * thread pool, and an open waited behind the directory's other writes
   * (p99 over a second at 300 rooms). At most MAX_KEPT_JOURNALS are kept;
   * a journal beyond them is opened and closed around its append as before.
   */
  private async journalHandle(id: string): Promise<FileHandle> {
    const kept = this.journals.get(id);
    if (kept) return kept;
    const handle = await fs.open(this.journalOf(id), JOURNAL_FLAGS, 0o600);
    if (this.journals.size < MAX_KEPT_JOURNALS) this.journals.set(id, handle);
    return handle;
  }

  /** Closes the handle unless it is kept and its write went through (after a failure the next append opens the file afresh). */
  private async releaseJournal(id: string, handle: FileHandle, keep: boolean): Promise<void> {
    const kept = this.journals.get(id) === handle;
    if (kept && keep) return;
    if (kept) this.journals.delete(id);
    await handle.close();
  }

  /** Closes a kept journal handle: before the file is removed, or appends would go to the removed file. */
  private async forgetJournal(id: string): Promise<void> {
    const handle = this.journals.get(id);
    if (!handle) return;
    this.journals.delete(id);
    await handle.close();
  }

  /** The chat of a battle: one JSON line per chat line. */
  chatOf(id: string): string {
    return path.join(this.dir, `${id}${CHAT_SUFFIX}`);
  }

  async appendChat(id: string, line: ChatLine): Promise<void> {
    this.assertOpen();
    assertId(id);
    const json = `${JSON.stringify(chatLineSchema.parse(line))}\n`;
    await this.queue.run(id, async () => {
      if (!this.index.has(id)) throw new Error(`Cannot chat in battle ${id}: it has no saved record`);
      const count = this.chatLines.get(id) ?? (await this.readChat(id)).length;
      const handle = await fs.open(this.chatOf(id), 'a', 0o600);
      try {
        // A torn last line (crash) is skipped at read; starting on a new line keeps this one whole.
        await handle.writeFile(`\n${json}`, 'utf8');
        await handle.datasync();
      } finally {
        await handle.close();
      }
      this.chatLines.set(id, count + 1);
      if (count + 1 >= 2 * CHAT_HISTORY) await this.trimChat(id);
    });
  }

  async loadChat(id: string): Promise<ChatLine[]> {
    this.assertOpen();
    assertId(id);
    return this.queue.run(id, async () => (await this.readChat(id)).slice(-CHAT_HISTORY));
  }

  private async readChat(id: string): Promise<ChatLine[]> {
    let text: string;
    try {
      text = await fs.readFile(this.chatOf(id), 'utf8');
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const lines: ChatLine[] = [];
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      try {
        const parsed = chatLineSchema.safeParse(JSON.parse(raw));
        if (parsed.success) lines.push(parsed.data as ChatLine);
      } catch {
        // a line torn by a crash, never acknowledged
      }
    }
    this.chatLines.set(id, lines.length);
    return lines;
  }

  private async trimChat(id: string): Promise<void> {
    const kept = (await this.readChat(id)).slice(-CHAT_HISTORY);
    await this.writeAtomically(this.chatOf(id), kept.map((l) => `${JSON.stringify(l)}\n`).join(''));
    this.chatLines.set(id, kept.length);
  }

  async load(id: string): Promise<StoredBattle | null> {
    this.assertOpen();
    assertId(id);
    // After the writes of this id already asked for: a load never reads a snapshot and a journal from two different moments.
    return this.queue.run(id, async () => (await this.read(id))?.stored ?? null);
  }

  async delete(id: string): Promise<void> {
    this.assertOpen();
    assertId(id);
    await this.queue.run(id, async () => {
      await fs.rm(this.fileOf(id), { force: true });
      await this.dropJournal(id);
      await fs.rm(this.chatOf(id), { force: true });
      this.chatLines.delete(id);
      this.index.delete(id);
      await syncDir(this.dir);
    });
  }

  async listListed(page: number, pageSize: number): Promise<{ battles: BattleSummary[]; total: number }> {
    this.assertOpen();
    const listed = [...this.index.values()]
      .flatMap((e) => (e.summary?.listed && e.summary.status !== 'ended' ? [e.summary] : []))
      // By public moment, never by last action (persistence/public-moment.ts).
      .sort((a, b) => Date.parse(b.publicAt) - Date.parse(a.publicAt) || a.battleId.localeCompare(b.battleId));
    return { battles: listed.slice(page * pageSize, (page + 1) * pageSize), total: listed.length };
  }

  async lookup(ids: readonly string[]): Promise<BattleSummary[]> {
    this.assertOpen();
    return ids.flatMap((id) => {
      const summary = this.index.get(id)?.summary;
      return summary ? [summary] : [];
    });
  }

  async listExpired(before: string): Promise<string[]> {
    this.assertOpen();
    return [...this.index.entries()].filter(([, e]) => isExpired(e, before)).map(([id]) => id);
  }

  async listClockDue(at: number, limit: number): Promise<string[]> {
    this.assertOpen();
    return [...this.index.entries()]
      .flatMap(([id, e]) => (e.clockDue !== null && e.clockDue <= at ? [{ id, due: e.clockDue }] : []))
      .sort((a, b) => a.due - b.due || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((e) => e.id);
  }

  /** Reads every battle once, at open: afterwards the lobby is answered from this index alone. */
  async buildIndex(): Promise<void> {
    for (const name of await fs.readdir(this.dir)) {
      const id = RECORD_FILE.exec(name)?.[1];
      if (!id) continue;
      try {
        const read = await this.read(id);
        if (read) this.index.set(id, read.head ? entryOfHead(read.head, read.stored) : entryOf(read.stored));
      } catch (e) {
        // One damaged file must not hide every other battle from the lobby;
        // loading that battle still fails with the same message.
        if (!(e instanceof CorruptRecordError)) throw e;
        console.warn(`[lames] skipping ${e.message}`);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.idle();
    await Promise.all([...this.journals.keys()].map((id) => this.forgetJournal(id)));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The battle store is closed');
  }

  /** The snapshot, the journal entries after it and the head of the last one (null without any). */
  private async read(id: string): Promise<{ stored: StoredBattle; head: BattleHead | null } | null> {
    const file = this.fileOf(id);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    const stored: StoredBattle = parseFile(text, file, id);
    let journalText: string;
    try {
      journalText = await fs.readFile(this.journalOf(id), 'utf8');
    } catch (e) {
      if (isMissing(e)) return { stored, head: null };
      throw e;
    }
    const where = `battle journal ${this.journalOf(id)}`;
    const lines = parseJournal(journalText, where);
    const after = entriesAfter(lines.map((l) => l.entry), stored.actions ?? 0, where);
    if (after.length === 0) return { stored, head: null };
    const head = lines[lines.length - 1].head;
    withHead(stored, head).journal = after;
    return { stored, head };
  }

  private async dropJournal(id: string): Promise<void> {
    this.journalsEnded.delete(id);
    await this.forgetJournal(id);
    await fs.rm(this.journalOf(id), { force: true });
  }

  private async writeAtomically(file: string, data: string): Promise<void> {
    // Same directory as the target, so the rename never crosses file systems.
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(data, 'utf8');
        // Flush before the rename, or a power cut could leave the new name on empty content.
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (e) {
      await fs.rm(temp, { force: true });
      throw e;
    }
    await syncDir(this.dir);
  }
}

interface IndexEntry extends Pick<BattleRecord, 'access' | 'updatedAt'> {
  summary: BattleSummary | null;
  /** When its time runs out with no room holding it (persistence/clock-due.ts), for the deadline sweep. */
  clockDue: number | null;
}

function entryOf(record: BattleRecord): IndexEntry {
  return { summary: summaryOf(record), access: record.access, updatedAt: record.updatedAt, clockDue: clockDueOf(record) };
}

/**
 * The index entry of a journal's head. Read back from disk (`stored` given,
 * withHead already applied), a head written before publicAt takes the record's.
 */
function entryOfHead(head: BattleHead, stored?: BattleRecord): IndexEntry {
  const summary = stored && head.summary ? { ...head.summary, publicAt: head.summary.publicAt ?? publicAtOf(stored) } : head.summary;
  return { summary, access: head.access, updatedAt: head.updatedAt, clockDue: clockDueOf(head) };
}

function parseFile(text: string, file: string, id: string): BattleRecord {
  const where = `battle file ${file}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new CorruptRecordError(where, `not valid JSON (${(e as Error).message})`);
  }
  const record = checkRecord(value, where);
  if (record.id !== id) {
    throw new CorruptRecordError(where, `id: the file holds battle ${JSON.stringify(record.id)}`);
  }
  return record;
}

/**
 * The lines of a journal file. A line that is not JSON can only be one torn by
 * a crash in the middle of an append, never acknowledged: it is skipped (a
 * real loss shows as a gap in the indexes, see entriesAfter). A line that is
 * JSON but not an entry is a CorruptRecordError.
 */
function parseJournal(text: string, where: string): { entry: JournalEntry; head: BattleHead }[] {
  const lines: { entry: JournalEntry; head: BattleHead }[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: { head?: unknown } & Record<string, unknown>;
    try {
      value = JSON.parse(line) as typeof value;
    } catch {
      continue;
    }
    const { head, ...entry } = value ?? {};
    checkJournalEntry(entry, head, `${where}, line ${i + 1}`);
    lines.push({ entry: entry as unknown as JournalEntry, head: head as BattleHead });
  }
  return lines;
}

/** Makes the rename itself durable; best effort, as some platforms cannot open a directory. */
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported here (e.g. Windows): the rename is still atomic, only less durable.
  } finally {
    await handle?.close();
  }
}

/** Removes temporary files left by a crash in the middle of a save. */
async function removeStaleTemps(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(dir)) {
    if (!name.endsWith(TEMP_SUFFIX)) continue;
    const file = path.join(dir, name);
    try {
      const { mtimeMs } = await fs.stat(file);
      if (now - mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }
}

/** Opens (and creates if needed) the file store of `dataDir`: battles go in `<dataDir>/battles`. */
export async function openFileStore(dataDir: string): Promise<FileStore> {
  const dir = path.join(path.resolve(dataDir), 'battles');
  try {
    await fs.mkdir(dir, { recursive: true });
    // Fail now, not at the first save in the middle of a battle, when the directory is read-only.
    await fs.access(dir, constants.W_OK);
  } catch (e) {
    throw new Error(
      `Cannot use ${dir} to keep battles (set LAMES_DATA_DIR to a writable directory): ${(e as Error).message}`,
    );
  }
  await removeStaleTemps(dir);
  const store = new FileStore(dir);
  await store.buildIndex();
  return store;
}
