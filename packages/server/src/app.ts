import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Scenario } from '@lames/rules';
import { SCENARIOS } from '@lames/rules/scenarios';
import type { Application } from 'express';
import type { ServerConfig } from './config';
import { mountRoutes } from './http/routes';
import { mountReplay } from './replay/route';
import { openStore, type BattleStore } from './persistence/store';
import { BattleRoom } from './rooms/battle-room';
import { BroadcastRoom } from './rooms/broadcast-room';
import { randomSeed, type BattleRoomDeps } from './rooms/deps';
import { startExpirySweep } from './rooms/expiry';
import { startDeadlineSweep } from './rooms/deadline-sweep';
import { realTimers, type ClockTimers } from './rooms/battle-clock';
import { AttemptThrottle } from './limits/attempts';
import { BODY_LIMIT, installHttpGuard } from './limits/http-guard';
import { scalingOptions } from './scaling';
import { useOneSchemaLibrary } from './sync/schema-library';
import { mountHealth } from './ops/health';
import { colyseusLogger, createLogger, logErrorWith } from './ops/logger';
import { errorLogged, metricsRoute, timedStore } from './ops/metrics';
import type { Logger } from 'pino';
import { ensureWebSocketGlobal } from './ws-global';
import { mountOrganiser } from './organiser/routes';
import { organiserTokenHash } from './organiser/token';
import { openTournamentStore, type TournamentStore } from './organiser/tournament-store';

