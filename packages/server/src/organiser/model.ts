import { z } from 'zod';
import { timeControlSchema } from '../rooms/clock';

/**
 * A tournament as the organiser API keeps it (issue 12, "Organisers"). It
 * holds no secret: seats and invites live in each battle's record (hashes
 * only); the tournament only says which player sits on which side of which
 * battle, and the results an organiser declared.
 */
export const TOURNAMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const playerSchema = z.object({ id: z.string().regex(/^p\d{1,4}$/), name: z.string().min(1).max(60) });

const adjudicationSchema = z.object({
  /** The winning player's id, or null for a draw. */
  winner: z.string().nullable(),
  reason: z.string().min(1).max(500),
  at: z.string(),
});

const battleSchema = z.object({
  battleId: z.string().regex(TOURNAMENT_ID_PATTERN),
  /** Which player holds which side of the scenario. */
  sides: z.array(z.object({ side: z.string(), playerId: z.string() })),
  adjudication: adjudicationSchema.optional(),
});

const roundSchema = z.object({
  number: z.number().int().min(1),
  createdAt: z.string(),
  battles: z.array(battleSchema),
  /** Players who sit this round out (odd counts): a bye scores as a win without victory points. */
  byes: z.array(z.string()),
});

export const tournamentSchema = z.object({
  id: z.string().regex(TOURNAMENT_ID_PATTERN),
  name: z.string().min(1).max(80),
  scenarioId: z.string().min(1).max(64),
  /** Every battle gets a referee seat, with its own invite. */
  referee: z.boolean(),
  /** The time control every battle of a round is created with (rooms/clock.ts); absent: none. */
  timeControl: timeControlSchema.optional(),
  /** Broadcast delay of every battle of its rounds (sync/broadcast.ts); absent from tournaments made before it: off. */
  broadcastDelay: z.number().int().nonnegative().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  players: z.array(playerSchema),
  rounds: z.array(roundSchema),
});

export type Tournament = z.infer<typeof tournamentSchema>;
export type Round = z.infer<typeof roundSchema>;
export type TournamentBattle = z.infer<typeof battleSchema>;
export type Adjudication = z.infer<typeof adjudicationSchema>;

/** Two players who meet: `first` takes the scenario's first side. */
export interface Pairing {
  first: string;
  second: string;
}
