import { type GridSize, hexLabel, parseHexLabel } from '../geometry/hex';
import type { Facing } from '../geometry/facing';
import { mayEnterTerrain } from '../units/abilities';
import { STACK_LIMIT, stackPoints } from '../units/stacking';
import { MANOEUVRE_MODES } from '../data/schemas';
import type { Scenario } from './schema';
import { zoneHexes } from './zone';
import { facingFits } from '../units/body';
import { formationTerrain } from '../units/formation-ground';
import type { Terrain } from '../data/schemas';

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
    issues.push(...bodyIssues(grid, u, path));
    if (u.secondHex !== undefined) issues.push(...formationProfileIssues(s, u, path));
    issues.push(...modeIssues(u, path));
    const labels = u.secondHex === undefined ? [['hex', u.hex]] : [['hex', u.hex], ['secondHex', u.secondHex]];
    for (const [field, label] of labels) {
      const h = onMap(label, `${path}.${field}`);
      if (h < 0) continue;
      if (!mayEnterTerrain(u, terrainOf(h) as never)) issues.push(`${path}.${field}: ${u.name} may not stand on ${terrainOf(h)} (${label})`);
      if (u.secondHex !== undefined && !formationTerrain(terrainOf(h) as Terrain)) issues.push(`${path}.${field}: a formation stands on clear terrain only (${label}, §3.3.7)`);
      const here = points.get(h) ?? { side: u.side, points: 0 };
      if (here.side !== u.side) issues.push(`${path}.${field}: ${label} already holds an enemy unit`);
      // A formation counts its points in each of its hexes.
      here.points += stackPoints(u);
      if (here.points > STACK_LIMIT) issues.push(`${path}.${field}: ${label} exceeds ${STACK_LIMIT} stacking points`);
      points.set(h, here);
    }
  });
  issues.push(...sharedIdIssues(s));
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

/**
 * Sides, wings and units share one namespace: the events, the log and the
 * result name each of them by its id alone, so a wing sharing a unit's id
 * would lend the unit its name.
 */
function sharedIdIssues(s: Scenario): string[] {
  const kinds = new Map<string, string>();
  const issues: string[] = [];
  const claim = (id: string, path: string) => {
    const first = kinds.get(id);
    if (first) issues.push(`${path}.id: "${id}" is already the id of ${first}`);
    else kinds.set(id, path);
  };
  s.sides.forEach((side, i) => claim(side.id, `sides[${i}]`));
  s.sides.forEach((side, i) => side.wings.forEach((w, j) => claim(w.id, `sides[${i}].wings[${j}]`)));
  const units = new Set<string>();
  s.units.forEach((u, i) => {
    // a unit used twice is reported by the units' own check
    if (!units.has(u.id)) claim(u.id, `units[${i}]`);
    units.add(u.id);
  });
  return issues;
}

/** A unit deployed hidden: a troop whose place its player chooses (§4.5.2). */
/** A unit's body (docs/formations.md): 1–6 steps on one hex; a formation a large troop of 3–12 steps on two adjacent hexes at 90° to its vertex facing (§3.3, l.2122, l.2124). */
function bodyIssues(grid: GridSize, u: Scenario['units'][number], path: string): string[] {
  if (u.secondHex === undefined) return u.steps > 6 ? [`${path}.steps: a unit on one hex has at most 6 steps (a formation has two hexes)`] : [];
  const issues: string[] = [];
  if (u.kind !== 'troop' || u.size !== 'large') issues.push(`${path}.secondHex: only large troops form (§3.3, l.2116)`);
  if (u.steps < 3) issues.push(`${path}.steps: a formation has 3 to 12 steps (§3.3, l.2124)`);
  const hex = parseHexLabel(grid, u.hex!);
  const second = parseHexLabel(grid, u.secondHex);
  const board = { ...grid, terrain: [], altitude: [], hexsides: {}, features: {} };
  if (hex >= 0 && second >= 0 && !facingFits(board, { hex, secondHex: second }, (u.facing ?? 0) as Facing)) {
    issues.push(`${path}.secondHex: a formation's two hexes touch at 90° to its vertex facing (§3.3, l.2122)`);
  }
  return issues;
}

/** A formation on the map is a counter of its type's formation profiles (§3.3, l.2157, PRE-06). */
function formationProfileIssues(s: Scenario, u: Scenario['units'][number], path: string): string[] {
  const counter = s.formationProfiles[u.type];
  if (!counter) return [`${path}.type: no formationProfiles for "${u.type}": a formation is a counter of its type's formation profiles (§3.3)`];
  return JSON.stringify(counter) === JSON.stringify(u.profiles) ? [] : [`${path}.profiles: a formation has its type's formationProfiles (§3.3, l.2157)`];
}

/** A mode is a formation's (§3.3.6); tortoise, rotating ranks and hedgehog need the Manoeuvre faculty (l.2270). */
function modeIssues(u: Scenario['units'][number], path: string): string[] {
  if (u.formationMode === undefined) return [];
  if (u.secondHex === undefined) return [`${path}.formationMode: only a formation has a mode (§3.3.6)`];
  return MANOEUVRE_MODES.includes(u.formationMode) && !u.faculties.includes('manoeuvre') ? [`${path}.formationMode: ${u.formationMode} needs the manoeuvre faculty (§3.3.6)`] : [];
}

function hiddenUnitIssues(u: Scenario['units'][number], path: string): string[] {
  const issues: string[] = [];
  if (u.kind !== 'troop') issues.push(`${path}.deployHidden: only troops may deploy hidden`);
  if (u.hex !== undefined) issues.push(`${path}.hex: a unit deployed hidden has no hex (its player places it)`);
  if (u.secondHex !== undefined) issues.push(`${path}.secondHex: a formation is never hidden (§3.3; docs/formations.md)`);
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
