import { Container, Graphics } from 'pixi.js';
import { bodyHexes, type GameState, type GridSize } from '@lames/rules';
import { drawSelectedHex } from './highlights';
import { hexPolygon, hexToWorld, R } from './layout';

/**
 * Which hexes a selection or a hover rings (§3.3: a formation is one unit on
 * two hexes, so picking or pointing at it rings both). Pure questions on the
 * view, then one drawing; the page composes them.
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

/** A ring on each hex: the selected hex's white ring, or a thinner pale one for a hover. */
export function drawBodyHighlight(grid: GridSize, hexes: readonly number[], kind: 'selected' | 'hover'): Container {
  const layer = new Container();
  for (const hex of hexes) {
    layer.addChild(kind === 'selected' ? drawSelectedHex(grid, hex) : new Graphics().poly(hexPolygon(hexToWorld(grid, hex), R - 1.5), true).stroke({ width: 2, color: 0xffe9a8, alpha: 0.75 }));
  }
  return layer;
}
