/**
 * GET /healthz: the process answers (liveness; restart it when this fails).
 * GET /readyz: it can serve battles now (readiness; send it traffic only
 * then): the store and, when configured, Redis answer, and it is not
 * shutting down. A failure says which dependency, never its address or error
 * text (those may quote a URL; they go to the log).
 */
import type { Presence } from '@colyseus/core';
import type { Application } from 'express';
import type { Logger } from 'pino';
import type { BattleStore } from '../persistence/store';

/** A dependency slower than this is as good as down for a readiness probe. */
const PROBE_TIMEOUT_MS = 2_000;
// A valid battle id that no battle is given (ids are random, this one is not): loading it reads without writing.
const PROBE_ID = 'lames-readiness-probe';

export interface HealthDeps {
  store: BattleStore;
  /** Set when REDIS_URL is: the presence shared by the processes. */
  presence?: Presence;
  isShuttingDown: () => boolean;
  logger: Logger;
}

export function mountHealth(app: Application, deps: HealthDeps): void {
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const failing = await readinessFailures(deps);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) return void res.json({ status: 'ready' });
    res.status(503).json({ status: 'unavailable', failing });
  });
}

/** The names of what is not ready: 'shutting-down', 'store', 'redis'. */
export async function readinessFailures(deps: HealthDeps): Promise<string[]> {
  if (deps.isShuttingDown()) return ['shutting-down'];
  const probes: [string, () => Promise<unknown>][] = [['store', () => deps.store.load(PROBE_ID)]];
  if (deps.presence) {
    const presence = deps.presence;
    probes.push(['redis', async () => presence.get(PROBE_ID)]);
  }
  const results = await Promise.all(probes.map(async ([name, probe]) => ((await answers(probe, name, deps.logger)) ? null : name)));
  return results.filter((name): name is string => name !== null);
}

async function answers(probe: () => Promise<unknown>, name: string, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return true;
  } catch (e) {
    logger.warn({ err: e, dependency: name }, 'readiness probe failed');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
