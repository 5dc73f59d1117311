import type { Arrival } from '@lames/rules';

/** Pure helpers of the move preview (no Pixi: unit-tested under node). */

/**
 * Reachable arrivals grouped by hex, cheapest first. Leaving the map
 * (§2.6.10) is offered at the edge hex it leaves from, after the facings of
 * the same cost.
 */
export function arrivalsByHex(arrivals: readonly Arrival[]): Map<number, Arrival[]> {
  const by = new Map<number, Arrival[]>();
  for (const a of arrivals) by.set(a.hex, [...(by.get(a.hex) ?? []), a]);
  const exitRank = (a: Arrival) => (a.exit === undefined ? -1 : a.exit);
  for (const list of by.values()) list.sort((a, b) => a.cost - b.cost || exitRank(a) - exitRank(b) || a.facing - b.facing);
  return by;
}

/** A hex where every way in stops the move (a hidden enemy is revealed). */
export function stopsHere(list: readonly Arrival[]): boolean {
  return list.length > 0 && list.every((a) => a.ends === 'reveal');
}
