/**
 * Prometheus metrics (prom-client), for operators only (see metricsRoute).
 *
 * Every label takes its value from a small fixed set (an outcome, a store
 * operation, a refusal code of the rules): never a battle id, a seat, a
 * player name or a key, which would both leak and grow without bound.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { matchMaker } from '@colyseus/core';
import type { Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BattleStore } from '../persistence/store';

/** One registry for the process: the rooms' hooks reach it without a handle passed down. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'lames_process_' });

new Gauge({
  name: 'lames_rooms',
  help: 'Battle rooms open in this process.',
  registers: [registry],
  collect() {
    this.set(matchMaker.stats.local.roomCount);
  },
});

new Gauge({
  name: 'lames_connections',
  help: 'WebSocket connections seated in the rooms of this process.',
  registers: [registry],
  collect() {
    this.set(matchMaker.stats.local.ccu);
  },
});

const actions = new Counter({ name: 'lames_actions_total', help: 'Game actions accepted by the rules.', registers: [registry] });

const refusals = new Counter({
  name: 'lames_refusals_total',
  help: 'Client messages refused (actions the rules reject, rate limits, wrong seat), by refusal code.',
  labelNames: ['code'],
  registers: [registry],
});

const actionLatency = new Histogram({
  name: 'lames_action_latency_seconds',
  help: 'From the receipt of an accepted action to the broadcast of its patch and events.',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

const STORE_OPERATIONS = ['save', 'append', 'load', 'delete', 'listListed', 'lookup', 'listExpired', 'listClockDue', 'appendChat', 'loadChat'] as const;

const storeLatency = new Histogram({
  name: 'lames_store_latency_seconds',
  help: 'Duration of battle store calls, by operation (save is a snapshot).',
  labelNames: ['operation', 'outcome'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const errors = new Counter({ name: 'lames_errors_total', help: 'Server errors logged (failed saves, failed requests, rules faults).', registers: [registry] });

/** Hook for the room: an action was accepted, received at `receivedAt` (performance.now()), now broadcast. */
export function actionAccepted(receivedAt: number): void {
  actions.inc();
  actionLatency.observe((performance.now() - receivedAt) / 1000);
}

/** Hook for the room: a client message was refused with this code (one of the rules' fixed codes). */
export function messageRefused(code: string): void {
  // Codes come from fixed lists; the check keeps the label bounded should one ever carry free text.
  refusals.inc({ code: /^[A-Za-z]{1,40}$/.test(code) ? code : 'other' });
}

/** Counted by the logger's logError: every error the server logs. */
export function errorLogged(): void {
  errors.inc();
}

/**
 * The same store, each call timed into lames_store_latency_seconds. A proxy
 * rather than a copy: a store's methods live on its class's prototype, and
 * every one of them (those added later too) must stay reachable.
 */
export function timedStore(store: BattleStore): BattleStore {
  const timed = new Set<string>(STORE_OPERATIONS);
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const call = value as (...args: unknown[]) => unknown;
      if (typeof prop !== 'string' || !timed.has(prop)) return call.bind(target);
      return async (...args: unknown[]) => {
        const end = storeLatency.startTimer({ operation: prop });
        try {
          const result = await call.apply(target, args);
          end({ outcome: 'ok' });
          return result;
        } catch (e) {
          end({ outcome: 'error' });
          throw e;
        }
      };
    },
  });
}

/**
 * GET /metrics: only with `Authorization: Bearer <LAMES_METRICS_TOKEN>`.
 * Without a configured token the route does not exist (404), so a public
 * deployment exposes nothing by default; a wrong token gets 401.
 */
export function metricsRoute(token: string | undefined) {
  const expected = token && digest(token);
  return async (req: Request, res: Response): Promise<void> => {
    if (!expected) return void res.status(404).json({ error: 'not found' });
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    // Compared as digests of equal length in constant time: the answer's timing says nothing of the token.
    if (!given || !timingSafeEqual(digest(given), expected)) return void res.status(401).json({ error: 'unauthorized' });
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
