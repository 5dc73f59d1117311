/**
 * The real server as a child process (`node packages/server/dist/main.js`),
 * for tests that kill it: built first with `tsc -b` (incremental, so quick
 * when `npm test`'s typecheck already built it), listening on a free port of
 * 127.0.0.1, and always killed at the end of the file.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const MAIN = path.join(ROOT, 'packages/server/dist/main.js');

/** Builds the rules and the server into dist/ (call from a beforeAll with a long timeout). */
export function buildServer(): void {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/rules', 'packages/server'], { cwd: ROOT, stdio: 'pipe', timeout: 280_000 });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
}

const running = new Set<ChildProcess>();

/** Kills every server this file started and is still running (call from afterAll). */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * Starts a server with only the given store settings (never the caller's own
 * DATABASE_URL or REDIS_URL) and any other variables given, and waits for its
 * "listening" line.
 */
export async function startServerProcess(env: { LAMES_DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>, timeoutMs = 30_000): Promise<ServerProcess> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    // PORT, LAMES_CLIENT_DIR and the rest may be given (a restart on the same port, the built client served)
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LAMES_CLIENT_DIR: path.join(env.LAMES_DATA_DIR, 'no-client'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const look = () => {
      const m = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}
