import { distance } from '../geometry/hex';
import { boardIndex } from '../terrain/board';
import { event, GameEvent } from '../state/events';
import type { GameState } from '../state/types';

/**
 * Revealing hidden units and decoys (common-mechanics sheet, "Unités
 * Cachées" and "Leurres"). Until line of sight lands with the fog-of-war
 * chapter, a cover is seen by the enemy when the hexes touch: adjacent units
 * always see each other. The passive player reveals first:
 * - a hidden unit next to an enemy unit is revealed;
 * - a decoy next to an enemy unit is revealed and removed;
 * - a decoy that was moved next to an enemy unit or decoy is removed, and
 *   the enemy need not show itself.
 * Mutates `state`; returns the events, public as every reveal is.
 */
export function revealSweep(state: GameState, moverId?: string): GameEvent[] {
  const events: GameEvent[] = [];
  const near = (a: number, b: number) => a >= 0 && b >= 0 && distance(state.board, a, b) <= 1;
  const seen = seenHexes(state);
  const seenByEnemyUnit = (side: string, hex: number) => {
    if (hex < 0) return false;
    for (const [by, marks] of seen) if (by !== side && marks[hex]) return true;
    return false;
  };

  const toReveal = state.units.filter((u) => u.hidden && u.hex >= 0 && seenByEnemyUnit(u.side, u.hex));
  const toRemove = state.decoys.filter(
    (d) =>
      seenByEnemyUnit(d.side, d.hex) ||
      (d.id === moverId && state.decoys.some((o) => o.side !== d.side && near(o.hex, d.hex))),
  );
  for (const u of toReveal) {
    events.push(event({ type: 'revealed', unit: u.id, cover: u.coverId!, hex: u.hex }, 'Fiche mécanismes communs: Unités Cachées'));
    u.hidden = false;
    delete u.coverId;
  }
  for (const d of toRemove) {
    events.push(event({ type: 'decoyRemoved', cover: d.coverId, hex: d.hex }, 'Fiche mécanismes communs: Leurres'));
  }
  state.decoys = state.decoys.filter((d) => !toRemove.includes(d));
  return events;
}

/**
 * The hexes each side's units on the map see (a hex of their body or one
 * next to it, a formation from both its hexes, docs/formations.md), marked
 * once per sweep (issue 9: asking every unit's distance for each cover cost
 * more than the rest of the sweep).
 */
function seenHexes(state: GameState): Map<string, Uint8Array> {
  const idx = boardIndex(state.board);
  const seen = new Map<string, Uint8Array>();
  const mark = (marks: Uint8Array, hex: number) => {
    if (hex < 0) return;
    marks[hex] = 1;
    for (let d = 0; d < 6; d++) if (idx.neighbours[hex * 6 + d] >= 0) marks[idx.neighbours[hex * 6 + d]] = 1;
  };
  for (const e of state.units) {
    if (e.hex < 0) continue;
    let marks = seen.get(e.side);
    if (!marks) seen.set(e.side, (marks = new Uint8Array(idx.size)));
    mark(marks, e.hex);
    if (e.secondHex !== undefined) mark(marks, e.secondHex);
  }
  return seen;
}
