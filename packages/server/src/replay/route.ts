import type { Scenario } from '@lames/rules';
import express, { type Application, type Response } from 'express';
import { z } from 'zod';
import { ExportRefusal } from '../http/battles';
import type { AttemptThrottle } from '../limits/attempts';
import { requestAddress } from '../limits/client-address';
import { CreateBudget } from '../limits/create-budget';
import { replayJournal } from '../persistence/journal';
import { isValidBattleId } from '../persistence/record-schema';
import type { BattleStore } from '../persistence/store';
import { admit } from '../rooms/access';
import { hashToken, TOKEN_PATTERN } from '../rooms/seat-keys';
import { replayOf } from './seat-replay';

export interface ReplayRouteDeps {
  store: BattleStore;
  scenarios: ReadonlyMap<string, Scenario>;
  /** The server's throttle of wrong keys (shared with the rooms and the organiser routes). */
  attempts: AttemptThrottle;
  trustProxy: boolean;
  logError: (message: string, error?: unknown) => void;
  /** Replays one address may ask for per hour: each one replays the battle through the rules (default 240). */
  replaysPerHour?: number;
}

const token = z.string().regex(TOKEN_PATTERN, 'expected a 22-character key from a battle link');

/** The credential of a join (rooms/options.ts), without the name: a seat key, the spectator link, or `spectator` for a listed battle. */
export const replayRequestSchema = z
  .object({
    key: token.optional(),
    invite: token.optional(),
    seat: z.literal('spectator').optional(),
  })
  .strict()
  .refine((o) => [o.key, o.invite, o.seat].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of key, invite or seat',
  });

/** One wording for an unknown battle and every refused credential, as the rooms' seatRefused. */
const SEAT_REFUSED = {
  error: 'seatRefused',
  message: 'This link or request gives no seat in this battle.',
};

/**
 * POST /api/battles/:id/replay `{ key | invite | seat: 'spectator' }`: what
 * that seat may see of the battle's history (seat-replay.ts). A POST so the
 * key travels in the body, never in a URL or a log. Wrong credentials count
 * in the attempts throttle like a wrong key at a room's door.
 */
export function mountReplay(app: Application, deps: ReplayRouteDeps): void {
  const budget = new CreateBudget({ perHour: deps.replaysPerHour ?? 240 });
  app.post('/api/battles/:id/replay', express.json({ limit: '16kb' }), async (req, res) => {
    const id = req.params.id;
    if (!isValidBattleId(id))
      return void res
        .status(400)
        .json({ error: 'invalidBattleId', message: 'expected 1 to 64 letters, digits, _ or -' });
    const body = replayRequestSchema.safeParse(req.body);
    if (!body.success)
      return void res
        .status(400)
        .json({
          error: 'invalidReplayRequest',
          message: body.error.issues
            .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
            .join('; '),
        });
    const address = requestAddress(req, deps.trustProxy);
    // Watching a listed battle proves nothing, as at a room's door: not an attempt.
    const attempt = body.data.seat === undefined;
    const wait = (attempt ? deps.attempts.check(address) : null) ?? budget.take(address);
    if (wait !== null) return tooMany(res, wait);
    try {
      const record = await loadRecord(deps.store, id);
      const token = body.data.key ?? body.data.invite;
      const admission = record?.access
        ? admit(record.access, body.data, token ? await hashToken(token) : null)
        : null;
      // A replay takes no seat: an invite that would claim one is refused like a wrong key.
      if (!record || !admission || admission.claims) {
        if (attempt) deps.attempts.failure(address);
        return void res.status(403).json(SEAT_REFUSED);
      }
      res.json(replayOf(record, deps.scenarios, admission.seat));
    } catch (e) {
      if (e instanceof ExportRefusal)
        return void res
          .status(e.status)
          .json({ error: e.code, message: e.message, ...(e as { params?: object }).params });
      deps.logError(`battle ${id}: its replay failed`, e);
      res.status(500).json({ error: 'internal error' });
    }
  });
}

async function loadRecord(store: BattleStore, id: string) {
  const stored = await store.load(id);
  return stored && replayJournal(stored);
}

function tooMany(res: Response, seconds: number): void {
  res.setHeader('Retry-After', String(seconds));
  res
    .status(429)
    .json({
      error: 'tooManyAttempts',
      retryAfter: seconds,
      message: `Too many attempts: try again in ${seconds} s.`,
    });
}
