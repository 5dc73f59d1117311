import type { Seat } from '@lames/rules';

/**
 * Which connection sits in which seat right now. A seat belongs to whoever
 * holds its key (rooms/access.ts); this only says who is here: a side or the
 * referee seat has at most one connection, kept through a dropped connection
 * until it comes back or its reconnection window closes; spectators are counted.
 */
export class SeatBook {
  private readonly holders = new Map<Seat, string>();
  private readonly dropped = new Set<string>();
  private readonly spectators = new Set<string>();

  /** The session sitting in the seat, if any. */
  holder(seat: Seat): string | undefined {
    return this.holders.get(seat);
  }

  holds(seat: Seat, sessionId: string): boolean {
    return seat === 'spectator' ? this.spectators.has(sessionId) : this.holders.get(seat) === sessionId;
  }

  /** Seats the session; whoever sat there before no longer does. */
  take(seat: Seat, sessionId: string): void {
    if (seat === 'spectator') this.spectators.add(sessionId);
    else this.holders.set(seat, sessionId);
  }

  /** The session leaves the seat, if it still sits there. */
  release(seat: Seat, sessionId: string): void {
    this.dropped.delete(sessionId);
    if (seat === 'spectator') this.spectators.delete(sessionId);
    else if (this.holders.get(seat) === sessionId) this.holders.delete(seat);
  }

  /** The session's connection dropped (true) or came back (false). */
  setDropped(sessionId: string, dropped: boolean): void {
    if (dropped) this.dropped.add(sessionId);
    else this.dropped.delete(sessionId);
  }

  connected(seat: Seat): boolean {
    const holder = this.holders.get(seat);
    return holder !== undefined && !this.dropped.has(holder);
  }

  get spectatorCount(): number {
    return this.spectators.size;
  }
}
