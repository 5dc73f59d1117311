// The server under load (issue 9, npm run bench): N rooms × 2 real
// @colyseus/sdk clients, one action per room about every second, against a
// bare Colyseus room driven by the same harness in the same run, so that
// the ratios do not depend on the machine. Plain node on the built packages:
//
//   npx tsc -b packages/rules packages/server && node packages/server/bench/rooms.js [N,N,…]
//
// N: 10 and 100 rooms by default; `node rooms.js 1000` or
// LAMES_BENCH_ROOMS=10,100,1000 for more. LAMES_BENCH_SECONDS (default 10)
// is the length of each measured window. Loopback only, bounded in time and
// count: every room sends at most one action a second for that window.
//
// Each server runs in a child process (room-server.js), so that its CPU time
// and memory are its own. For each N and each server:
//   - N rooms are opened, each by two clients (the Lames battle: the creator
//     on the first side and the second side through its invite), after one
//     room opened first and left open so that the first counted room does not
//     pay for loading and compiling the server's code;
//   - the Lames rooms play the deployment (the-ford: a hidden deployment)
//     unmeasured, then every room plays, once a second with a random phase,
//     the next action of its random game of the scenario (the rules' random
//     player: every action one the rules offer the seat to act). There are
//     LAMES_BENCH_GAMES (20) games, each dealt from its own seed: the server
//     deals the seeds in turn and the welcome's dice commitment (the seed's
//     hash) tells which game a room plays. Distinct games, so that the rules'
//     caches, shared by the rooms of a scenario, are not hit as they would be
//     by a thousand copies of one game. A bare room receives the actions of
//     the first game and answers each with a small state change;
//   - the clients run in this process; their CPU over the window is printed
//     too, so that a harness at its limit (near 100 % of a core) shows;
//   - measured: the time from an action sent by one client to the patch
//     that carries it arriving at the OTHER client (p50 and p99), the
//     server's CPU time over the window (per cent of one core), and its RSS
//     after opening the rooms minus before, per room (both after a full GC).
// The goals of issue 9 are printed `ok`/`GOAL` (p99 ≤ 1.5× bare, CPU ≤ 2×
// bare, ≤ 100 KB per room); the issue sets them at 1,000 rooms.
'use strict';
const { fork } = require('node:child_process');
const path = require('node:path');

// The SDK picks globalThis.WebSocket when it loads; Node 20 has none.
globalThis.WebSocket ??= require('ws');
const { Client } = require('@colyseus/sdk');
const { seedHash } = require('@lames/rules');
const { randomGame } = require('@lames/rules/testing');
const { scenarioById } = require('@lames/rules/scenarios');

const SCENARIO = process.env.LAMES_BENCH_SCENARIO || 'the-ford';
const SEED = 'rooms-bench';
/** Distinct games the rooms play (LAMES_BENCH_GAMES, 20 by default): room n plays game n mod 20. */
const GAMES = Number(process.env.LAMES_BENCH_GAMES || 20);
const SECONDS = Number(process.env.LAMES_BENCH_SECONDS || 10);
const COUNTS = (process.argv[2] || process.env.LAMES_BENCH_ROOMS || '10,100')
  .split(',')
  .map(Number);
