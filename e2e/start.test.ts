/**
 * `npm start` (issue 11): it reuses an up-to-date client build, and stopping
 * it stops its server: no process left, the port free. Run for real: `npm
 * start` in its own process group, as a terminal runs a command, stopped by
 * Ctrl-C (SIGINT to the group) and by a SIGTERM to npm alone (what a process
 * manager sends; the shell npm runs the script in does not pass it on).
 * Needs the built rules, server and client (npm run build), as the browser tests do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST_INDEX, ROOT } from './helpers/chromium';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { clientBuildReason, INPUTS, OUTPUT } = require('../scripts/client-build.cjs') as {
  clientBuildReason(root?: string): string | null;
  INPUTS: string[];
  OUTPUT: string;
};

/** Long enough for `tsc -b` and, when the client is not up to date, its build; the stop itself takes a second or two. */
jest.setTimeout(180_000);

interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

/** `npm start` on a free port, in its own process group; resolves once the server says where it listens. */
async function npmStart(dataDir: string): Promise<Started> {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  npm.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(text);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      } else if (npm.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start ended before listening:\n${text}`));
      }
    }, 100);
  });
  return { npm, port, output: () => text, exited };
}

/** Every process below `pid`, read from /proc (Linux, as CI). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we read
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether the port can be listened on again. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Waits (bounded) until none of `pids` is alive; returns those still alive. */
async function stillAlive(pids: number[], ms = 20_000): Promise<number[]> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (!pids.some(alive)) return [];
    await new Promise((r) => setTimeout(r, 100));
  }
  return pids.filter(alive);
}

let dataDir = '';
/** Processes this file started, killed at the end whatever happened. */
const started: number[] = [];

beforeAll(() => {
  if (!existsSync(DIST_INDEX)) throw new Error(`The client is not built: ${DIST_INDEX} is missing. Run \`npm run build\` first.`);
  dataDir = mkdtempSync(join(tmpdir(), 'lames-start-'));
});

afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  test('reuses the up-to-date client build, and Ctrl-C (SIGINT to its process group) stops the server and frees the port', async () => {
    const run = await npmStart(dataDir);
    const tree = [run.npm.pid!, ...descendants(run.npm.pid!)];
    started.push(...tree);
    // npm → sh → scripts/start.cjs → the server
    expect(tree.length).toBeGreaterThanOrEqual(3);
    expect(run.output()).toContain('[start] the client build is up to date');
    const health = await fetch(`http://127.0.0.1:${run.port}/health`);
    expect(health.status).toBe(200);

    process.kill(-run.npm.pid!, 'SIGINT');
    await run.exited;
    expect(await stillAlive(tree)).toEqual([]);
    expect(await portIsFree(run.port)).toBe(true);
    expect(run.output()).toContain('SIGINT received: closing the battles and the server');
  });

  test('a SIGTERM to npm alone stops the server too: nothing is left running', async () => {
    const run = await npmStart(dataDir);
    const tree = [run.npm.pid!, ...descendants(run.npm.pid!)];
    started.push(...tree);
    const server = tree.at(-1)!;
    expect(alive(server)).toBe(true);

    process.kill(run.npm.pid!, 'SIGTERM');
    await run.exited;
    expect(await stillAlive(tree)).toEqual([]);
    expect(await portIsFree(run.port)).toBe(true);
  });

  test('the launcher killed outright (SIGKILL, no chance to pass anything on): the server still stops by itself', async () => {
    const run = await npmStart(dataDir);
    const tree = [run.npm.pid!, ...descendants(run.npm.pid!)];
    started.push(...tree);
    // node scripts/start.cjs itself, not the shell npm runs it in
    const argv = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const launcher = tree.find((pid) => /node$/.test(argv(pid)[0]) && argv(pid)[1] === 'scripts/start.cjs');
    expect(launcher).toBeDefined();

    process.kill(launcher!, 'SIGKILL');
    expect(await stillAlive(tree)).toEqual([]);
    expect(await portIsFree(run.port)).toBe(true);
    expect(run.output()).toContain('npm start has gone: closing the battles and the server');
    await run.exited;
  });
});

describe('the client build is redone only when out of date (scripts/client-build.cjs)', () => {
  let root = '';
  const at = (p: string) => join(root, p);
  const touch = (p: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(at(p), t, t);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lames-build-state-'));
    mkdirSync(at('packages/client/src/game'), { recursive: true });
    mkdirSync(at('packages/rules/src'), { recursive: true });
    mkdirSync(at('packages/client/dist'), { recursive: true });
    for (const f of ['packages/client/src/game/game.ts', 'packages/client/src/game/game.test.ts', 'packages/rules/src/index.ts', 'packages/client/vite.config.mjs', 'package-lock.json']) {
      writeFileSync(at(f), '');
      touch(f, 60);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('no build yet: build', () => {
    expect(clientBuildReason(root)).toBe(`${OUTPUT} is missing`);
  });

  test('a build newer than every input: up to date; an input changed after it (client, rules, config, lockfile): build', () => {
    writeFileSync(at(OUTPUT), '');
    expect(clientBuildReason(root)).toBeNull();
    for (const changed of ['packages/client/src/game/game.ts', 'packages/rules/src/index.ts', 'packages/client/vite.config.mjs', 'package-lock.json']) {
      touch(changed, 0);
      expect([changed, clientBuildReason(root)]).toEqual([changed, `${changed} is newer than the build`]);
      touch(changed, 60);
    }
  });

  test('a test file is not part of the bundle: editing one needs no build', () => {
    writeFileSync(at(OUTPUT), '');
    touch('packages/client/src/game/game.test.ts', 0);
    expect(clientBuildReason(root)).toBeNull();
  });

  test('the inputs listed exist in the repository (a renamed one would never trigger a build)', () => {
    const missing = INPUTS.filter((p) => p !== 'packages/client/public' && !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});
