import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { matchMaker } from '@colyseus/core';
import type { Scenario } from '@lames/rules';
import { scenarioSummaries } from '@lames/rules/scenarios';
import express, { type Application, type NextFunction, type Request, type Response } from 'express';
import type { BattleStore } from '../persistence/store';
import { listBattlesPage, lookupBattles, lookupBodySchema, mountBattleExport, pageQuerySchema } from './battles';
import { serveClient } from './static-client';
import type { z } from 'zod';

export interface RouteDeps {
  store: BattleStore;
  scenarios: ReadonlyMap<string, Scenario>;
  clientDir: string;
  logError: (message: string, error?: unknown) => void;
}

/**
 * The HTTP side of the server: health, the lobby API, and the built client.
 * Colyseus answers its own matchmaking routes (/matchmake/…) before these.
 */
export function mountRoutes(app: Application, deps: RouteDeps): void {
  app.get('/health', async (_req, res) => {
    res.json({ status: 'ok', rooms: (await matchMaker.query({})).length });
  });
  app.get('/api/scenarios', (_req, res) => {
    res.json(scenarioSummaries());
  });
  app.get('/api/battles', async (req, res) => {
    const query = pageQuerySchema.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ error: describe(query.error) });
    res.json(await listBattlesPage(deps.store, deps.scenarios, query.data.page));
  });
  app.post('/api/battles/lookup', express.json({ limit: '16kb' }), async (req, res) => {
    const body = lookupBodySchema.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: describe(body.error) });
    res.json(await lookupBattles(deps.store, deps.scenarios, body.data.ids));
  });
  mountBattleExport(app, deps.store, deps.scenarios);
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'not found' });
  });
  if (existsSync(path.join(deps.clientDir, 'index.html'))) serveClient(app, deps.clientDir);
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    // The body parser's own refusals (bad JSON, too large) are the client's fault: say so.
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return void res.status(status).json({ error: (err as Error).message });
    deps.logError('an HTTP request failed', err);
    res.status(500).json({ error: 'internal error' });
  });
}

/** Every problem of a request, each with the field it is about. */
function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}
