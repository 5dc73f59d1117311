import { readConfig } from './config';
import { startServer } from './app';
import { createLogger } from './ops/logger';

const logger = createLogger();

/** Longer than any clean close (rooms saved, store flushed): past it the process leaves anyway, rather than hang on. */
const STOP_DEADLINE_MS = 15_000;

/**
 * Starts the server from the environment and stops it cleanly on SIGINT or
 * SIGTERM: rooms closed and saved, the store flushed and closed, the port freed.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config, { logger });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // Which services are on, never their URLs (they may hold passwords).
  logger.info(
    { port: server.port, redis: Boolean(config.redisUrl), postgres: Boolean(config.databaseUrl), publicAddress: config.publicAddress ?? null, metrics: Boolean(config.metricsToken) },
    `Lames server listening on http://${shownHost}:${server.port}`,
  );

  let stopping = false;
  // One stop whatever arrives: Ctrl-C reaches both `npm start`'s launcher and this process, and the launcher passes it on.
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, `${reason}: closing the battles and the server…`);
    setTimeout(() => {
      logger.error(`Still stopping after ${STOP_DEADLINE_MS / 1000} s: leaving anyway.`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ err: e }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM received'));
  // Started by scripts/start.cjs (`npm start`) with an IPC channel: when the launcher is gone, so is the server.
  if (process.send) process.on('disconnect', () => stop('npm start has gone'));
}

main().catch((e: unknown) => {
  logger.fatal({ err: e }, e instanceof Error ? e.message : 'the server could not start');
  process.exit(1);
});
