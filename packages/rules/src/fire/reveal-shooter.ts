import { event, GameEvent } from '../state/events';
import type { GameState } from '../state/types';

/**
 * A hidden unit that fires takes part in a combat: it is revealed for good,
 * before the shot (A-61, sheet 000 "Unités Cachées"), with the same public
 * `revealed` event as fog/reveal.ts.
 */
export function revealShooter(state: GameState, piece: string): GameEvent[] {
  const u = state.units.find((x) => x.id === piece);
  if (!u?.hidden || !u.coverId) return [];
  const e = event({ type: 'revealed', unit: u.id, cover: u.coverId, hex: u.hex }, 'Fiche mécanismes communs: Unités Cachées');
  u.hidden = false;
  delete u.coverId;
  return [e];
}
