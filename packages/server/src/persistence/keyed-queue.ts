/**
 * Runs the tasks given for one key one after the other, in call order.
 *
 * Two saves of the same battle may overlap (a room saving after each action
 * does not always wait for the previous write). Without a queue the older
 * write could land last and a resumed battle would miss its latest moves.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed save must not block the next one: chain on settlement.
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget the key once idle, so the map does not grow with every battle ever played.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    await Promise.all([...this.tails.values()]);
  }
}
