import type { Cover, GameState, SideId } from '../state/types';

/**
 * The cover markers on the map. A view carries its own list (it cannot look
 * under covers it does not own); the full state derives it from hidden units
 * and decoys. Sorted by id, an opaque random token, so that the order tells
 * nothing of what lies under each.
 */
export function coversOf(state: GameState): Cover[] {
  if (state.covers) return state.covers;
  const covers: Cover[] = [];
  for (const u of state.units) {
    if (u.hidden && u.coverId && u.hex >= 0) covers.push({ id: u.coverId, side: u.side, hex: u.hex, activated: u.order === 'activated' });
  }
  for (const d of state.decoys) if (d.hex >= 0) covers.push({ id: d.coverId, side: d.side, hex: d.hex, activated: d.activated });
  return covers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function enemyCovers(state: GameState, side: SideId): Cover[] {
  return coversOf(state).filter((c) => c.side !== side);
}
