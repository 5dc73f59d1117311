/**
 * The embedded store: one JSON file per battle in `<dataDir>/battles/<id>.json`
 * (the last snapshot), and one write-ahead log shared by all battles
 * (`wal-<seq>.log`, persistence/wal.ts) holding the actions appended since.
 *
 * Meant for a single server process (no locking between processes). Each save
 * writes a temporary file next to the target, flushes it to disk and renames
 * it over the target: a rename within a directory is atomic, so after a crash
 * the file holds either the previous record or the new one, never half of one.
 * Then a cut line for the battle goes to the log: its lines before are
 * obsolete. A crash before the cut leaves lines the snapshot already
 * includes, which load skips by their index.
 *
 * An append is one line in the log, acknowledged once its batch is on disk
 * (group commit, issue 9: one synced write for all the battles that
 * appended meanwhile, instead of one per action); its cost depends on the
 * action, not on the battle's length. A line torn by a crash (never
 * acknowledged) is ignored. The store remembers, per battle, where its
 * lines after its last snapshot lie (segment, offset, length: a few numbers
 * each, never the entries): load reads those lines alone, so a thousand
 * battles resuming at once do not each read the log. A segment no battle
 * needs any more is removed, oldest first; beyond maxSegments the oldest
 * one's needed lines are copied forward (compact), so the log stays
 * bounded even when a battle is never played again. At open the whole log
 * is read once for the lobby's heads and the lines' places. Journals of
 * versions before the log (`<id>.journal`) are still read, and removed at
 * the battle's next snapshot.
 *
 * The chat (rooms/chat.ts) lives in `<id>.chat`, JSON lines too, apart from
 * the snapshot: a save never drops it. Once it holds twice CHAT_HISTORY
 * lines it is rewritten (atomically) with the last CHAT_HISTORY.
 */
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import {
  checkJournalEntry,
  checkRecord,
  CorruptRecordError,
  isValidBattleId,
} from './record-schema';
import { entriesAfter, withHead } from './journal';
import { parseWalLine, walLine, WriteAheadLog, type WalLine, type WalPlace } from './wal';
import { KeyedQueue } from './keyed-queue';
import type {
  BattleHead,
  BattleRecord,
  BattleStore,
  BattleSummary,
  JournalEntry,
  StoredBattle,
} from './store';
import { isExpired, publicAtOf, summaryOf } from './summary';
import { clockDueOf } from './clock-due';
import { CHAT_HISTORY, chatLineSchema, type ChatLine } from '../rooms/chat';

const RECORD_FILE = /^([A-Za-z0-9_-]{1,64})\.json$/;
const TEMP_SUFFIX = '.tmp';
const JOURNAL_SUFFIX = '.journal';
const CHAT_SUFFIX = '.chat';

export interface FileStoreOptions {
  /** A segment of the log is closed once it holds this many bytes. */
  segmentBytes: number;
  /** Beyond this many segments the oldest is compacted (its lines still needed copied forward). */
  maxSegments: number;
}

/**
 * At 1,000 rooms playing an action a second (about 1.3 KB a line) a segment
 * fills in about 13 s and a battle snapshots within 64 actions: while
 * every room plays, the log holds about six segments. A battle idle with
 * lines logged (an open room nobody plays, a battle left by a crash) holds
 * the oldest segment until there are 16 (256 MiB): then its lines, a few
 * KiB, are copied forward, once per segment.
 */
