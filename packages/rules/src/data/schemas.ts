import { z } from 'zod';

/** zod schemas of the data files: nothing reaches the rules unvalidated. */

export const CAPACITIES = ['superior', 'advantaged', 'ordinary', 'disadvantaged', 'inferior'] as const;
export const capacitySchema = z.enum(CAPACITIES);
export type Capacity = z.infer<typeof capacitySchema>;

export const MOVEMENT_CLASSES = ['pedestrian', 'equestrian', 'animal', 'wheeled', 'flying', 'floating'] as const;
export const movementClassSchema = z.enum(MOVEMENT_CLASSES);
export type MovementClass = z.infer<typeof movementClassSchema>;

export const TERRAINS = ['clear', 'rough', 'difficult', 'water', 'lava', 'fortification', 'impassable'] as const;
export const terrainSchema = z.enum(TERRAINS);
export type Terrain = z.infer<typeof terrainSchema>;

export const HEXSIDES = ['normal', 'rough', 'impassable', 'water', 'road', 'fortification', 'fortificationEntrance'] as const;
export const hexsideSchema = z.enum(HEXSIDES);
export type Hexside = z.infer<typeof hexsideSchema>;

/**
 * Terrain features a hex carries besides its difficulty (PRE-01): what the
 * rules name by kind — wood and forest (forest adaptation, §3.1), village and
 * town (built-up), marsh, cultivated field. The difficulty stays the terrain's.
 */
export const FEATURES = ['wood', 'forest', 'village', 'town', 'marsh', 'field'] as const;
export const featureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof featureSchema>;

/**
 * Faculties (§3.1, the signs on a counter): each hooks into the rule it
 * changes (units/faculties.ts). manoeuvre, fireImmune, incendiary and
 * caveAdapted belong to formations, fires and environments.
 */
export const FACULTIES = [
  'dodge', 'frightening', 'tireless', 'hedgehog', 'invulnerable', 'forestAdapted', 'lightFragile', 'breath',
  'evanescent', 'climber', 'swimmer', 'fireImmune', 'manoeuvre', 'incendiary', 'caveAdapted', 'regeneration',
] as const;
export const facultySchema = z.enum(FACULTIES);
export type Faculty = z.infer<typeof facultySchema>;

/**
 * A formation's modes (§3.3.6): march is the default and shows no marker;
 * shield wall is open to every formation; the others need the Manoeuvre
 * faculty (l.2268-2276).
 */
export const FORMATION_MODES = ['march', 'shieldWall', 'tortoise', 'rotatingRanks', 'hedgehog'] as const;
export const formationModeSchema = z.enum(FORMATION_MODES);
export type FormationMode = z.infer<typeof formationModeSchema>;
export const MANOEUVRE_MODES: readonly FormationMode[] = ['tortoise', 'rotatingRanks', 'hedgehog'];

/** Ammunition markers (§3.2.3): none means full; diminished gives −1 to fire; exhausted forbids it. */
export const AMMUNITION = ['full', 'diminished', 'exhausted'] as const;
export type Ammunition = (typeof AMMUNITION)[number];

/** Light on the battlefield (sheet 000, Jour/Nuit): light-fragile units suffer by day only. */
export const LIGHTS = ['day', 'night'] as const;
export const lightSchema = z.enum(LIGHTS);
export type Light = z.infer<typeof lightSchema>;

/** Weapon classes the text names (§2.7.2.1); the weapon-system table is indexed by them. */
export const WEAPON_CLASSES = [
  'infantry', 'spearmen', 'lightCavalry', 'mediumCavalry', 'heavyCavalry', 'skirmishers', 'archers',
  'crossbowmen', 'artillery', 'monster', 'dragon', 'beast', 'massive', 'character',
] as const;
export const weaponClassSchema = z.enum(WEAPON_CLASSES);
export type WeaponClass = z.infer<typeof weaponClassSchema>;

/** Command profile classes (§2.5.6). */
export const COMMAND_CLASSES = ['regular', 'irregular', 'chaotic', 'autonomous'] as const;
export const commandClassSchema = z.enum(COMMAND_CLASSES);
export type CommandClass = z.infer<typeof commandClassSchema>;

/** Morale profile classes named by the rules (§2.4.1.1, §2.5.5, §2.8.3.3): steady = Inébranlable. */
export const MORALE_CLASSES = ['normal', 'elite', 'fragile', 'exalted', 'steady', 'magic', 'demonic'] as const;
export const moraleClassSchema = z.enum(MORALE_CLASSES);
export type MoraleClass = z.infer<typeof moraleClassSchema>;

