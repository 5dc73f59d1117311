import type { Request, Response } from 'express';
import type { ZodError } from 'zod';
import type { Tournament } from './model';
import { OrganiserError } from './rounds';
import { describe } from './schemas';
import type { TournamentStore } from './tournament-store';

/** What every organiser route shares: parsing, refusals as JSON, CSV answers, the tournament asked for. */

export function sendCsv(res: Response, filename: string, csv: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(csv);
}

/** The origin the request came to (the organiser's own address of this server). */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export async function found(
  deps: { tournaments: TournamentStore },
  req: Request,
): Promise<Tournament> {
  const t = await deps.tournaments.load(String(req.params.id));
  if (!t) throw new OrganiserError(404, 'no such tournament');
  return t;
}

export function parse<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new OrganiserError(400, describe(parsed.error));
  return parsed.data;
}

/** An async handler whose refusals become their JSON answer, and whose failures reach the app's error handler. */
export function wrap(handler: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: (e?: unknown) => void) => {
    handler(req, res).catch((e: unknown) =>
      e instanceof OrganiserError ? res.status(e.status).json({ error: e.message }) : next(e),
    );
  };
}
