import { z } from 'zod';
import { timeControlSchema } from '../rooms/clock';
import { broadcastDelaySchema } from '../sync/broadcast-delay';

/** Request bodies of the organiser API (every one parsed before use). */

const name = z.string().trim().min(1).max(60);

export const createTournamentSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    scenarioId: z.string().min(1).max(64),
    players: z.array(name).min(2, 'at least 2 players').max(64, 'at most 64 players'),
    referee: z.boolean().default(false),
    /** Every battle of the tournament plays with this time control (rooms/clock.ts); none by default. */
    timeControl: timeControlSchema.optional(),
    /** Every battle of its rounds is broadcast to spectators this many turns late (sync/broadcast.ts); 0: off. */
    broadcastDelay: broadcastDelaySchema,
  })
  .refine((b) => new Set(b.players.map((p) => p.toLowerCase())).size === b.players.length, { message: 'player names must differ', path: ['players'] });

/** An origin (scheme, host, port) for the invite links; default: the one the request came to. */
const origin = z
  .string()
  .max(200)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s;
    } catch {
      return false;
    }
  }, 'expected an origin such as https://lames.example');

export const createRoundSchema = z.union([
  z.object({ roundRobin: z.literal(true), origin: origin.optional() }),
  z.object({ swiss: z.literal(true), origin: origin.optional() }),
  z.object({
    pairings: z.array(z.object({ first: z.string().max(8), second: z.string().max(8) })).min(1).max(32),
    origin: origin.optional(),
  }),
]);

export const invitesSchema = z.object({ origin: origin.optional() });

export const adjudicateSchema = z.object({
  /** The winner's player id, or null for a draw. */
  winner: z.string().max(8).nullable(),
  reason: z.string().trim().min(1, 'a reason is required').max(500),
});

/** A side id or `referee`: its holder's key stops working, a new invite comes back. */
export const reassignSchema = z.object({ seat: z.string().min(1).max(64).refine((s) => s !== 'spectator', 'the spectator link is shared: ask for fresh invites'), origin: origin.optional() });

export const formatQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

export function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/** Closing a battle for good: the reason is kept in its record and shown in the results. */
export const closeSchema = z.object({ reason: z.string().trim().min(1, 'a reason is required').max(500) });
