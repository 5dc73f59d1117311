/**
 * Battles created per client address per hour (issue 7: 300 create calls
 * left 300 saved battles). A sliding window: an address may create again as
 * soon as its oldest create of the last hour is an hour old. Memory stays
 * bounded: at most `maxAddresses` addresses, the least recently seen dropped
 * first.
 */
export interface CreateBudgetOptions {
  perHour: number;
  maxAddresses?: number;
  now?: () => number;
}

const HOUR_MS = 3_600_000;

export class CreateBudget {
  // Insertion order = least recently seen first (re-inserted on each create).
  private readonly creates = new Map<string, number[]>();
  private readonly perHour: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;

  constructor(options: CreateBudgetOptions) {
    this.perHour = options.perHour;
    this.maxAddresses = Math.max(1, options.maxAddresses ?? 100_000);
    this.now = options.now ?? Date.now;
  }

  /** Counts one create for `ip`: null when it is allowed, else the whole seconds until the next one would be. */
  take(ip: string): number | null {
    const now = this.now();
    const recent = (this.creates.get(ip) ?? []).filter((t) => now - t < HOUR_MS);
    if (recent.length >= this.perHour) {
      this.creates.set(ip, recent);
      return Math.max(1, Math.ceil((recent[0]! + HOUR_MS - now) / 1000));
    }
    recent.push(now);
    this.creates.delete(ip);
    if (this.creates.size >= this.maxAddresses)
      this.creates.delete(this.creates.keys().next().value!);
    this.creates.set(ip, recent);
    return null;
  }
}