/** Rooms opened at once while setting up. */
const OPENING = 10;
/** An action whose patch has not come after this long is counted lost (and the room stops). */
const TIMEOUT_MS = 10_000;
const GOALS = { p99: 1.5, cpu: 2, roomKb: 100 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

/** LAMES_BENCH_PROFILE=dir: each Lames server writes a CPU profile there (node --cpu-prof), for docs/performance.md. */
const profile = (mode) =>
  process.env.LAMES_BENCH_PROFILE && mode === 'lames'
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LAMES_BENCH_PROFILE}`]
    : [];

/** The server of `mode` in a child process, with a request/answer channel. */
async function startChild(mode, seeds) {
  const child = fork(path.join(__dirname, 'room-server.js'), [mode, seeds.join(',')], {
    execArgv: ['--expose-gc', ...(process.env.LAMES_BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), ...profile(mode)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
  const ask = () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m.sample));
      child.send({ sample: true });
    });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.send({ stop: true });
    });
  return { port, sample: ask, stop };
}

/** Counts the patches a client sees (actionCount), and wakes whoever waits for a count. */
function watch(room) {
  let welcomed;
  const watcher = {
    count: 0,
    waiting: null,
    welcome: new Promise((resolve) => (welcomed = resolve)),
  };
  room.onMessage('welcome', (m) => welcomed(m));
  room.onStateChange((state) => {
    watcher.count = state.actionCount;
    if (watcher.waiting && watcher.count >= watcher.waiting.count) {
      const w = watcher.waiting;
      watcher.waiting = null;
      w.resolve(now());
    }
  });
  // The battle room's other messages: welcome, events, chat history… read and dropped.
  room.onMessage('*', () => undefined);
  return watcher;
}

function arrival(watcher, count) {
  if (watcher.count >= count) return Promise.resolve(now());
  return new Promise((resolve) => {
    watcher.waiting = { count, resolve };
    setTimeout(() => resolve(null), TIMEOUT_MS);
  });
}

/** A Lames battle with both sides seated; `seats` maps each side to its client; it plays the game of its seed. */
async function openBattle(client, sides, games) {
  const creator = await client.create('battle', {
    scenarioId: SCENARIO,
    seat: sides[0],
    playerName: 'A',
    listed: false,
    referee: false,
  });
  const watchers = { [sides[0]]: watch(creator) };
  const welcome = await watchers[sides[0]].welcome;
  const invite = welcome.invites.find((i) => i.seat === sides[1]).token;
  const other = await client.joinById(creator.roomId, { invite, playerName: 'B' });
  watchers[sides[1]] = watch(other);
  const game = games.get(welcome.dice.seedHash);
  return { rooms: { [sides[0]]: creator, [sides[1]]: other }, watchers, next: 0, sent: 0, ...game };
}

/** A bare room; it receives the actions of the first game (it only counts them). */
async function openBare(client, sides, games) {
  const a = await client.create('bare');
  const b = await client.joinById(a.roomId);
  return {
    rooms: { [sides[0]]: a, [sides[1]]: b },
    watchers: { [sides[0]]: watch(a), [sides[1]]: watch(b) },
    next: 0,
    sent: 0,
    ...games.values().next().value,
  };
}

/** Sends the room's next action and resolves with the time its patch took to reach the other seat (null: lost). */
async function play(room) {
  const { seat, action } = room.script[room.next];
  const other = Object.keys(room.rooms).find((s) => s !== seat);
  room.next += 1;
  room.sent += 1;
  const arrived = arrival(room.watchers[other], room.sent);
  const start = now();
  room.rooms[seat].send('action', action);
  const at = await arrived;
  return at === null ? null : at - start;
}

async function openAll(count, open) {
  const rooms = [];
  for (let i = 0; i < count; i += OPENING) {
    rooms.push(...(await Promise.all(Array.from({ length: Math.min(OPENING, count - i) }, open))));
  }
  return rooms;
}

/** Plays a room's deployment (unmeasured), as fast as each patch comes back. */
async function deploy(room) {
  while (room.next < room.firstMeasured) await play(room);
}

/** One run: `count` rooms on the server of `mode`. */
async function run(mode, count, games, sides) {
  const server = await startChild(mode, games.seeds);
  const client = new Client(`http://127.0.0.1:${server.port}`);
  const open = mode === 'bare' ? () => openBare(client, sides, games.byHash) : () => openBattle(client, sides, games.byHash);
  const warm = await openAll(1, open);
  // The first room also plays the deployment, so that compiling the code it runs is not counted per room.
  await deploy(warm[0]);
  const before = await server.sample();
  const rooms = await openAll(count, open);
  await Promise.all(rooms.map(deploy));
  const opened = await server.sample();
  const latencies = [];
  let lost = 0;
  const start = await server.sample();
  const harnessStart = process.cpuUsage();
  const end = now() + SECONDS * 1000;
  await Promise.all(
    rooms.map(async (room) => {
      await sleep(Math.random() * 1000);
      while (now() < end && room.next < room.script.length) {
        const due = now() + 1000;
        const ms = await play(room);
        if (ms === null) {
          // counted at the timeout in the percentiles: a saturated server must not look fast
          lost += 1;
          latencies.push(TIMEOUT_MS);
          return;
        }
        latencies.push(ms);
        await sleep(due - now());
      }
    }),
  );
  const stop = await server.sample();
  const harness = process.cpuUsage(harnessStart);
  await Promise.all(
    [...warm, ...rooms].flatMap((r) =>
      Object.values(r.rooms).map((c) => c.leave(true).catch(() => undefined)),
    ),
  );
  await server.stop();
  const wallUs = Number(BigInt(stop.at) - BigInt(start.at)) / 1000;
  const cpuUs = stop.cpu.user + stop.cpu.system - start.cpu.user - start.cpu.system;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))];
  return {
    actions: latencies.length,
    lost,
    errors: stop.errors,
    p50: pct(50),
    p99: pct(99),
    cpu: (100 * cpuUs) / wallUs,
    systemCpu: (100 * (stop.cpu.system - start.cpu.system)) / wallUs,
    harnessCpu: (100 * (harness.user + harness.system)) / wallUs,
    heapTotalKb: (opened.heapTotal - before.heapTotal) / count / 1024,
    roomKb: (opened.rss - before.rss) / count / 1024,
    heapKb: (opened.heap - before.heap) / count / 1024,
    buffersKb: (opened.buffers - before.buffers) / count / 1024,
  };
}

