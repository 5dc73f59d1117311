import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { scenarioSummaries, type Scenario } from '@lames/rules';
import express, { type Application, type NextFunction, type Request, type Response } from 'express';
import type { BattleStore } from '../persistence/store';
import { listBattles } from './battles';

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
  app.get('/api/battles', async (_req, res) => {
    res.json(await listBattles(deps.store, deps.scenarios, deps.logError));
  });
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'not found' });
  });
  if (existsSync(path.join(deps.clientDir, 'index.html'))) serveClient(app, deps.clientDir);
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    deps.logError('an HTTP request failed', err);
    res.status(500).json({ error: 'internal error' });
  });
}

/** The built client, and index.html for any other GET so the client's own routes survive a reload. */
function serveClient(app: Application, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.use(express.static(dir, { index: false }));
  app.get('/{*path}', (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.sendFile(index);
  });
}
