import type { GameState, SideId } from '../state/types';

/** The pieces a side must activate this turn (§2.4): its units on the map and its decoys. */
export function piecesToActivate(state: GameState, side: SideId): string[] {
  const units = state.units.filter((u) => u.side === side && u.hex >= 0 && u.order !== 'activated').map((u) => u.id);
  const decoys = state.decoys.filter((d) => d.side === side && !d.activated).map((d) => d.id);
  return [...units, ...decoys];
}

export function isActivated(state: GameState, piece: string): boolean {
  const unit = state.units.find((u) => u.id === piece);
  if (unit) return unit.order === 'activated';
  return state.decoys.find((d) => d.id === piece)?.activated ?? false;
}

export function hasPieces(state: GameState, side: SideId): boolean {
  return state.units.some((u) => u.side === side && u.hex >= 0) || state.decoys.some((d) => d.side === side);
}
