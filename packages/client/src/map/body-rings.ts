import { bodyHexes, type GameState } from '@lames/rules';

/**
 * Which hexes a selection or a hover rings (§3.3: a formation is one unit on
 * two hexes, so picking or pointing at it rings both). Pure questions on the
 * view; highlights.ts draws the rings and the page composes them.
 */

/** The hexes of the selected piece: a formation's two, a counter's one; `fallback` when no piece is selected. */
export function selectionHexes(view: GameState, selected: string | null, fallback: number): number[] {
  const unit = selected ? view.units.find((u) => u.id === selected) : undefined;
  if (unit && unit.hex >= 0) return bodyHexes(unit);
  return fallback >= 0 ? [fallback] : [];
}

/** The two hexes of a formation standing in the hovered hex; none when no formation stands there (a hover rings nothing else). */
export function hoverHexes(view: GameState, hex: number): number[] {
  if (hex < 0) return [];
  const formation = view.units.find((u) => u.secondHex !== undefined && u.hex >= 0 && (u.hex === hex || u.secondHex === hex));
  return formation ? bodyHexes(formation) : [];
}