const halfPoints = z.number().refine((n) => Number.isInteger(n * 2) && n >= 0, 'a multiple of ½, at least 0');

export const capacityTableSchema = z.object({
  ranks: z
    .array(
      z.object({
        id: capacitySchema,
        testThreshold: z.number().int().min(2).max(12),
        movementBonus: z.number().int(),
        weaponAttack: z.number().int(),
        weaponDefence: z.number().int(),
        commandMultiplier: z.number().int().min(1),
        magicRange: z.number().int().min(0),
        spellAdvantage: z.number().int(),
      }),
    )
    .length(5),
});

const costSchema = z.union([halfPoints, z.literal('minimal'), z.null()]);
export type TerrainCost = z.infer<typeof costSchema>;

export const movementTableSchema = z.object({
  classes: z
    .array(
      z.object({
        id: movementClassSchema,
        base: z.number().int().min(0),
        reorientFirst: halfPoints,
        reorientEach: halfPoints,
        road: halfPoints.nullable(),
        terrain: z.object(Object.fromEntries(TERRAINS.map((t) => [t, costSchema])) as Record<Terrain, typeof costSchema>),
        roughHexside: halfPoints.nullable(),
        levelUp: halfPoints,
        flying: z.boolean(),
        floating: z.boolean(),
      }),
    )
    .length(MOVEMENT_CLASSES.length),
  crossFriendlyLarge: halfPoints,
  minimalMovementDistanceFactor: z.number().positive(),
  extraMovementFactor: z.number().positive(),
});
export type MovementTable = z.infer<typeof movementTableSchema>;
export type MovementClassRow = MovementTable['classes'][number];

export const terrainTableSchema = z.object({
  terrains: z.array(
    z.object({
      id: terrainSchema,
      chargeAllowed: z.boolean(),
      formationAllowed: z.boolean(),
      shockModifier: z.number().int(),
      fireModifier: z.number().int(),
      effectiveAltitudeBonus: z.number(),
    }),
  ),
  hexsides: z.array(
    z.object({
      id: hexsideSchema,
      crossableBy: z.array(z.enum(['all', 'climber', 'swimmer', 'flyer', 'owner'])).min(1),
      chargeAllowed: z.boolean(),
      shockModifier: z.number().int(),
      /** Fire at a target just behind this hexside (sheet 000, Côté d'Hex). */
      fireModifier: z.number().int(),
    }),
  ),
});
export type TerrainTable = z.infer<typeof terrainTableSchema>;

/** One row of the weapon-system table: an advantage against every weapon class (§2.7.2.1). */
const weaponStep = z.union([z.literal(-4), z.literal(-2), z.literal(0), z.literal(2), z.literal(4)]);
const weaponRow = z.object(Object.fromEntries(WEAPON_CLASSES.map((c) => [c, weaponStep])) as Record<WeaponClass, typeof weaponStep>).strict();

export const weaponSystemsSchema = z.object({
  shock: z.object(Object.fromEntries(WEAPON_CLASSES.map((c) => [c, weaponRow])) as Record<WeaponClass, typeof weaponRow>).strict(),
  /** Fire rows (§3.2.9); skirmishers and light cavalry have none in the text: explicit rows here (A-14, docs/rule-decisions.md). */
  fire: z.object({ archers: weaponRow, crossbowmen: weaponRow, artillery: weaponRow, skirmishers: weaponRow, lightCavalry: weaponRow }).strict(),
  charge: z.object({ bonus: z.number().int(), cavalryBonus: z.number().int(), cavalryClasses: z.array(weaponClassSchema) }),
});
export type WeaponSystems = z.infer<typeof weaponSystemsSchema>;

const lossCount = z.number().int().min(0).max(3);
const terrainShock = z.object({ from: z.number().int(), to: z.number().int() });

/** The combat results table of §2.7.4: nine contiguous advantage columns, rows 2..12 of nine cells. */
export const combatResultsSchema = z
  .object({
    columns: z.array(z.object({ label: z.string(), min: z.number().int().optional(), max: z.number().int().optional() })).length(9),
    rows: z.object(Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((r) => [String(r), z.array(lossCount).length(9)]))).strict(),
    terrain: z.object(Object.fromEntries(TERRAINS.map((t) => [t, terrainShock])) as Record<Terrain, typeof terrainShock>).strict(),
  })
  .refine((t) => t.columns[0].min === undefined && t.columns[8].max === undefined, 'the first column has no minimum and the last no maximum')
  .refine((t) => t.columns.every((c, i) => i === 0 || (c.min !== undefined && c.min === (t.columns[i - 1].max ?? NaN) + 1)), 'columns must be contiguous');
