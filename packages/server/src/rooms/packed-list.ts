import { deserialize, serialize } from 'node:v8';

/**
 * A list a room only appends to and reads whole now and then, kept packed:
 * one text per append (an action's events, a played action). Issue 9,
 * memory per room: a room keeps its whole event log and its played actions
 * for the snapshots (every SNAPSHOT_EVERY actions) and for the history a
 * seat gets on entering, and as objects they cost several times their
 * packed size (a whole game of the-ford: 51 KiB of log as JSON). Reading
 * unpacks them again, which those rare reads can afford.
 *
 * Packed by the structured clone of node:v8, not JSON: the rules' events
 * hold undefined members and Infinity (an allowance), which JSON would drop
 * or turn into null, and the history a seat receives must stay the same
 * bytes. Each pack is kept as a one-byte string (latin1: a byte per
 * character), a few bytes of header where a Buffer costs a backing store.
 */
export class PackedList<T> {
  private readonly packs: string[] = [];
  private count = 0;

  constructor(items: readonly T[] = []) {
    this.push(...items);
  }

  /** Appends the items as one pack (none for no item). */
  push(...items: T[]): void {
    if (items.length === 0) return;
    this.packs.push(serialize(items).toString('latin1'));
    this.count += items.length;
  }

  get length(): number {
    return this.count;
  }

  /** A fresh copy of every item, in order. */
  items(): T[] {
    const out: T[] = [];
    for (const pack of this.packs)
      for (const item of deserialize(Buffer.from(pack, 'latin1')) as T[]) out.push(item);
    return out;
  }
}
