import type { Board } from '../state/types';

/**
 * A bounded cache of search fields, keyed by what the search reads (issue 9).
 * A threat's or an approach's field depends on the static board and on a few
 * facts of the units it is searched for, not on the state they sit in, so the
 * same field serves every state in which those facts hold: every preview and
 * verdict of an action, and the actions after it until those units move.
 * Bounded, oldest used first out, so that a long-running server keeps a
 * fixed amount of them whatever the number of battles.
 */
export class FieldCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string, make: () => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const made = make();
    this.entries.set(key, made);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }
}

const boardIds = new WeakMap<Board, number>();
let nextBoardId = 0;

/** A number for each board object, for cache keys: a board never changes once built (state/types.ts). */
export function boardId(board: Board): number {
  let id = boardIds.get(board);
  if (id === undefined) boardIds.set(board, (id = nextBoardId++));
  return id;
}
