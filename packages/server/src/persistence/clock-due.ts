import { dueWhileClosed } from '../rooms/clock';
import type { BattleHead } from './store';

/**
 * When a stored battle's time runs out with no room holding it (rooms/clock.ts
 * dueWhileClosed), as both stores index it for the deadline sweep
 * (rooms/deadline-sweep.ts); null for a battle that has ended, was closed by
 * its organiser, or has nothing that can run out.
 */
export function clockDueOf(r: Pick<BattleHead, 'status' | 'access' | 'clock'>): number | null {
  if (r.status === 'ended' || !r.clock || r.access?.closed) return null;
  return dueWhileClosed(r.clock);
}
