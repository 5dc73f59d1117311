import type { GameState, SideId } from '../state/types';

/** Wings of the side whose morale marker must still be activated this turn (§2.5.10.1). */
export function wingMoralePending(state: GameState, side: SideId): boolean {
  return state.wings.some((w) => w.side === side && w.shakenMarkers > 0);
}
