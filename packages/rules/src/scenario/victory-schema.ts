import { z } from 'zod';

/**
 * Victory conditions of a scenario (§2.4: "jouer jusqu'à ce que les
 * conditions de victoire de l'un ou l'autre camp soient remplies"; the rules
 * leave them to the scenario). Points are scored against the enemy and for
 * objective hexes held at the end; a side may also lose at once. Every field
 * has a default, so a scenario without conditions plays to its turn limit
 * and ends in a draw.
 */
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'lowercase letters, digits and dashes');
const hexLabel = z.string().regex(/^\d{4}$/, 'a hex is written CCRR, e.g. "0305"');
const points = z.number().int().min(0).max(100);

export const victorySchema = z
  .object({
    /** Victory points a side scores for what the enemy lost, counted at the end. */
    points: z
      .object({
        /** Each enemy step lost (a destroyed unit's steps included). */
        step: points.default(0),
        /** Each enemy unit destroyed, routed off the map included, on top of its steps. */
        unitDestroyed: points.default(0),
        /** Each enemy character destroyed, on top of the above. */
        characterDestroyed: points.default(0),
        /** Each enemy unit off the map at the end, left in order and not come back (§2.6.10). */
        unitOffMap: points.default(0),
        /** Each enemy wing in retreat at the end (§2.5.4). */
        wingInRetreat: points.default(0),
      })
      .strict()
      .default({
        step: 0,
        unitDestroyed: 0,
        characterDestroyed: 0,
        unitOffMap: 0,
        wingInRetreat: 0,
      }),
    /** Hexes worth points to the side holding them at the end: standing in them with a unit not routed. */
    objectives: z
      .array(
        z
          .object({
            id,
            name: z.object({ fr: z.string().min(1), en: z.string().min(1) }).strict(),
            hex: hexLabel,
            points: points.min(1),
            /** The sides that may score it; every side when absent. */
            sides: z.array(id).min(1).optional(),
          })
          .strict(),
      )
      .default([]),
    /** The lead in points needed to win at the turn limit; a smaller one is a draw. */
    margin: z.number().int().min(1).max(100).default(1),
    /** Ends the game at once, after any action, against the side that meets the condition. */
    suddenDeath: z
      .object({
        /** No unit of the side left on the map that is not routed. */
        noUnitAbleToFight: z.boolean().default(false),
        /** Every wing of the side with a unit on the map is in retreat (demoralised, §2.5.4). */
        allWingsInRetreat: z.boolean().default(false),
      })
      .strict()
      .default({ noUnitAbleToFight: false, allWingsInRetreat: false }),
  })
  .strict();

export type VictoryConditions = z.infer<typeof victorySchema>;

export const NO_VICTORY_CONDITIONS: VictoryConditions = victorySchema.parse({});
