import { readConfig } from './config';
import { startServer } from './app';

/** Starts the server from the environment and stops it cleanly on SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Lames server listening on http://${shownHost}:${server.port}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the battles and the server…`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error('Error while stopping:', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
