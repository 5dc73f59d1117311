import { parseHexLabel } from '../geometry/hex';
import { mayEnterTerrain } from '../units/abilities';
import { STACK_LIMIT, stackPoints } from '../units/stacking';
import type { Scenario } from './schema';

/**
 * What zod cannot see: ids that must exist and be unique, hexes on the map,
 * units on terrain they may stand on, stacking (§2.3.1), only troops hidden
 * (sheet: "Une Troupe peut être Cachée").
 */
export function crossCheck(s: Scenario): string[] {
  const issues: string[] = [];
  const grid = { cols: s.map.cols, rows: s.map.rows };
  const onMap = (label: string, path: string) => {
    const h = parseHexLabel(grid, label);
    if (h < 0) issues.push(`${path}: "${label}" is off the ${grid.cols}×${grid.rows} map`);
    return h;
  };
  for (const [t, hexes] of Object.entries(s.map.terrain)) (hexes ?? []).forEach((h, i) => onMap(h, `map.terrain.${t}[${i}]`));
  for (const [a, hexes] of Object.entries(s.map.altitude)) hexes.forEach((h, i) => onMap(h, `map.altitude.${a}[${i}]`));
  s.map.hexsides.forEach((h, i) => onMap(h.hex, `map.hexsides[${i}].hex`));

  const sideIds = new Set(s.sides.map((x) => x.id));
  const wings = new Map(s.sides.flatMap((side) => side.wings.map((w) => [w.id, side.id] as const)));
  const unitIds = new Set<string>();
  const terrainOf = (h: number) => {
    for (const [t, hexes] of Object.entries(s.map.terrain)) if ((hexes ?? []).some((l) => parseHexLabel(grid, l) === h)) return t;
    return s.map.defaultTerrain;
  };
  const points = new Map<number, { side: string; points: number }>();
  s.units.forEach((u, i) => {
    const path = `units[${i}]`;
    if (unitIds.has(u.id)) issues.push(`${path}.id: "${u.id}" is used twice`);
    unitIds.add(u.id);
    if (!sideIds.has(u.side)) issues.push(`${path}.side: no side "${u.side}"`);
    if (wings.get(u.wing) !== u.side) issues.push(`${path}.wing: side "${u.side}" has no wing "${u.wing}"`);
    if (u.hidden && u.kind !== 'troop') issues.push(`${path}.hidden: only troops may start hidden`);
    const h = onMap(u.hex, `${path}.hex`);
    if (h < 0) return;
    if (!mayEnterTerrain(u, terrainOf(h) as never)) issues.push(`${path}.hex: ${u.name} may not stand on ${terrainOf(h)} (${u.hex})`);
    const here = points.get(h) ?? { side: u.side, points: 0 };
    if (here.side !== u.side) issues.push(`${path}.hex: ${u.hex} already holds an enemy unit`);
    here.points += stackPoints(u);
    if (here.points > STACK_LIMIT) issues.push(`${path}.hex: ${u.hex} exceeds ${STACK_LIMIT} stacking points`);
    points.set(h, here);
  });
  s.sides.forEach((side, i) => {
    if (side.armyCommander && !unitIds.has(side.armyCommander)) issues.push(`sides[${i}].armyCommander: no unit "${side.armyCommander}"`);
    side.wings.forEach((w, j) => {
      if (w.leader && !unitIds.has(w.leader)) issues.push(`sides[${i}].wings[${j}].leader: no unit "${w.leader}"`);
    });
  });
  issues.push(...victoryIssues(s, sideIds, onMap));
  s.decoys.forEach((d, i) => {
    if (!sideIds.has(d.side)) issues.push(`decoys[${i}].side: no side "${d.side}"`);
    const model = s.units.find((u) => u.id === d.mimic);
    if (!model || model.side !== d.side) issues.push(`decoys[${i}].mimic: side "${d.side}" has no unit "${d.mimic}"`);
    if (unitIds.has(d.id)) issues.push(`decoys[${i}].id: "${d.id}" is used by a unit`);
    onMap(d.hex, `decoys[${i}].hex`);
  });
  return issues;
}

/** Objectives on the map, each named once, scored only by sides that exist. */
function victoryIssues(s: Scenario, sideIds: Set<string>, onMap: (label: string, path: string) => number): string[] {
  const issues: string[] = [];
  const ids = new Set<string>();
  s.victory.objectives.forEach((o, i) => {
    const path = `victory.objectives[${i}]`;
    if (ids.has(o.id)) issues.push(`${path}.id: "${o.id}" is used twice`);
    ids.add(o.id);
    onMap(o.hex, `${path}.hex`);
    (o.sides ?? []).forEach((side, j) => {
      if (!sideIds.has(side)) issues.push(`${path}.sides[${j}]: no side "${side}"`);
    });
  });
  return issues;
}
