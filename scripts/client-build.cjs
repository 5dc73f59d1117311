// Whether the built client (packages/client/dist) is older than what it is built from,
// so that `npm start` (scripts/start.cjs) rebuilds it only then (issue 11).
'use strict';
const { readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** What the Vite build reads: the client, the rules it compiles from source, the config and the locked dependencies. */
const INPUTS = [
  'packages/client/src',
  'packages/client/public',
  'packages/client/index.html',
  'packages/client/vite.config.mjs',
  'packages/client/package.json',
  'packages/client/tsconfig.json',
  'packages/rules/src',
  'packages/rules/package.json',
  'package-lock.json',
];

/** The file whose date stands for the build: Vite writes index.html once every chunk it names is written. */
const OUTPUT = 'packages/client/dist/index.html';

/** Tests are not part of the bundle: editing one needs no rebuild. */
const isTest = (file) => /\.test\.[cm]?[jt]s$/.test(file);

/** The newest modification time (ms) of the files under `paths` (files or directories; missing ones are skipped), and which file it is. */
function newest(paths) {
  let best = { mtimeMs: 0, file: null };
  const visit = (file) => {
    let info;
    try {
      info = statSync(file);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!isTest(file) && info.mtimeMs > best.mtimeMs) {
      best = { mtimeMs: info.mtimeMs, file };
    }
  };
  for (const p of paths) visit(p);
  return best;
}

/**
 * Why the client must be built, or null when the build is up to date.
 * `root` is the repository (a test passes a copy of its layout).
 */
function clientBuildReason(root = ROOT) {
  let built;
  try {
    built = statSync(path.join(root, OUTPUT)).mtimeMs;
  } catch {
    return `${OUTPUT} is missing`;
  }
  const input = newest(INPUTS.map((p) => path.join(root, p)));
  return input.mtimeMs > built ? `${path.relative(root, input.file)} is newer than the build` : null;
}

module.exports = { clientBuildReason, INPUTS, OUTPUT };

// `node scripts/client-build.cjs` (npm run bench): builds the client only when it is out of date.
if (require.main === module) {
  const reason = clientBuildReason();
  if (!reason) {
    console.log('the client build is up to date');
  } else {
    console.log(`building the client: ${reason}`);
    const { spawnSync } = require('node:child_process');
    const npm = process.env.npm_execpath;
    const r = npm && npm.endsWith('.js')
      ? spawnSync(process.execPath, [npm, 'run', 'build', '-w', '@lames/client'], { cwd: ROOT, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build', '-w', '@lames/client'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exit(r.status ?? 1);
  }
}
