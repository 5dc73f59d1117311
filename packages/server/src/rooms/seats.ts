import type { Seat } from '@lames/rules';

/**
 * Who holds which seat. A side or the referee seat has one holder, kept
 * through a dropped connection until the reconnection window closes;
 * spectators are counted, not named.
 */
export class SeatBook {
  private readonly holders = new Map<Seat, string>();
  private readonly spectators = new Set<string>();

  isTaken(seat: Seat): boolean {
    return this.holders.has(seat);
  }

  take(seat: Seat, sessionId: string): void {
    if (seat === 'spectator') this.spectators.add(sessionId);
    else this.holders.set(seat, sessionId);
  }

  /** Frees the seat this session holds, if it still holds it. */
  release(seat: Seat, sessionId: string): void {
    if (seat === 'spectator') this.spectators.delete(sessionId);
    else if (this.holders.get(seat) === sessionId) this.holders.delete(seat);
  }

  get spectatorCount(): number {
    return this.spectators.size;
  }
}
