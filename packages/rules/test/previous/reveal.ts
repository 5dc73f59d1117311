// revealSweep as it was before it marked the hexes each side sees once per sweep (issue 9), kept verbatim so that the tests can check the new answers against it.
import { distance } from '../../src/geometry/hex';
import { event, GameEvent } from '../../src/state/events';
import type { GameState } from '../../src/state/types';

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
  const realUnits = state.units.filter((u) => u.hex >= 0);
  const near = (a: number, b: number) => a >= 0 && b >= 0 && distance(state.board, a, b) <= 1;
  // A formation sees from both its hexes (docs/formations.md).
  const seenByEnemyUnit = (side: string, hex: number) => realUnits.some((e) => e.side !== side && (near(e.hex, hex) || (e.secondHex !== undefined && near(e.secondHex, hex))));

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
