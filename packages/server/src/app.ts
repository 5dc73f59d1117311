import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { SCENARIOS, type Scenario } from '@lames/rules';
import type { Application } from 'express';
import type { ServerConfig } from './config';
import { mountRoutes } from './http/routes';
import { openStore, type BattleStore } from './persistence/store';
import { BattleRoom } from './rooms/battle-room';
import { randomSeed, type BattleRoomDeps } from './rooms/deps';
import { scalingOptions } from './scaling';
import { ensureWebSocketGlobal } from './ws-global';

export interface StartOptions {
  /** A store to use instead of openStore(config); the caller closes it. */
  store?: BattleStore;
  /** Test hook: the seed of every new battle (production draws a secret random one). */
  seed?: () => string;
  /** Test hook: the scenarios clients may open, by the id they send (default: the shipped ones). */
  scenarios?: Record<string, Scenario>;
  /** How long a dropped connection keeps its seat, in seconds (default 120). */
  reconnectSeconds?: number;
  logError?: (message: string, error?: unknown) => void;
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/**
 * One process of the Lames server: an HTTP server carrying both Express
 * (health, lobby API, client files) and the Colyseus WebSocket transport.
 * Port 0 picks a free port, returned in `port`.
 */
export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  ensureWebSocketGlobal();
  const logError = opts.logError ?? ((message: string, error?: unknown) => console.error(`[lames] ${message}`, error ?? ''));
  const store = opts.store ?? (await openStore(config));
  const scenarios = new Map(Object.entries(opts.scenarios ?? Object.fromEntries(SCENARIOS.map((s) => [s.id, s]))));
  const deps: BattleRoomDeps = { store, scenarios, newSeed: opts.seed ?? randomSeed, reconnectSeconds: opts.reconnectSeconds ?? 120, logError };

  const httpServer = createServer();
  const server = new Server({
    transport: new WebSocketTransport({ server: httpServer }),
    ...scalingOptions(config),
    greet: false,
    // main.ts owns the signals: a library call must not install process handlers.
    gracefullyShutdown: false,
    express: (app: Application) => mountRoutes(app, { store, scenarios, clientDir: config.clientDir, logError }),
  });
  server.define('battle', battleRoomWith(deps));
  await server.listen(config.port, config.host);
  const port = (httpServer.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await server.gracefullyShutdown(false);
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      if (!opts.store) await store.close();
    })());
  return { port, close };
}

/** The room class, bound to this server's dependencies (never to client-sent options). */
function battleRoomWith(deps: BattleRoomDeps): typeof BattleRoom {
  return class extends BattleRoom {
    protected override deps = deps;
  };
}
