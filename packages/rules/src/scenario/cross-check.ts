import { hexLabel, parseHexLabel } from '../geometry/hex';
import { mayEnterTerrain } from '../units/abilities';
import { STACK_LIMIT, stackPoints } from '../units/stacking';
import type { Scenario } from './schema';
import { zoneHexes } from './zone';

/**
 * What zod cannot see: ids that must exist and be unique, hexes on the map,
 * units on terrain they may stand on, stacking (§2.3.1), only troops deployed
 * hidden (sheet 000: "Une Troupe peut être Cachée si le scénario
 * l'autorise"), each with no place of its own and a zone to deploy in (§4.5.2).
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
    if (isDecoyId(s, u.id)) issues.push(`${path}.id: "${u.id}" is kept for the decoys placed at deployment`);
    if (u.deployHidden) {
      issues.push(...hiddenUnitIssues(u, path));
      return;
    }
    if (u.hex === undefined) issues.push(`${path}.hex: a unit in the open needs a hex (or deployHidden)`);
    if (u.facing === undefined) issues.push(`${path}.facing: a unit in the open needs a facing (or deployHidden)`);
    if (u.hex === undefined) return;
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
  issues.push(...zoneIssues(s, onMap));
  issues.push(...victoryIssues(s, sideIds, onMap));
  return issues;
}

/** A unit deployed hidden: a troop whose place its player chooses (§4.5.2). */
function hiddenUnitIssues(u: Scenario['units'][number], path: string): string[] {
  const issues: string[] = [];
  if (u.kind !== 'troop') issues.push(`${path}.deployHidden: only troops may deploy hidden`);
  if (u.hex !== undefined) issues.push(`${path}.hex: a unit deployed hidden has no hex (its player places it)`);
  if (u.facing !== undefined) issues.push(`${path}.facing: a unit deployed hidden has no facing (its player chooses it)`);
  return issues;
}

/** Decoys are named `<side>-decoy-<n>` when deployment ends: no unit may hold such an id. */
function isDecoyId(s: Scenario, id: string): boolean {
  return s.sides.some((side) => new RegExp(`^${side.id}-decoy-\\d+$`).test(id));
}

/**
 * Deployment zones (§4.5.2): on the map, one for every side with units to
 * deploy hidden, and no hex in two zones, so that no placement can meet an
 * enemy placed out of sight.
 */
function zoneIssues(s: Scenario, onMap: (label: string, path: string) => number): string[] {
  const issues: string[] = [];
  const grid = { cols: s.map.cols, rows: s.map.rows };
  const owner = new Map<number, string>();
  s.sides.forEach((side, i) => {
    const path = `sides[${i}].deploymentZone`;
    (side.deploymentZone ?? []).forEach((entry, j) => {
      if (typeof entry === 'string') onMap(entry, `${path}[${j}]`);
      else for (const corner of ['from', 'to'] as const) onMap(entry[corner], `${path}[${j}].${corner}`);
    });
    if (!side.deploymentZone && s.units.some((u) => u.side === side.id && u.deployHidden)) issues.push(`${path}: side "${side.id}" has units to deploy hidden and needs a zone`);
    for (const h of zoneHexes(grid, side.deploymentZone)) {
      const other = owner.get(h);
      if (other) issues.push(`${path}: ${hexLabel(grid, h)} is also in the zone of side "${other}"`);
      else owner.set(h, side.id);
    }
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
