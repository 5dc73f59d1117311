/**
 * The file store's write-ahead log (issue 9): one append-only log shared by
 * every battle, in numbered segments `wal-<seq>.log` of JSON lines, each
 * line naming its battle (`{"id":…, …}`).
 *
 * Group commit: one writer. A write asked for while another is on its way to
 * the disk waits, and every write queued meanwhile goes in the next one, a
 * single synced write; each caller's promise resolves once its batch is on
 * disk (with the segment it went to). 1,000 battles appending once a second
 * cost a few synced writes a second instead of 1,000.
 *
 * A segment is created at its first write and the log moves to a new one
 * once it holds segmentBytes, after a failed write (whose end may be a torn
 * line) and at every open (the previous process's last segment may end in a
 * torn line: nothing is ever appended after it). A line that is not JSON can
 * only be the torn end of a batch never acknowledged: readers skip it.
 * Which segments may be removed is the file store's business (file-store.ts).
 */
import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';

const SEGMENT_FILE = /^wal-(\d+)\.log$/;
/**
 * Segments are opened for appending and, where the system has O_DSYNC, with
 * each write returning only once its data is on disk: the same guarantee as
 * a write then fdatasync, in one trip through the thread pool instead of two.
 */
const SYNCED_WRITES = constants.O_DSYNC !== undefined;
const SEGMENT_FLAGS =
  constants.O_APPEND | constants.O_CREAT | constants.O_WRONLY | (constants.O_DSYNC ?? 0);

interface Pending {
  text: string;
  bytes: number;
  resolve: (at: { seq: number; offset: number }) => void;
  reject: (e: unknown) => void;
}

/** Where a line lies: its segment, its first byte's offset there and its length in bytes. */
export interface WalPlace {
  seq: number;
  offset: number;
  length: number;
}

/** One parsed line of a segment: its battle, the rest of its fields and its place. */
export interface WalLine extends WalPlace {
  id: string;
  value: Record<string, unknown>;
}

/** A line of the log: the battle's id first, so that a reader looking for one battle can skip the others unparsed. */
export function walLine(id: string, body: object): string {
  const rest = JSON.stringify(body);
  return `{"id":${JSON.stringify(id)}${rest === '{}' ? '' : ','}${rest.slice(1)}\n`;
}

/** Parses one line of the log; null for a torn line (the end of a batch never acknowledged). */
export function parseWalLine(text: string): { id: string; value: Record<string, unknown> } | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return value && typeof value.id === 'string' ? { id: value.id, value } : null;
  } catch {
    return null;
  }
}

export class WriteAheadLog {
  /** Synced writes made (one per batch), for tests and benches. */
  writes = 0;
  /** Bytes written since open, for tests and benches. */
  bytes = 0;
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private handle: FileHandle | null = null;
  private size = 0;
  /** The segment being written; it is created at its first write. */
  private seq: number;
  /** The segments on disk (and the current one once created), oldest first. */
  private readonly live: number[];

  private constructor(
    readonly dir: string,
    private readonly segmentBytes: number,
    existing: number[],
    private readonly syncDir: () => Promise<void>,
  ) {
    this.live = existing;
    this.seq = (existing[existing.length - 1] ?? 0) + 1;
  }

  /** Lists the segments in `dir`; the next write goes to a new one. */
  static async open(
    dir: string,
    segmentBytes: number,
    syncDir: () => Promise<void>,
  ): Promise<WriteAheadLog> {
    const seqs = (await fs.readdir(dir)).flatMap((name) => {
      const m = SEGMENT_FILE.exec(name);
      return m ? [Number(m[1])] : [];
    });
    return new WriteAheadLog(
      dir,
      segmentBytes,
      seqs.sort((a, b) => a - b),
      syncDir,
    );
  }

  fileOf(seq: number): string {
    return path.join(this.dir, `wal-${String(seq).padStart(8, '0')}.log`);
  }

  /** The segment being written: never removed. */
  get current(): number {
    return this.seq;
  }

  /** The segments on disk, oldest first. */
  segments(): readonly number[] {
    return this.live;
  }

  /**
   * Appends `text` (whole lines, `bytes` long in UTF-8); resolves once it is
   * on disk with where it went: its segment and its first byte's offset there.
   */
  write(text: string, bytes: number): Promise<{ seq: number; offset: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text, bytes, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      const data = batch.map((p) => p.text).join('');
      try {
        const { seq, start } = await this.writeBatch(data);
        let offset = start;
        for (const p of batch) {
          p.resolve({ seq, offset });
          offset += p.bytes;
        }
      } catch (e) {
        // The segment may now end in a torn line: later lines go to a new one.
        await this.rotate().catch(() => undefined);
        for (const p of batch) p.reject(e);
      }
    }
    this.writing = null;
  }

  private async writeBatch(data: string): Promise<{ seq: number; start: number }> {
    if (this.handle && this.size >= this.segmentBytes) await this.rotate();
    if (!this.handle) {
      this.handle = await fs.open(this.fileOf(this.seq), SEGMENT_FLAGS, 0o600);
      this.size = 0;
      this.live.push(this.seq);
      // The new name must be durable before any line in it is acknowledged.
      await this.syncDir();
    }
    const start = this.size;
    await this.handle.writeFile(data, 'utf8');
    if (!SYNCED_WRITES) await this.handle.datasync();
    const length = Buffer.byteLength(data);
    this.size += length;
    this.bytes += length;
    this.writes += 1;
    return { seq: this.seq, start };
  }

  /** Closes the current segment; the next write creates the next one. */
  private async rotate(): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    this.handle = null;
    this.seq += 1;
    await handle.close();
  }

  /** Every whole line of a segment, in order, with its place; torn lines are skipped. */
  async scan(seq: number): Promise<WalLine[]> {
    const data = await fs.readFile(this.fileOf(seq));
    const lines: WalLine[] = [];
    for (let offset = 0; offset < data.length;) {
      const end = data.indexOf(0x0a, offset);
      const stop = end < 0 ? data.length : end + 1;
      const line = parseWalLine(data.toString('utf8', offset, stop));
      if (line) lines.push({ ...line, seq, offset, length: stop - offset });
      offset = stop;
    }
    return lines;
  }

  /** The lines at these places of segment `seq` (as written, newline included), in the order given. */
  async readAt(seq: number, places: readonly WalPlace[]): Promise<string[]> {
    const handle = await fs.open(this.fileOf(seq), 'r');
    try {
      const texts: string[] = [];
      for (const { offset, length } of places) {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        texts.push(buffer.toString('utf8', 0, bytesRead));
      }
      return texts;
    } finally {
      await handle.close();
    }
  }

  /** Removes a segment other than the current one. */
  async remove(seq: number): Promise<void> {
    if (seq === this.seq) throw new Error(`Cannot remove segment ${seq}: it is being written`);
    const i = this.live.indexOf(seq);
    if (i < 0) return;
    this.live.splice(i, 1);
    await fs.rm(this.fileOf(seq), { force: true });
  }

  /** Waits for the writes asked for, then closes the segment. */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    await this.handle?.close();
    this.handle = null;
  }
}
