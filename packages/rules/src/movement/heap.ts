/**
 * A binary min-heap of numeric keys ordered by a priority function: the
 * movement search's open list. The priority is read once, when a key is
 * pushed, and kept with it: the searches lower a key's cost and push it again
 * (the stale copy is skipped when popped), and a priority read live would
 * change under a key already placed in the heap and break its order.
 */
export class MinHeap {
  private keys: number[] = [];
  private prios: number[] = [];
  constructor(private readonly priority: (key: number) => number) {}

  get size(): number {
    return this.keys.length;
  }

  /** The priority the next pop has (Infinity when empty); a stale copy may stand there, so it is a lower bound of the next key settled. */
  peekPriority(): number {
    return this.prios.length > 0 ? this.prios[0] : Number.POSITIVE_INFINITY;
  }

  push(key: number): void {
    this.pushWith(key, this.priority(key));
  }

  /** Pushes `key` with a priority the caller has at hand (a search that keeps it elsewhere than by key). */
  pushWith(key: number, priority: number): void {
    this.keys.push(key);
    this.prios.push(priority);
    let i = this.keys.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.prios[p] <= this.prios[i]) break;
      this.swap(p, i);
      i = p;
    }
  }

  pop(): number | undefined {
    const k = this.keys;
    if (k.length === 0) return undefined;
    const top = k[0];
    const lastKey = k.pop()!;
    const lastPrio = this.prios.pop()!;
    if (k.length > 0) {
      k[0] = lastKey;
      this.prios[0] = lastPrio;
      this.sink(0);
    }
    return top;
  }

  private sink(i: number): void {
    const p = this.prios;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < p.length && p[l] < p[m]) m = l;
      if (r < p.length && p[r] < p[m]) m = r;
      if (m === i) return;
      this.swap(m, i);
      i = m;
    }
  }

  private swap(a: number, b: number): void {
    const k = this.keys[a];
    this.keys[a] = this.keys[b];
    this.keys[b] = k;
    const p = this.prios[a];
    this.prios[a] = this.prios[b];
    this.prios[b] = p;
  }
}

/**
 * The bookkeeping of a uniform-cost search over `states` numbered states,
 * shared by the threat fields (threat-field.ts, formation-threat-field.ts):
 * each state's best known cost, the open list, `relax` (a cheaper way to a
 * state not settled yet) and `settle` (the next state, cheapest first, or -1
 * for a stale copy of one already settled).
 */
export function uniformCost(states: number): {
  cost: Float32Array;
  heap: MinHeap;
  relax(k: number, c: number): void;
  settle(): number;
} {
  const cost = new Float32Array(states).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(states);
  const heap = new MinHeap((k) => cost[k]);
  const relax = (k: number, c: number) => {
    if (!done[k] && c < cost[k]) {
      cost[k] = c;
      heap.push(k);
    }
  };
  const settle = (): number => {
    const k = heap.pop()!;
    if (done[k]) return -1;
    done[k] = 1;
    return k;
  };
  return { cost, heap, relax, settle };
}