const line = (tag, name, value) => console.log(`${tag} ${name.padEnd(44)} ${value}`);
function goal(name, ratio, target, unit = '×') {
  line(
    ratio <= target ? 'ok  ' : 'GOAL',
    name,
    `${ratio.toFixed(2).padStart(9)} ${unit}   (goal ≤ ${target} ${unit})`,
  );
}

function report(count, bare, lames) {
  console.log(
    `\n${count} rooms × 2 clients, one action a second per room (${SCENARIO}), ${SECONDS} s`,
  );
  for (const [name, r] of [
    ['bare room', bare],
    ['lames', lames],
  ]) {
    line(
      'info',
      `${name}: action → patch p50 / p99`,
      `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} ms (${r.actions} actions${r.lost ? `, ${r.lost} of them LOST: no patch within ${TIMEOUT_MS / 1000} s` : ''}${r.errors ? `, ${r.errors} server errors` : ''})`,
    );
    line(
      'info',
      `${name}: CPU; RSS / heap / buffers per room`,
      `${r.cpu.toFixed(1)} % of a core (${r.systemCpu.toFixed(1)} % in the kernel), ${r.roomKb.toFixed(1)} / ${r.heapKb.toFixed(1)} / ${r.buffersKb.toFixed(1)} KiB`,
    );
    line('info', `${name}: the clients' process CPU`, `${r.harnessCpu.toFixed(1)} % of a core`);
  }
  goal('p99 action → patch / bare room', lames.p99 / bare.p99, GOALS.p99);
  goal('server CPU / bare room', lames.cpu / bare.cpu, GOALS.cpu);
  goal('RSS per room', lames.roomKb, GOALS.roomKb, 'KiB');
}

(async () => {
  const longest = Math.max(...COUNTS);
  const scenario = scenarioById(SCENARIO);
  // Enough actions for the deployment and one a second of the window, and some to spare.
  const seeds = Array.from({ length: GAMES }, (_, n) => `${SEED}-${n}`);
  const byHash = new Map(
    seeds.map((seed) => {
      const script = randomGame(scenario, seed, { limit: SECONDS + 30 }).script;
      return [seedHash(seed), { script, firstMeasured: script.findIndex((s) => s.action.type !== 'deploy') }];
    }),
  );
  const games = { seeds, byHash };
  const sides = scenario.sides.map((s) => s.id);
  console.log(`\nserver rooms (${COUNTS.join(', ')} rooms; largest ${longest})`);
  let failed = false;
  for (const count of COUNTS) {
    const bare = await run('bare', count, games, sides);
    const lames = await run('lames', count, games, sides);
    failed ||= lames.errors > 0;
    if (process.env.LAMES_BENCH_DEBUG) console.log(bare, lames);
    report(count, bare, lames);
  }
  process.exitCode = failed ? 1 : 0;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
