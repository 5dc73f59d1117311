import { z } from 'zod';
import { capacitySchema, commandClassSchema, facultySchema, formationModeSchema, featureSchema, hexsideSchema, lightSchema, moraleClassSchema, movementClassSchema, terrainSchema, weaponClassSchema } from '../data/schemas';
import { weatherSchema } from '../elements/data';
import { NO_VICTORY_CONDITIONS, victorySchema } from './victory-schema';

/**
 * The scenario file format. Hexes are written as printed on the map:
 * column then row, two digits each ("0305"). Facings are 0..11, clockwise
 * from north in 30° steps (even: towards a hexside, odd: towards a vertex).
 */
const text = z.object({ fr: z.string().min(1), en: z.string().min(1) }).strict();
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'lowercase letters, digits and dashes');
const hexLabel = z.string().regex(/^\d{4}$/, 'a hex is written CCRR, e.g. "0305"');
const facing = z.number().int().min(0).max(11);
/** A rectangle of hexes on the printed grid: every column from..to, every row from..to. */
const hexRectangle = z.object({ from: hexLabel, to: hexLabel }).strict();
/** A side's deployment zone (§4.5.2: "sa zone de déploiement telle que définie dans le scénario"): hexes and rectangles. */
/** A counter's four profiles (§2.1.1): class and capacity each. */
const profilesSchema = z
  .object({
    weapon: z.object({ class: weaponClassSchema, capacity: capacitySchema }).strict(),
    command: z.object({ class: commandClassSchema, capacity: capacitySchema }).strict(),
    morale: z.object({ class: moraleClassSchema, capacity: capacitySchema }).strict(),
    movement: z.object({ class: movementClassSchema, capacity: capacitySchema }).strict(),
  })
  .strict();
export const deploymentZoneSchema = z.array(z.union([hexLabel, hexRectangle])).min(1);

export const scenarioSchema = z
  .object({
    id,
    name: text,
    description: text,
    rulesLevel: z.enum(['basic', 'intermediate', 'advanced']),
    turnLimit: z.number().int().min(1).max(99),
    map: z
      .object({
        cols: z.number().int().min(2).max(64),
        rows: z.number().int().min(2).max(64),
        defaultTerrain: terrainSchema.default('clear'),
        terrain: z.partialRecord(terrainSchema, z.array(hexLabel)).default({}),
        altitude: z.record(z.string().regex(/^-?\d+$/, 'an altitude is a whole number'), z.array(hexLabel)).default({}),
        hexsides: z
          .array(z.object({ hex: hexLabel, direction: z.number().int().min(0).max(5), kind: hexsideSchema }).strict())
          .default([]),
        /** Terrain features by hex (wood, village…); the difficulty stays in `terrain`. */
        features: z.partialRecord(featureSchema, z.array(hexLabel)).default({}),
      })
      .strict(),
    sides: z
      .array(
        z
          .object({
            id,
            name: z.string().min(1),
            armyCommander: id.nullable(),
            retreatEdge: z.enum(['north', 'south', 'east', 'west']),
            /** Where the side deploys its hidden units and decoys (§4.5.2); needed when it has units to deploy hidden. */
            deploymentZone: deploymentZoneSchema.optional(),
            /** The side's ammunition source (§3.2.6): a hex; absent, the army commander is the source. */
            ammunitionSource: hexLabel.optional(),
            wings: z
              .array(
                z
                  .object({
                    id,
                    name: z.string().min(1),
                    leader: id.nullable(),
                    directive: z.enum(['attack', 'defend', 'regroup', 'retreat']),
                    morale: z.number().int().min(0).max(20),
                    fatigue: z.number().int().min(0).max(20),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .min(2),
    units: z
      .array(
        z
          .object({
            id,
            name: z.string().min(1),
            side: id,
            wing: id,
            kind: z.enum(['troop', 'character']),
            size: z.enum(['large', 'small']),
            type: z.string().min(1),
            profiles: profilesSchema,
            /** 1–6 for a unit on one hex, 3–12 for a formation (§3.3, l.2124; the cross-check tells which). */
            steps: z.number().int().min(1).max(12),
            faculties: z.array(facultySchema).default([]),
            /** Where an open unit stands; absent for a unit deployed hidden, whose place is its player's secret. */
            hex: hexLabel.optional(),
            /** A formation's second hex (§3.3, l.2122): adjacent to `hex`, at 90° to its vertex facing (docs/formations.md). */
            secondHex: hexLabel.optional(),
            facing: facing.optional(),
            /** A formation's mode (§3.3.6); absent: march. Manoeuvre modes need the faculty (the cross-check tells). */
            formationMode: formationModeSchema.optional(),
            /** The unit deploys hidden (§4.5.2, sheet 000 Unités Cachées): its player places it under a cover in the side's zone. Troops only. */
            deployHidden: z.boolean().default(false),
          })
          .strict(),
      )
      .min(1),
    /**
     * The formation counters of each troop type that may form (§3.3, PRE-06):
     * their own profiles, morale better than the simple troop's (l.2157).
     * The army lists are missing, so scenarios give them (shared README).
     */
    formationProfiles: z.record(z.string().min(1), profilesSchema).default({}),
    victory: victorySchema.default(NO_VICTORY_CONDITIONS),
    /** Day or night (sheet 000, Jour/Nuit): light-fragile units suffer by day. */
    light: lightSchema.default('day'),
    /** Game elements played in each player's turn (§3.4, sheet 003); absent: none are played. `weather`: the marker's opening face (§3.4.4: no weather when the scenario names none). */
    gameElements: z.object({ weather: weatherSchema.optional() }).strict().optional(),
  })
  .strict();

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
