// `npm start` (issue 11): builds what is out of date, then runs the server, and stops with it.
//  - rules and server: `tsc -b`, which is incremental (about a second when nothing changed);
//  - client: the Vite build only when packages/client/dist is older than its sources (client-build.cjs);
//  - the server runs as a child process; SIGINT / SIGTERM are passed on to it and this script
//    exits once it has closed its battles and its port. When this script's own parent goes away
//    without telling it (a shell killed by SIGTERM does not pass the signal on), the server is
//    stopped the same way; and the server stops by itself if this script dies (its IPC channel
//    closes, see packages/server/src/main.ts), so no server is ever left running alone.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const { clientBuildReason } = require('./client-build.cjs');

const ROOT = path.resolve(__dirname, '..');
const SIGNALS = ['SIGINT', 'SIGTERM'];

/** The child running now (a build step or the server), to pass a signal on to. */
let current = null;
/** The signal that asked us to stop, if one did. */
let stopSignal = null;

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    current = child;
    // A signal that came between two steps stops this one at once.
    if (stopSignal) child.kill(stopSignal);
    child.on('exit', (code, signal) => {
      current = null;
      resolve({ code, signal });
    });
    child.on('error', (e) => {
      console.error(`[start] cannot run ${command}: ${e.message}`);
      current = null;
      resolve({ code: 1, signal: null });
    });
  });
}

/** npm itself, as the running npm was started (npm_execpath), else from PATH. */
function npm(args) {
  const cli = process.env.npm_execpath;
  return cli && cli.endsWith('.js') ? run(process.execPath, [cli, ...args]) : run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { shell: process.platform === 'win32' });
}

function stop(signal) {
  if (stopSignal) return;
  stopSignal = signal;
  // The server may have had the same signal from the terminal already: it stops once, whatever it is sent.
  if (current && current.exitCode === null) current.kill(signal);
}

/** A step failed, or we were asked to stop while building: leave with the usual code. */
function exitAfter(step, result) {
  if (stopSignal) process.exit(stopSignal === 'SIGINT' ? 130 : 143);
  if (result.code !== 0) {
    console.error(`[start] ${step} failed`);
    process.exit(result.code ?? 1);
  }
}

async function main() {
  for (const s of SIGNALS) process.on(s, () => stop(s));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, 500).unref();

  const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
  exitAfter('tsc -b packages/rules packages/server', await run(process.execPath, [tsc, '-b', 'packages/rules', 'packages/server']));

  const reason = clientBuildReason(ROOT);
  if (reason) {
    console.log(`[start] building the client: ${reason}`);
    exitAfter('the client build', await npm(['run', 'build', '-w', '@lames/client']));
  } else {
    console.log('[start] the client build is up to date');
  }

  const server = await run(process.execPath, ['packages/server/dist/main.js'], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  if (server.signal) console.error(`[start] the server was killed by ${server.signal}`);
  process.exit(server.code ?? 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
