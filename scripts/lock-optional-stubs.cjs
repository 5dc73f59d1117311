#!/usr/bin/env node
// `npm ci` refuses a package-lock.json that lacks an entry for any optional dependency, even a
// native binding for another platform. The registry mirror of our machines does not carry some of
// those bindings (e.g. @unrs/resolver-binding-darwin-arm64, used by jest's resolver), so
// `npm install` here writes a lockfile without them and `npm ci` then fails with
// "Missing: @unrs/resolver-binding-... from lock file".
// This script adds a metadata-only entry (version, os, cpu, libc) for each such missing
// platform binding. npm never fetches them (their os/cpu do not match), keeps them on later
// `npm install`s, and `npm ci` accepts the lockfile again.
// Usage: node scripts/lock-optional-stubs.cjs [--check]   (after npm install changed the lock)
'use strict';
const fs = require('fs');
const path = require('path');

const file = path.join(__dirname, '..', 'package-lock.json');
const check = process.argv.includes('--check');
const text = fs.readFileSync(file, 'utf8');
const lock = JSON.parse(text);
const pkgs = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openharmony',
  'win32',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.filter((t) => OS.includes(t));
  const cpu = tokens.filter((t) => CPU.includes(t));
  if (os.length !== 1 || cpu.length !== 1) return null;
  const entry = { cpu };
  if (os[0] === 'linux' && tokens.some((t) => t.startsWith('musl'))) entry.libc = ['musl'];
  else if (os[0] === 'linux' && tokens.some((t) => t.startsWith('gnu'))) entry.libc = ['glibc'];
  entry.os = os;
  return entry;
}

const added = [];
for (const [key, meta] of Object.entries(pkgs)) {
  if (!key.startsWith('node_modules/') || !meta.optionalDependencies) continue;
  for (const [dep, range] of Object.entries(meta.optionalDependencies)) {
    const depKey = `${key}/node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (pkgs[depKey] || pkgs[hoisted]) continue;
    const plat = platformOf(dep);
    if (!plat || !/^\d+\.\d+\.\d+/.test(range)) continue; // only exact-version platform bindings
    const stub = { version: range, cpu: plat.cpu };
    if (meta.dev) stub.dev = true;
    if (plat.libc) stub.libc = plat.libc;
    stub.optional = true;
    stub.os = plat.os;
    pkgs[hoisted] = stub;
    added.push(`${dep}@${range}`);
  }
}

if (check) {
  if (added.length) {
    console.error(
      `package-lock.json lacks ${added.length} optional platform binding(s): ${added.join(', ')}`,
    );
    console.error('run: node scripts/lock-optional-stubs.cjs');
    process.exit(1);
  }
  console.log('package-lock.json: no optional platform binding missing');
  process.exit(0);
}
if (!added.length) {
  console.log('package-lock.json: nothing to add');
  process.exit(0);
}
const sorted = {};
const keys = Object.keys(pkgs).sort((a, b) =>
  a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
);
for (const k of keys) sorted[k] = pkgs[k];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(
  `package-lock.json: added ${added.length} entr${added.length === 1 ? 'y' : 'ies'}: ${added.join(', ')}`,
);