export type CombatResults = z.infer<typeof combatResultsSchema>;

/** Weapon classes that fire (§3.2): the fire table's rows are keyed by them. */
const shooterClass = z.enum(['archers', 'crossbowmen', 'artillery', 'skirmishers', 'lightCavalry']);
const byCapacity = z.object(Object.fromEntries(CAPACITIES.map((c) => [c, z.number().int().min(1)])) as Record<Capacity, z.ZodNumber>).strict();

/** Fire (§3.2, sheets 000 and 003): ranges, rates, combined shots, cones and the fire-only modifiers (data/fire.json). */
export const fireTableSchema = z
  .object({
    $comment: z.string().optional(),
    shooters: z.array(shooterClass).min(1),
    harassers: z.array(shooterClass),
    range: z.partialRecord(shooterClass, z.union([z.number().int().min(1), byCapacity])),
    largeRate: z.partialRecord(shooterClass, byCapacity),
    combinedBonus: z.record(z.string().regex(/^[2-9]$/), z.number().int()),
    cone: z.object({ halfAngle: z.number().min(0).max(180), allRound: z.array(facultySchema) }).strict(),
    rangeMalus: z.partialRecord(shooterClass, z.object({ free: z.number().int().min(0), per: z.number().int().min(1) }).strict()),
    weatherClasses: z.array(shooterClass),
    diminishedAmmunition: z.number().int(),
    terrainIntoOnly: z.array(terrainSchema),
    chargeModifiers: z.boolean(),
  })
  .strict()
  .refine((t) => t.shooters.every((c) => t.range[c] !== undefined), 'every shooter class has a range');
export type FireTable = z.infer<typeof fireTableSchema>;
export type ShooterClass = z.infer<typeof shooterClass>;

const breathRow = z.object(Object.fromEntries(CAPACITIES.map((c) => [c, z.number().int()])) as Record<Capacity, z.ZodNumber>).strict();

/** Breath (§3.1, data/breath.json): the fixed advantage by weapon capacity, with rows of their own for some weapon classes (dragons). */
export const breathTableSchema = z
  .object({ $comment: z.string().optional(), default: breathRow, byWeaponClass: z.partialRecord(weaponClassSchema, breathRow) })
  .strict();
export type BreathTable = z.infer<typeof breathTableSchema>;

const stepsByCapacity = z.object(Object.fromEntries(CAPACITIES.map((c) => [c, z.number().int().min(0).max(12)])) as Record<Capacity, z.ZodNumber>).strict();

const modeEffectsSchema = z
  .object({
    name: z.object({ fr: z.string().min(1), en: z.string().min(1) }).strict(),
    with: z.array(z.enum(['plain', 'manoeuvre'])).min(1),
    shock: z.number().int(),
    fire: z.number().int(),
    movementRanksLower: z.number().int().min(0),
    allFront: z.boolean(),
    noSupportBreath: z.boolean(),
    smallStackOnly: z.boolean(),
  })
  .strict();

/** Formations (§3.3, data/formations.json): steps and figures, the size limit by command capacity, the stacking and crossing thresholds. */
export const formationTableSchema = z
  .object({
    $comment: z.string().optional(),
    steps: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }).strict(),
    stepsPerFigure: z.number().int().min(1),
    maxStepsByCommand: stepsByCapacity,
    noStackFrom: z.union([z.object({ figures: z.number().int().min(1) }).strict(), z.literal('sizeLimit')]),
    crossableUpToFigures: z.number().int().min(0),
    crossableAtLimitWith: facultySchema,
    modes: z.object(Object.fromEntries(FORMATION_MODES.map((m) => [m, modeEffectsSchema])) as Record<FormationMode, typeof modeEffectsSchema>).strict(),
    organisation: z.object({ manoeuvreModifier: z.number().int(), perEngagingEnemy: z.number().int() }).strict(),
  })
  .strict()
  .refine((t) => t.steps.min <= t.steps.max, 'steps.min is at most steps.max');
export type FormationTable = z.infer<typeof formationTableSchema>;