export interface StartOptions {
  /** A store to use instead of openStore(config); the caller closes it. */
  store?: BattleStore;
  /** Test hook: the seed of every new battle (production draws a secret random one). */
  seed?: () => string;
  /** Test hook: the scenarios clients may open, by the id they send (default: the shipped ones). */
  scenarios?: Record<string, Scenario>;
  /** How long a dropped connection keeps its seat, in seconds (default 120). */
  reconnectSeconds?: number;
  /** Test hook: the throttle of wrong keys, invites and claims (default: one for this server). */
  attempts?: AttemptThrottle;
  /** Test hook: how often the expiry sweep runs, in ms (default: a quarter of the TTL, at most 15 minutes). */
  sweepIntervalMs?: number;
  /** Test hook: the TTL of battles only their creator joined, in ms (default: config.openBattleTtlHours). */
  openBattleTtlMs?: number;
  /** Where the structured logs go (default: JSON lines on stdout); logError, when given, replaces its error lines. */
  logger?: Logger;
  logError?: (message: string, error?: unknown) => void;
  /** A tournament store to use instead of openTournamentStore(config); the caller closes it. */
  tournaments?: TournamentStore;
  /** Test hook: the time that runs the battles' clocks and the deadline sweep (default: the real one). */
  timers?: ClockTimers;
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Whether this process (this module instance) runs a server now. */
let serverRunning = false;

/**
 * One server per process at a time: Colyseus's matchmaker and its stats are
 * process-wide singletons, so a second server shares the first one's rooms and
 * overwrites its stats timer, which then never stops (a test that did so kept
 * jest from ever exiting).
 */
function claimTheProcess(): void {
  if (serverRunning)
    throw new Error(
      'a Lames server already runs in this process: close it before starting another',
    );
  serverRunning = true;
}

/**
 * One process of the Lames server: an HTTP server carrying both Express
 * (health, lobby API, client files) and the Colyseus WebSocket transport.
 * Port 0 picks a free port, returned in `port`.
 */
export async function startServer(
  config: ServerConfig,
  opts: StartOptions = {},
): Promise<RunningServer> {
  claimTheProcess();
  try {
    return await startClaimed(config, opts);
  } catch (e) {
    serverRunning = false;
    throw e;
  }
}

async function startClaimed(config: ServerConfig, opts: StartOptions): Promise<RunningServer> {
  ensureWebSocketGlobal();
  // Before any room exists: its serializer sizes its state buffer when the room sets its state.
  useOneSchemaLibrary();
  const logger = opts.logger ?? createLogger();
  const logError = opts.logError
    ? withErrorCount(opts.logError)
    : logErrorWith(logger, errorLogged);
  const store = timedStore(opts.store ?? (await openStore(config)));
  const scenarios = new Map(
    Object.entries(opts.scenarios ?? Object.fromEntries(SCENARIOS.map((s) => [s.id, s]))),
  );
  const deps: BattleRoomDeps = {
    store,
    scenarios,
    newSeed: opts.seed ?? randomSeed,
    reconnectSeconds: opts.reconnectSeconds ?? 120,
    attempts: opts.attempts ?? new AttemptThrottle(),
    trustProxy: config.trustProxy,
    logError,
    timers: opts.timers ?? realTimers,
  };

  const tournaments = opts.tournaments ?? (await openTournamentStore(config));
  const organiser = {
    store,
    tournaments,
    scenarios,
    newSeed: deps.newSeed,
    attempts: deps.attempts,
    trustProxy: config.trustProxy,
    tokenHash: await organiserTokenHash(config),
  };
  const httpServer = createServer();
  const scaling = scalingOptions(config);
  let shuttingDown = false;
  const server = new Server({
    // No client message comes near 16 KiB (a deployment of a whole side is about 2 KiB).
    transport: new WebSocketTransport({ server: httpServer, maxPayload: BODY_LIMIT }),
    ...scaling,
    greet: false,
    logger: colyseusLogger(logger),
    // main.ts owns the signals: a library call must not install process handlers.
    gracefullyShutdown: false,
    express: (app: Application) => {
      // Before the lobby routes and the client files: probes and scrapes must not fall through to them.
      mountHealth(app, {
        store,
        presence: scaling.presence,
        isShuttingDown: () => shuttingDown,
        logger,
      });
      app.get('/metrics', metricsRoute(config.metricsToken));
      mountOrganiser(app, organiser);
      mountReplay(app, {
        store,
        scenarios,
        attempts: deps.attempts,
        trustProxy: config.trustProxy,
        logError,
      });
      mountRoutes(app, { store, scenarios, clientDir: config.clientDir, logError });
    },
  });
  server.define('battle', battleRoomWith(deps));
  server.define('broadcast', broadcastRoomWith(deps)).filterBy(['battleId']);
  await server.listen(config.port, config.host);
  // After listen: Colyseus has attached its own request listener, which the guard takes over.
  installHttpGuard(httpServer, {
    bodyLimit: BODY_LIMIT,
    createsPerHour: config.createsPerHour,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
  });
  const port = (httpServer.address() as AddressInfo).port;
  const ttlMs = opts.openBattleTtlMs ?? config.openBattleTtlHours * 3_600_000;
  const sweep = startExpirySweep({
    store,
    ttlMs,
    intervalMs: opts.sweepIntervalMs ?? Math.min(ttlMs / 4, 15 * 60_000),
    logError,
  });
  // After listen: the presence is Colyseus's (Redis with REDIS_URL, else in memory), where rooms hold their claims.
  const deadlines = startDeadlineSweep({ store, presence: matchMaker.presence, logError, timers: deps.timers, intervalMs: config.deadlineSweepSeconds * 1000 });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // /readyz answers 503 from now on, so that the entry point stops sending new players here.
      shuttingDown = true;
      await sweep.stop();
      await deadlines.stop();
      await server.gracefullyShutdown(false);
      if (httpServer.listening)
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      if (!opts.store) await store.close();
      if (!opts.tournaments) await tournaments.close();
      serverRunning = false;
    })());
  return { port, close };
}

/** A caller's logError (tests), still counted in lames_errors_total. */
function withErrorCount(logError: (message: string, error?: unknown) => void) {
  return (message: string, error?: unknown) => {
    errorLogged();
    logError(message, error);
  };
}

/** The broadcast room (rooms/broadcast-room.ts), bound like the battle room. */
function broadcastRoomWith(deps: BattleRoomDeps): typeof BroadcastRoom {
  return class extends BroadcastRoom {
    protected override deps = deps;
  };
}

/** The room class, bound to this server's dependencies (never to client-sent options). */
function battleRoomWith(deps: BattleRoomDeps): typeof BattleRoom {
  return class extends BattleRoom {
    protected override deps = deps;
  };
}
