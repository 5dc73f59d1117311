import { z } from 'zod';
import { Refusal } from './refusals';

/** What a client may send when opening a battle. */
export const createOptionsSchema = z
  .object({
    scenarioId: z.string().min(1).max(64).optional(),
    battleName: z.string().trim().min(1).max(80).optional(),
    refereeCode: z.string().min(4).max(64).optional(),
    /** The id of a saved, unfinished battle to continue. */
    resume: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  })
  .refine((o) => o.scenarioId !== undefined || o.resume !== undefined, { message: 'scenarioId or resume is required' });

export type CreateOptions = z.infer<typeof createOptionsSchema>;

/** What a client may send when taking a seat. */
export const joinOptionsSchema = z.object({
  seat: z.string().min(1).max(64),
  playerName: z.string().trim().min(1).max(40),
  refereeCode: z.string().min(1).max(64).optional(),
});

export type JoinOptions = z.infer<typeof joinOptionsSchema>;

/** Parses options or throws the refusal, naming every bad field. */
export function parseOptions<T>(schema: z.ZodType<T>, input: unknown, code: 'invalidCreateOptions' | 'invalidJoinOptions'): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
  throw new Refusal(code, { detail });
}
