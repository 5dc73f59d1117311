import { z } from 'zod';
import { parseDataFile } from '../data';
import gameElementsJson from '../data/game-elements.json';

/** The faces of the weather marker (sheet 003, Météo), from the driest to the wettest. */
export const WEATHERS = ['heatwave', 'fair', 'cloudy', 'overcast', 'rain', 'storm'] as const;
export const weatherSchema = z.enum(WEATHERS);
export type Weather = z.infer<typeof weatherSchema>;

const face = z.number().int().min(1).max(6);
const levelRoll = z
  .object({ dice: z.number().int().min(1).max(2), face, max: z.number().int().min(1).max(20) })
  .strict();

const gameElementsSchema = z
  .object({
    $comment: z.string().optional(),
    playAllOn: face,
    wingMorale: levelRoll,
    wingRest: levelRoll,
    weather: z
      .array(
        z
          .object({
            id: weatherSchema,
            name: z.object({ fr: z.string().min(1), en: z.string().min(1) }).strict(),
            rest: z.number().int(),
            fire: z.number().int(),
            movement: z.number().int(),
            noFireTokens: z.number().int().min(0),
            changes: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6']), weatherSchema),
          })
          .strict(),
      )
      .refine(
        (rows) => WEATHERS.every((w) => rows.filter((r) => r.id === w).length === 1),
        'one row for each weather',
      ),
  })
  .strict();

export type LevelRoll = z.infer<typeof levelRoll>;
export type WeatherRow = z.infer<typeof gameElementsSchema>['weather'][number];

export const gameElements = parseDataFile(
  'game-elements.json',
  gameElementsSchema,
  gameElementsJson,
);

export function weatherRow(w: Weather): WeatherRow {
  return gameElements.weather.find((r) => r.id === w)!;
}
