import { Feature, Hexside, Terrain } from '../data/schemas';
import { Direction, parseHexLabel } from '../geometry/hex';
import { hexsideKey } from '../terrain/board';
import type { Board } from '../state/types';
import { Scenario, scenarioSchema } from './schema';
import { crossCheck } from './cross-check';

/** A scenario that does not hold together; each issue names the bad field by its path. */
export class ScenarioError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid scenario:\n  ${issues.join('\n  ')}`);
  }
}

/** Parses and checks a scenario file: shape first (zod), then the references and placements. */
export function loadScenario(json: unknown): Scenario {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) {
    throw new ScenarioError(parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`));
  }
  const issues = crossCheck(parsed.data);
  if (issues.length > 0) throw new ScenarioError(issues);
  return parsed.data;
}

export function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '') || '(root)';
}

/** The board a scenario describes. */
export function buildBoard(s: Scenario): Board {
  const grid = { cols: s.map.cols, rows: s.map.rows };
  const size = grid.cols * grid.rows;
  const terrain: Terrain[] = new Array(size).fill(s.map.defaultTerrain);
  for (const [t, hexes] of Object.entries(s.map.terrain)) for (const h of hexes ?? []) terrain[parseHexLabel(grid, h)] = t as Terrain;
  const altitude: number[] = new Array(size).fill(0);
  for (const [alt, hexes] of Object.entries(s.map.altitude)) for (const h of hexes) altitude[parseHexLabel(grid, h)] = Number(alt);
  const hexsides: Record<string, Hexside> = {};
  for (const side of s.map.hexsides) {
    hexsides[hexsideKey(grid, parseHexLabel(grid, side.hex), side.direction as Direction)] = side.kind;
  }
  const features: Record<number, Feature> = {};
  for (const [f, hexes] of Object.entries(s.map.features)) for (const h of hexes ?? []) features[parseHexLabel(grid, h)] = f as Feature;
  return { ...grid, terrain, altitude, hexsides, features };
}
