import { GridSize, hexIndex, isOnMap, parseHexLabel } from '../geometry/hex';
import type { Scenario } from './schema';

type ZoneEntry = NonNullable<Scenario['sides'][number]['deploymentZone']>[number];

/**
 * The hexes of a deployment zone (§4.5.2), in index order, each once. A
 * rectangle `{ from, to }` holds every hex whose column and row lie between
 * those of its corners, as a player reads them off the printed grid. Entries
 * off the map are left out here; the scenario's cross-check names them.
 */
export function zoneHexes(grid: GridSize, zone: readonly ZoneEntry[] | undefined): number[] {
  const hexes = new Set<number>();
  for (const entry of zone ?? []) {
    if (typeof entry === 'string') {
      const h = parseHexLabel(grid, entry);
      if (h >= 0) hexes.add(h);
      continue;
    }
    const [c1, r1] = colRow(entry.from);
    const [c2, r2] = colRow(entry.to);
    for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) {
      for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) if (isOnMap(grid, c, r)) hexes.add(hexIndex(grid, c, r));
    }
  }
  return [...hexes].sort((a, b) => a - b);
}

/** Zero-based column and row of a "CCRR" label. */
function colRow(label: string): [number, number] {
  return [Number(label.slice(0, 2)) - 1, Number(label.slice(2, 4)) - 1];
}
