/**
 * Counts failed credential attempts (wrong seat key, invite or claim) per
 * client address. A few failures per minute are free; beyond them the
 * address must wait before its next attempt, and the wait doubles with each
 * further failure (up to 15 minutes). The doubling is only forgotten after a
 * quiet period without any failure, so waiting each wait out does not reset
 * it: a guesser gets a handful of tries, then one try per quarter of an hour.
 *
 * Memory stays bounded: at most `maxEntries` addresses are tracked, the one
 * whose last failure is oldest being dropped first.
 *
 * First written by S1 (seats) for onAuth; completed by S2 (limits) behind the
 * same interface.
 */
export interface AttemptThrottleOptions {
  /** Failures allowed per window before waits begin (5). */
  freeFailures?: number;
  /** The window the free failures are counted in (one minute). */
  windowMs?: number;
  /** The first wait; it doubles with each failure beyond the free ones (2 s). */
  baseWaitMs?: number;
  /** The longest wait (15 minutes). */
  maxWaitMs?: number;
  /** Time without a failure, once any wait is over, after which an address is forgotten (15 minutes). */
  quietMs?: number;
  /** How many addresses are tracked at most (100 000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  /** When the failures still inside the window happened, oldest first. */
  recent: number[];
  /** Failures beyond the free ones since the address was last forgotten. */
  excess: number;
  lastFailure: number;
  blockedUntil: number;
}

export class AttemptThrottle {
  // A Map iterates in insertion order: re-inserting on each failure keeps the
  // least recently failing address first, the one to evict.
  private readonly entries = new Map<string, Entry>();
  private readonly free: number;
  private readonly windowMs: number;
  private readonly baseWaitMs: number;
  private readonly maxWaitMs: number;
  private readonly quietMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: AttemptThrottleOptions = {}) {
    this.free = options.freeFailures ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
    this.baseWaitMs = options.baseWaitMs ?? 2_000;
    this.maxWaitMs = options.maxWaitMs ?? 15 * 60_000;
    this.quietMs = options.quietMs ?? 15 * 60_000;
    this.maxEntries = Math.max(1, options.maxEntries ?? 100_000);
    this.now = options.now ?? Date.now;
  }

  /** Null when the address may try now, else the whole seconds it must wait. */
  check(ip: string): number | null {
    const entry = this.current(ip);
    if (!entry) return null;
    const wait = entry.blockedUntil - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : null;
  }

  failure(ip: string): void {
    const now = this.now();
    const entry = this.current(ip) ?? { recent: [], excess: 0, lastFailure: now, blockedUntil: 0 };
    entry.recent = entry.recent.filter((t) => now - t < this.windowMs);
    entry.recent.push(now);
    entry.lastFailure = now;
    // Once an address has been made to wait, every failure until it is
    // forgotten counts beyond the free ones.
    if (entry.excess > 0 || entry.recent.length > this.free) {
      entry.excess += 1;
      const wait = Math.min(this.maxWaitMs, this.baseWaitMs * 2 ** Math.min(entry.excess - 1, 30));
      entry.blockedUntil = Math.max(entry.blockedUntil, now + wait);
      // Only the count of the window matters once waits began.
      entry.recent = entry.recent.slice(-this.free);
    }
    this.entries.delete(ip);
    if (this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(ip, entry);
  }

  /**
   * A right credential. The failures are kept: an address could otherwise
   * alternate its own valid key with guesses and never wait.
   */
  success(ip: string): void {
    void ip;
  }

  /** How many addresses are tracked (for tests of the memory bound). */
  get size(): number {
    return this.entries.size;
  }

  private current(ip: string): Entry | undefined {
    const entry = this.entries.get(ip);
    if (!entry) return undefined;
    const now = this.now();
    if (
      now >= entry.blockedUntil &&
      now - Math.max(entry.lastFailure, entry.blockedUntil) >= this.quietMs
    ) {
      this.entries.delete(ip);
      return undefined;
    }
    return entry;
  }
}
