import { z } from 'zod';
import capacitiesJson from './capacities.json';
import movementJson from './movement-table.json';
import terrainJson from './terrain.json';
import weaponSystemsJson from './weapon-systems.json';
import combatResultsJson from './combat-results.json';
import fireJson from './fire.json';
import breathJson from './breath.json';
import formationsJson from './formations.json';
import {
  Capacity,
  capacityTableSchema,
  MovementClass,
  MovementClassRow,
  movementTableSchema,
  terrainTableSchema,
  weaponSystemsSchema,
  combatResultsSchema,
  fireTableSchema,
  breathTableSchema,
  formationTableSchema,
} from './schemas';

export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly issues: string[],
  ) {
    super(`${file}: ${issues.join('; ')}`);
  }
}

/** Validates a data file; the error names the file and each bad field by its path. */
export function parseDataFile<T>(file: string, schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new DataFileError(file, result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}

export const capacityTable = parseDataFile('capacities.json', capacityTableSchema, capacitiesJson);
export const movementTable = parseDataFile('movement-table.json', movementTableSchema, movementJson);
export const terrainTable = parseDataFile('terrain.json', terrainTableSchema, terrainJson);
export const weaponSystems = parseDataFile('weapon-systems.json', weaponSystemsSchema, weaponSystemsJson);
export const combatResults = parseDataFile('combat-results.json', combatResultsSchema, combatResultsJson);
export const fireTable = parseDataFile('fire.json', fireTableSchema, fireJson);
export const breathTable = parseDataFile('breath.json', breathTableSchema, breathJson);
export const formationTable = parseDataFile('formations.json', formationTableSchema, formationsJson);

export function capacityRank(c: Capacity) {
  return capacityTable.ranks.find((r) => r.id === c)!;
}

/** Index 0 (superior) to 4 (inferior). */
export function capacityIndex(c: Capacity): number {
  return capacityTable.ranks.findIndex((r) => r.id === c);
}

export function movementClass(id: MovementClass): MovementClassRow {
  return movementTable.classes.find((c) => c.id === id)!;
}

export * from './schemas';
