/** A binary min-heap of numeric keys ordered by a priority array: the movement search's open list. */
export class MinHeap {
  private items: number[] = [];
  constructor(private readonly priority: (key: number) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(key: number): void {
    const a = this.items;
    a.push(key);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.priority(a[p]) <= this.priority(a[i])) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }

  pop(): number | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      this.sink(0);
    }
    return top;
  }

  private sink(i: number): void {
    const a = this.items;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && this.priority(a[l]) < this.priority(a[m])) m = l;
      if (r < a.length && this.priority(a[r]) < this.priority(a[m])) m = r;
      if (m === i) return;
      [a[m], a[i]] = [a[i], a[m]];
      i = m;
    }
  }
}
