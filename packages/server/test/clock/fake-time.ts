import type { ClockTimers } from '../../src/rooms/battle-clock';

/** A server time the test moves by hand: advancing it fires the timers that fall due, in order. No test waits for a clock. */
export class FakeTime implements ClockTimers {
  private timers = new Map<number, { at: number; fire: () => void }>();
  private nextId = 1;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimeout(fire: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + ms, fire });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.current = Math.max(this.current, due[1].at);
      due[1].fire();
    }
    this.current = until;
  }
}
