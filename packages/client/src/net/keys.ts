import type { Seat } from '@lames/rules';

/**
 * The seats this browser holds, one per battle, in localStorage: the seat
 * key is what brings a player back to their seat (a personal link carries the
 * same key). Nothing here is sent anywhere but to the battle itself.
 */

export interface HeldSeat {
  battleId: string;
  seat: Seat;
  key: string;
  battleName: string;
  scenarioId: string;
  /** When the key was stored (ms since the epoch): the lobby lists recent battles first. */
  savedAt: number;
  /** This browser created the battle: it may ask for fresh invites for the seats nobody claimed. */
  creator?: boolean;
}

export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORAGE_KEY = 'lames.seats';

function isHeldSeat(x: unknown): x is HeldSeat {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return typeof o.battleId === 'string' && typeof o.seat === 'string' && typeof o.key === 'string' && typeof o.battleName === 'string' && typeof o.scenarioId === 'string' && typeof o.savedAt === 'number';
}

export class SeatKeys {
  constructor(private readonly storage: KeyStorage | null) {}

  /** Every held seat, most recent first; unreadable entries are skipped. */
  list(): HeldSeat[] {
    let raw: unknown = [];
    try {
      raw = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]');
    } catch {
      raw = [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.filter(isHeldSeat).sort((a, b) => b.savedAt - a.savedAt);
  }

  get(battleId: string): HeldSeat | null {
    return this.list().find((s) => s.battleId === battleId) ?? null;
  }

  /** Stores a seat; a new key for the same battle replaces the old one (it no longer works). */
  save(seat: HeldSeat): void {
    this.write([seat, ...this.list().filter((s) => s.battleId !== seat.battleId)]);
  }

  /** Keeps the key, refreshing what the lobby shows of the battle. */
  update(battleId: string, patch: Partial<Pick<HeldSeat, 'battleName' | 'scenarioId'>>): void {
    const list = this.list();
    const at = list.findIndex((s) => s.battleId === battleId);
    if (at < 0) return;
    list[at] = { ...list[at], ...patch };
    this.write(list);
  }

  forget(battleId: string): void {
    this.write(this.list().filter((s) => s.battleId !== battleId));
  }

  private write(list: HeldSeat[]): void {
    try {
      if (list.length === 0) this.storage?.removeItem(STORAGE_KEY);
      else this.storage?.setItem(STORAGE_KEY, JSON.stringify(list));
    } catch {
      /* storage full or refused: the personal link still works */
    }
  }
}

function browserStorage(): KeyStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The browser's held seats. */
export const seatKeys = new SeatKeys(browserStorage());
