import type { GameState, SideId } from '../state/types';

/**
 * The pieces a side must activate this turn (§2.4): its units and decoys on
 * the map, and those off it that may try to come back (§2.6.10.2: a later
 * turn than the one they left, at any of the side's activations). An
 * off-map piece's activation is its return roll (returnToMap), or nothing
 * when the player ends his turn.
 *
 * The order uses public facts only, since ending the turn activates the
 * pieces in this order and the others hear it: pieces in the open first, in
 * the state's order, then every piece under a cover (hidden unit or decoy
 * alike, sheet 000 Leurres) by its cover's opaque id.
 */
export function piecesToActivate(state: GameState, side: SideId): string[] {
  const units = state.units.filter((u) => u.side === side && u.order !== 'activated' && (u.hex >= 0 || mayTryToReturn(state, u)));
  const decoys = state.decoys.filter((d) => d.side === side && !d.activated && (d.hex >= 0 || mayTryToReturn(state, d)));
  const open = units.filter((u) => !(u.hidden && u.coverId)).map((u) => u.id);
  const covered = [...units.filter((u) => u.hidden && u.coverId).map((u) => ({ id: u.id, cover: u.coverId! })), ...decoys.map((d) => ({ id: d.id, cover: d.coverId }))];
  covered.sort((a, b) => (a.cover < b.cover ? -1 : a.cover > b.cover ? 1 : 0));
  return [...open, ...covered.map((c) => c.id)];
}

/**
 * Off the map in order since an earlier turn (§2.6.10.2). A decoy waits
 * there as a unit would (movement/off-map.ts), so that its owner's turn goes
 * the same way whatever left under a cover.
 */
export function mayTryToReturn(state: GameState, piece: { offMap?: { turn: number }; destroyed?: boolean }): boolean {
  return !!piece.offMap && !piece.destroyed && piece.offMap.turn < state.turn;
}

export function isActivated(state: GameState, piece: string): boolean {
  const unit = state.units.find((u) => u.id === piece);
  if (unit) return unit.order === 'activated';
  return state.decoys.find((d) => d.id === piece)?.activated ?? false;
}

/** A side plays its turn while it has a piece on the map or one that may come back (§2.4, §2.6.10.2). */
export function hasPieces(state: GameState, side: SideId): boolean {
  return state.units.some((u) => u.side === side && (u.hex >= 0 || mayTryToReturn(state, u))) || state.decoys.some((d) => d.side === side && (d.hex >= 0 || mayTryToReturn(state, d)));
}
