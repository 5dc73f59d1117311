import { z } from 'zod';
import { parseDataFile } from '../data';
import facultiesJson from '../data/faculties.json';
import { Weather, WEATHERS } from '../elements/data';

/**
 * data/faculties.json: the numbers of the faculties that vary (§3.1).
 * Parsed here rather than in data/index.ts: its rows are keyed by the
 * weathers of the game elements, which themselves load through data/.
 */
const face = z.number().int().min(0).max(6);
const lightRow = z.object({ advantage: z.number().int().min(0).max(12), stepLostUpTo: face }).strict();
const facultyTableSchema = z
  .object({
    $comment: z.string().optional(),
    lightFragile: z.object(Object.fromEntries(WEATHERS.map((w) => [w, lightRow])) as Record<Weather, typeof lightRow>).strict(),
    evanescent: z.object({ stepLostUpTo: face }).strict(),
  })
  .strict();

export const facultyTable = parseDataFile('faculties.json', facultyTableSchema, facultiesJson);