const DEFAULT_OPTIONS: FileStoreOptions = { segmentBytes: 16 * 1024 * 1024, maxSegments: 16 };
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
  /** The log all battles append to (persistence/wal.ts), opened by buildIndex. */
  private log: WriteAheadLog | null = null;
  /** Per battle, where its lines that no snapshot includes yet lie, in the order written (a few numbers each). */
  private readonly placesOf = new Map<string, WalPlace[]>();
  /** Per segment, the battles that still need lines of it: it is removed once none does. */
  private readonly pinned = new Map<number, Set<string>>();
  /** Battles that may have lines in the log: their next snapshot or delete writes a cut. */
  private readonly cutNeeded = new Set<string>();
  /** Battles with a journal of their own left by a version before the log (`<id>.journal`). */
  private readonly legacy = new Set<string>();
  /** The cleanup after a write (afterWrite), while one runs. */
  private sweeping: Promise<void> | null = null;
  /** Cut lines written since open, and the segment being written and that count when the last cleanup began. */
  private cuts = 0;
  private swept = { seq: 0, cuts: 0 };
  /** Lines in each chat file this process has read or written: the file is trimmed when it doubles the history. */
  private readonly chatLines = new Map<string, number>();
  private closed = false;

  constructor(
    readonly dir: string,
    private readonly options: FileStoreOptions = DEFAULT_OPTIONS,
  ) {}

  /** Synced writes and bytes the log has made since open (for tests and benches). */
  logStats(): { writes: number; bytes: number; segments: number } {
    const wal = this.wal();
    return { writes: wal.writes, bytes: wal.bytes, segments: wal.segments().length };
  }

  /** The file of a battle; the id must already be valid. */
  fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The journal of a battle as versions before the log kept it (read, never written now). */
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
      // The snapshot includes every action logged so far (see the header on a crash right here).
      await this.dropEntries(r.id);
    });
  }

  async append(id: string, entry: JournalEntry, head: BattleHead): Promise<void> {
    this.assertOpen();
    assertId(id);
    checkJournalEntry(entry, head, `battle ${id}, action ${String(entry?.n)}`);
    const line = walLine(id, { ...entry, head });
    const indexEntry = entryOfHead(head);
    await this.queue.run(id, async () => {
      if (!this.index.has(id))
        throw new Error(`Cannot append to battle ${id}: it has no saved record`);
      // Acknowledged only once on disk, like a save: the log's batch is synced (persistence/wal.ts).
      const length = Buffer.byteLength(line);
      const { seq, offset } = await this.wal().write(line, length);
      this.pin(id, { seq, offset, length });
      this.index.set(id, indexEntry);
    });
    this.afterWrite();
  }

  /** The log; it is opened by buildIndex (openFileStore). */
  private wal(): WriteAheadLog {
    if (!this.log) throw new Error('The file store was not opened with openFileStore');
    return this.log;
  }

  /** Records a line of battle `id` no snapshot includes yet: its segment is needed. */
  private pin(id: string, place: WalPlace): void {
    this.cutNeeded.add(id);
    const places = this.placesOf.get(id);
    if (places) places.push(place);
    else this.placesOf.set(id, [place]);
    const battles = this.pinned.get(place.seq);
    if (battles) battles.add(id);
    else this.pinned.set(place.seq, new Set([id]));
  }

  /** Battle `id` no longer needs any line before now (its snapshot includes them, or it is deleted). */
  private unpin(id: string): void {
    for (const { seq } of this.placesOf.get(id) ?? []) this.pinned.get(seq)?.delete(id);
    this.placesOf.delete(id);
  }

  /**
   * A snapshot (or a delete) makes every earlier line of the battle obsolete:
   * a cut line in the log says so to later loads (a snapshot of fewer actions
   * than were logged, or a battle created again under a deleted id, must not
   * pick them up), then the segments no other battle needs are removed.
   */
  private async dropEntries(id: string): Promise<void> {
    if (this.legacy.delete(id)) await fs.rm(this.journalOf(id), { force: true });
    if (!this.cutNeeded.has(id)) return;
    const cut = walLine(id, { cut: true });
    await this.wal().write(cut, Buffer.byteLength(cut));
    this.cutNeeded.delete(id);
    this.cuts += 1;
    this.unpin(id);
    this.afterWrite();
  }

  /**
   * Removes the oldest segments while no battle needs them (never the one
   * being written), then, when more than maxSegments remain, compacts the
   * oldest. Oldest first: a segment holding a battle's cut goes only after
   * those holding its earlier lines, so no line the cut made obsolete ever
   * outlives it. Run after a write once a cut was written or the log moved
   * to a new segment since the last run (else nothing changed); never two
   * at once.
   */
  private afterWrite(): void {
    const current = this.wal().current;
    if (
      this.sweeping ||
      this.closed ||
      (current === this.swept.seq && this.cuts === this.swept.cuts)
    )
      return;
    this.swept = { seq: current, cuts: this.cuts };
    this.sweeping = this.sweep()
      .catch((e) => console.warn(`[lames] battle log cleanup failed: ${(e as Error).message}`))
      .finally(() => {
        this.sweeping = null;
      });
  }

  private async sweep(): Promise<void> {
    const wal = this.wal();
    await this.removeUnneeded();
    // Each segment at most once per sweep: a copy may itself start a segment.
    for (let excess = wal.segments().length - this.options.maxSegments; excess > 0; excess--) {
      const oldest = wal.segments()[0];
      if (oldest === wal.current || wal.segments().length <= this.options.maxSegments) break;
      await this.compact(oldest);
      await this.removeUnneeded();
    }
  }

  private async removeUnneeded(): Promise<void> {
    const wal = this.wal();
    for (const seq of [...wal.segments()]) {
      if (seq === wal.current || this.pinned.get(seq)?.size) break;
      this.pinned.delete(seq);
      await wal.remove(seq);
    }
  }

  /**
   * Copies the lines of the oldest segment still needed (battles idle since,
   * or left by a crash and not played again) to the end of the log, so that
   * the segment can go: the log stays within about maxSegments segments
   * whatever the battles do. The lines copied are those whose places the
   * store keeps. After a crash between a copy and the segment's removal a
   * line exists twice: load keeps one per action index.
   */
  private async compact(seq: number): Promise<void> {
    const battles = this.pinned.get(seq);
    if (!battles?.size) return;
    await Promise.all(
      [...battles].map((id) =>
        this.queue.run(id, async () => {
          const places = this.placesOf.get(id) ?? [];
          // None when a snapshot taken meanwhile made them obsolete.
          const moved = places.filter((p) => p.seq === seq);
          const texts = moved.length > 0 ? await this.wal().readAt(seq, moved) : [];
          const text = texts.join('');
          const to =
            texts.length > 0 ? await this.wal().write(text, Buffer.byteLength(text)) : null;
          battles.delete(id);
          if (!to) return;
          this.placesOf.set(
            id,
            places.filter((p) => p.seq !== seq),
          );
          let offset = to.offset;
          for (const t of texts) {
            const length = Buffer.byteLength(t);
            this.pin(id, { seq: to.seq, offset, length });
            offset += length;
          }
        }),
      ),
    );
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
      if (!this.index.has(id))
        throw new Error(`Cannot chat in battle ${id}: it has no saved record`);
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
    return this.queue.run(id, () => this.read(id));
  }

  async delete(id: string): Promise<void> {
    this.assertOpen();
    assertId(id);
    await this.queue.run(id, async () => {
      await fs.rm(this.fileOf(id), { force: true });
      await this.dropEntries(id);
      await fs.rm(this.chatOf(id), { force: true });
      this.chatLines.delete(id);
      this.index.delete(id);
      await syncDir(this.dir);
    });
  }

  async listListed(
    page: number,
    pageSize: number,
  ): Promise<{ battles: BattleSummary[]; total: number }> {
    this.assertOpen();
    const listed = [...this.index.values()]
      .flatMap((e) => (e.summary?.listed && e.summary.status !== 'ended' ? [e.summary] : []))
      // By public moment, never by last action (persistence/public-moment.ts).
      .sort(
        (a, b) =>
          Date.parse(b.publicAt) - Date.parse(a.publicAt) || a.battleId.localeCompare(b.battleId),
      );
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
      .flatMap(([id, e]) =>
        e.clockDue !== null && e.clockDue <= at ? [{ id, due: e.clockDue }] : [],
      )
      .sort((a, b) => a.due - b.due || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((e) => e.id);
  }

  /**
   * Reads every battle once, at open: afterwards the lobby is answered from
   * this index alone. The log is read once, segment after segment, keeping
   * per battle only the action indexes after its last cut, the segments
   * holding them and the last line; the segments no battle needs are
   * removed, and the next write starts a new one.
   */
  async buildIndex(): Promise<void> {
    this.log = await WriteAheadLog.open(this.dir, this.options.segmentBytes, () =>
      syncDir(this.dir),
    );
    const logged = new Map<string, { ns: number[]; places: WalPlace[]; last: WalLine | null }>();
    for (const seq of this.log.segments()) {
      for (const line of await this.log.scan(seq)) {
        let seen = logged.get(line.id);
        if (!seen || line.value.cut)
          logged.set(line.id, (seen = { ns: [], places: [], last: null }));
        this.cutNeeded.add(line.id);
        if (line.value.cut) continue;
        const n = line.value.n as number;
        seen.ns.push(n);
        seen.places.push({ seq, offset: line.offset, length: line.length });
        if (!seen.last || n >= (seen.last.value.n as number)) seen.last = line;
      }
    }
    const names = await fs.readdir(this.dir);
    for (const name of names) {
      if (name.endsWith(JOURNAL_SUFFIX)) this.legacy.add(name.slice(0, -JOURNAL_SUFFIX.length));
    }
    for (const name of names) {
      const id = RECORD_FILE.exec(name)?.[1];
      if (!id) continue;
      try {
        const stored = await this.readSnapshot(id);
        if (!stored) continue;
        const old = await this.readLegacy(id);
        const seen = logged.get(id);
        const last = seen?.last
          ? lineEntry(seen.last, `battle log ${this.log.fileOf(seen.last.seq)}`)
          : old[old.length - 1];
        const ns = [...old.map((l) => l.entry.n), ...(seen?.ns ?? [])];
        const after = entriesAfter(
          uniqueSorted(ns).map((n) => ({ n }) as JournalEntry),
          stored.actions ?? 0,
          `battle ${id}`,
        );
        if (after.length === 0) {
          this.index.set(id, entryOf(stored));
          continue;
        }
        this.index.set(id, entryOfHead(last.head, withHead(stored, last.head)));
        for (const place of seen?.places ?? []) this.pin(id, place);
      } catch (e) {
        // One damaged file must not hide every other battle from the lobby;
        // loading that battle still fails with the same message.
        if (!(e instanceof CorruptRecordError)) throw e;
        console.warn(`[lames] skipping ${e.message}`);
      }
    }
    await this.sweep();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.idle();
    await this.sweeping;
    // A last cleanup, none having run since the last writes: the directory is left as small as it can be.
    if (this.log)
      await this.sweep().catch((e) =>
        console.warn(`[lames] battle log cleanup failed: ${(e as Error).message}`),
      );
    await this.log?.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The battle store is closed');
  }

  /** The snapshot alone, or null without one. */
  private async readSnapshot(id: string): Promise<StoredBattle | null> {
    const file = this.fileOf(id);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    return parseFile(text, file, id);
  }

  /** The lines of a journal left by a version before the log (`<id>.journal`), [] when none. */
  private async readLegacy(id: string): Promise<JournalLine[]> {
    if (!this.legacy.has(id)) return [];
    let text: string;
    try {
      text = await fs.readFile(this.journalOf(id), 'utf8');
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    return parseJournal(text, `battle journal ${this.journalOf(id)}`);
  }

  /** The snapshot and the logged entries after it, in order, with the head of the last one. */
  private async read(id: string): Promise<StoredBattle | null> {
    const stored = await this.readSnapshot(id);
    if (!stored) return null;
    // The old journal's lines come first: after the upgrade the battle appends to the log.
    const byIndex = new Map<number, JournalLine>();
    for (const line of await this.readLegacy(id)) byIndex.set(line.entry.n, line);
    // Only the battle's own lines, read where they lie; a segment once.
    const bySeq = new Map<number, WalPlace[]>();
    for (const place of this.placesOf.get(id) ?? []) {
      const places = bySeq.get(place.seq);
      if (places) places.push(place);
      else bySeq.set(place.seq, [place]);
    }
    for (const [seq, places] of bySeq) {
      const where = `battle log ${this.wal().fileOf(seq)}`;
      for (const [i, text] of (await this.wal().readAt(seq, places)).entries()) {
        const line = parseWalLine(text);
        if (line?.id !== id)
          throw new CorruptRecordError(
            where,
            `byte ${places[i].offset}: not a line of battle ${id}`,
          );
        // One per index: after a crash in the middle of a compaction a line may exist twice.
        const { entry, head } = lineEntry(line, where);
        byIndex.set(entry.n, { entry, head });
      }
    }
    const lines = uniqueSorted([...byIndex.keys()]).map((n) => byIndex.get(n)!);
    const after = entriesAfter(
      lines.map((l) => l.entry),
      stored.actions ?? 0,
      `battle ${id}`,
    );
    if (after.length === 0) return stored;
    withHead(stored, lines[lines.length - 1].head).journal = after;
    return stored;
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
  return {
    summary: summaryOf(record),
    access: record.access,
    updatedAt: record.updatedAt,
    clockDue: clockDueOf(record),
  };
}

/**
 * The index entry of a journal's head. Read back from disk (`stored` given,
 * withHead already applied), a head written before publicAt takes the record's.
 */
function entryOfHead(head: BattleHead, stored?: BattleRecord): IndexEntry {
  const summary =
    stored && head.summary
      ? { ...head.summary, publicAt: head.summary.publicAt ?? publicAtOf(stored) }
      : head.summary;
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
function parseJournal(text: string, where: string): JournalLine[] {
  const lines: JournalLine[] = [];
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

interface JournalLine {
  entry: JournalEntry;
  head: BattleHead;
}

/** The entry and head of a line of the log (its id already read); a line that is not one is a CorruptRecordError. */
function lineEntry(
  line: { id: string; value: Record<string, unknown> },
  where: string,
): JournalLine {
  const { id: _id, head, ...entry } = line.value;
  checkJournalEntry(entry, head, `${where}, battle ${line.id}, action ${String(entry.n)}`);
  return { entry: entry as unknown as JournalEntry, head: head as BattleHead };
}

function uniqueSorted(ns: number[]): number[] {
  return [...new Set(ns)].sort((a, b) => a - b);
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
export async function openFileStore(
  dataDir: string,
  options: Partial<FileStoreOptions> = {},
): Promise<FileStore> {
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
  const store = new FileStore(dir, { ...DEFAULT_OPTIONS, ...options });
  await store.buildIndex();
  return store;
}
