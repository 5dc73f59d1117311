import { Audience, event, EventBody, GameEvent } from '../state/events';
import type { GameState } from '../state/types';

/**
 * Tells an event about a piece: to everyone when the piece is in the open;
 * when it is under a cover, the owner hears it by name and the others hear
 * the same event about the cover marker.
 */
export function announce(state: GameState, piece: string, body: (name: string) => EventBody, section: string): GameEvent[] {
  const cover = coverOfPiece(state, piece);
  if (!cover) return [event(body(piece), section)];
  const owner: Audience = { to: 'owner', side: cover.side };
  const others: Audience = { to: 'others', side: cover.side };
  return [event(body(piece), section, owner), event(body(cover.id), section, others)];
}

export function coverOfPiece(state: GameState, piece: string): { id: string; side: string } | null {
  const unit = state.units.find((u) => u.id === piece);
  if (unit?.hidden && unit.coverId) return { id: unit.coverId, side: unit.side };
  const decoy = state.decoys.find((d) => d.id === piece);
  return decoy ? { id: decoy.coverId, side: decoy.side } : null;
}

/** An event about a piece's own state (its breath, its facing): everyone hears it unless the piece is under a cover. */
export function tell(state: GameState, piece: string, body: EventBody, section: string): GameEvent {
  const cover = coverOfPiece(state, piece);
  return event(body, section, cover ? { to: 'owner', side: cover.side } : { to: 'all' });
}
