import { z } from 'zod';
import { BATTLE_ID_PATTERN } from '../persistence/record-schema';
import { Refusal } from './refusals';
import { TOKEN_PATTERN } from './seat-keys';
import { DEFAULT_SPECTATOR_CHAT, SPECTATOR_CHAT } from './chat';
import { timeControlSchema } from './clock';
import { broadcastDelaySchema } from '../sync/broadcast-delay';

const playerName = z.string().trim().min(1).max(40);
const token = z.string().regex(TOKEN_PATTERN, 'expected a 22-character key from a battle link');
const seatName = z.string().min(1).max(64);

/** Opening a new battle: its creator takes `seat` (a side, or the referee seat, which then exists). */
export const newBattleOptionsSchema = z.object({
  scenarioId: z.string().min(1).max(64),
  battleName: z.string().trim().min(1).max(80).optional(),
  playerName,
  seat: seatName,
  /** Listed battles appear in the lobby: anyone may spectate or claim a side nobody holds. */
  listed: z.boolean().default(true),
  /** Whether the battle has a referee seat (always when its creator takes it). */
  referee: z.boolean().default(false),
  /** What spectators may do in the chat (rooms/chat.ts): nothing, read the players', or talk among themselves. */
  spectatorChat: z.enum(SPECTATOR_CHAT).default(DEFAULT_SPECTATOR_CHAT),
  /** A clock per side or a deadline per decision, and what a timeout does (rooms/clock.ts); none by default. */
  timeControl: timeControlSchema.optional(),
  /** Broadcast (sync/broadcast.ts): spectators see the full view as it was N turns ago; 0 or absent: off. */
  broadcastDelay: broadcastDelaySchema,
});

/** Taking a seat: with its key, with an invite, or (listed battles) by naming a free side or `spectator`. */
export const joinOptionsSchema = z
  .object({ playerName, key: token.optional(), invite: token.optional(), seat: seatName.optional() })
  .refine((o) => [o.key, o.invite, o.seat].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of key, invite or seat',
  });

/** Continuing a saved battle: its id, and the same credentials as a join. */
export const resumeOptionsSchema = z
  .object({ resume: z.string().regex(BATTLE_ID_PATTERN, 'expected a battle id') })
  .and(joinOptionsSchema);

export type NewBattleOptions = z.infer<typeof newBattleOptionsSchema>;
export type JoinOptions = z.infer<typeof joinOptionsSchema>;
export type CreateOptions = NewBattleOptions | z.infer<typeof resumeOptionsSchema>;

/** The options of `create`: a resume when they name one, else a new battle. */
export function parseCreateOptions(input: unknown): CreateOptions {
  const resuming = typeof input === 'object' && input !== null && 'resume' in input;
  return resuming
    ? parseOptions(resumeOptionsSchema, input, 'invalidCreateOptions')
    : parseOptions(newBattleOptionsSchema, input, 'invalidCreateOptions');
}

/** Parses options or throws the refusal, naming every bad field. */
export function parseOptions<T>(schema: z.ZodType<T>, input: unknown, code: 'invalidCreateOptions' | 'invalidJoinOptions'): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
  throw new Refusal(code, { detail });
}
