import type { Board, Unit } from '../state/types';

/**
 * The threat field last handed out for each unit on the map, found by the
 * unit's `profiles` object (issue 9). A threat field depends on the board,
 * the unit's hex and facing and what its moves are made of: its movement
 * profile, faculties, size and formation mode (step-table.ts `moverKey`).
 * The rules never change profiles or faculties in place, and every copy of
 * a state or view shares them (state/clone.ts), so they tell one unit from
 * another across the copies made for each action and each seat's view,
 * where the unit objects differ; what a test might change in place is
 * checked with the rest. Checking those few fields costs far less than
 * building the field cache's string key and looking it up (about a
 * microsecond, asked once per enemy by every nearest-threat question).
 * Bounded, first in first out: it only saves a look-up, never decides one.
 */
interface Recent<V> {
  board: Board;
  hex: number;
  facing: number;
  faculties: Unit['faculties'];
  facultyCount: number;
  movement: Unit['profiles']['movement'];
  movementClass: string;
  movementCapacity: string;
  size: Unit['size'];
  formationMode: Unit['formationMode'];
  value: V;
}

export class RecentFields<V> {
  private readonly entries = new Map<object, Recent<V>>();
  constructor(private readonly limit: number) {}

  /** The value kept for this unit where it stands now, if any. */
  get(board: Board, u: Unit): V | undefined {
    const r = this.entries.get(u.profiles);
    if (
      !r ||
      r.board !== board ||
      r.hex !== u.hex ||
      r.facing !== u.facing ||
      r.size !== u.size ||
      r.formationMode !== u.formationMode
    )
      return undefined;
    // A test may change a profile in place: what the moves read of it is checked too.
    const m = u.profiles.movement;
    return r.faculties === u.faculties &&
      r.facultyCount === u.faculties.length &&
      r.movement === m &&
      r.movementClass === m.class &&
      r.movementCapacity === m.capacity
      ? r.value
      : undefined;
  }

  set(board: Board, u: Unit, value: V): void {
    if (!this.entries.has(u.profiles) && this.entries.size >= this.limit)
      this.entries.delete(this.entries.keys().next().value!);
    const m = u.profiles.movement;
    this.entries.set(u.profiles, {
      board,
      hex: u.hex,
      facing: u.facing,
      faculties: u.faculties,
      facultyCount: u.faculties.length,
      movement: m,
      movementClass: m.class,
      movementCapacity: m.capacity,
      size: u.size,
      formationMode: u.formationMode,
      value,
    });
  }
}
