// The Lames server as the benches start it: 127.0.0.1, a free port, a file
// store in a temporary directory (removed on close), silent logs, and every
// battle dealt from `seed` so that the bench can play the same game beside it.
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { startServer } = require('../dist/app');
const { createLogger } = require('../dist/ops/logger');

/** Starts the server; `opts` are startServer's (scenarios…). Resolves with its port, its error count and close(). */
async function startBenchServer(name, seed, opts = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lames-bench-${name}-`));
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    clientDir: path.join(tmpdir(), 'lames-no-client'),
    openBattleTtlHours: 48,
    deadlineSweepSeconds: 60,
    trustProxy: false,
    corsOrigins: [],
    // the rooms bench opens up to a thousand battles from 127.0.0.1
    createsPerHour: 100_000,
    organiserToken: 'bench-organiser-token-0000',
  };
  let errors = 0;
  const server = await startServer(config, {
    seed: () => seed,
    logger: createLogger(undefined, 'silent'),
    logError: () => (errors += 1),
    ...opts,
  });
  return {
    port: server.port,
    errors: () => errors,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startBenchServer };
