import { piecesToActivate, type GameState, type Seat } from '@lames/rules';

/**
 * Keyboard selection (issue 11): what a player without a mouse uses to pick
 * a piece and a hex. Tab stays the browser's focus order (the panel's
 * buttons must stay reachable for screen readers), so pieces cycle on N /
 * Shift+N; an open interaction's hexes on ] / [; a move's facing on . / ,.
 * Pure, so the order and the wrap-around are tested without a DOM.
 */
export type SelectKey = { kind: 'piece' | 'candidate' | 'facing'; dir: 1 | -1 };

export function selectKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): SelectKey | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'n':
      return { kind: 'piece', dir: 1 };
    case 'N':
      return { kind: 'piece', dir: -1 };
    case ']':
      return { kind: 'candidate', dir: 1 };
    case '[':
      return { kind: 'candidate', dir: -1 };
    case '.':
      return { kind: 'facing', dir: 1 };
    case ',':
      return { kind: 'facing', dir: -1 };
    default:
      return null;
  }
}

/**
 * The item after (dir 1) or before (dir -1) `current`, wrapping around; the
 * first (or last) when `current` is not in the list; null for an empty list.
 */
export function cycle<T>(list: readonly T[], current: T | null, dir: 1 | -1): T | null {
  if (list.length === 0) return null;
  const at = current === null ? -1 : list.indexOf(current);
  if (at < 0) return dir === 1 ? list[0] : list[list.length - 1];
  return list[(at + dir + list.length) % list.length];
}

/**
 * The seat's pieces on the map that can still act this turn: the piece being
 * activated, then those not yet activated (§ piecesToActivate), in the map's
 * hex order (ties in the rules' order, which sorts covered pieces by cover
 * id, never by what the cover hides).
 */
export function actablePieces(view: GameState, seat: Seat): string[] {
  if (seat === 'referee' || seat === 'spectator' || view.activeSide !== seat) return [];
  const hexOf = (id: string) => view.units.find((u) => u.id === id)?.hex ?? view.decoys.find((d) => d.id === id)?.hex ?? -1;
  const active = view.activation?.piece;
  const ids = [...new Set([...(active && hexOf(active) >= 0 && view.units.some((u) => u.id === active && u.side === seat) ? [active] : []), ...piecesToActivate(view, seat)])];
  const order = new Map(ids.map((id, i) => [id, i]));
  return ids.filter((id) => hexOf(id) >= 0).sort((a, b) => hexOf(a) - hexOf(b) || order.get(a)! - order.get(b)!);
}

/** Hexes in the map's order, each once: how every interaction lists its candidates. */
export function hexOrder(hexes: Iterable<number>): number[] {
  return [...new Set(hexes)].filter((h) => h >= 0).sort((a, b) => a - b);
}
