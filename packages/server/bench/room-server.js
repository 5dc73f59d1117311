// The server under test of the rooms bench (rooms.js), in a child process of
// its own so that its CPU time and memory are the server's alone, not the
// clients'. Started with `fork(__filename, [mode])`:
//
//   mode 'lames': the real server (startServer) on 127.0.0.1, a free port, a
//     file store in a temporary directory, every battle dealt from the seed
//     the parent passes (so that every room plays the same random game);
//   mode 'bare':  a bare Colyseus 0.18 server with one trivial room, 'bare',
//     that answers each 'action' message with a small state change (a counter
//     and the last sender) sent at once, as the battle room sends its patch.
//
// It tells the parent its port ({ port }), then answers { sample } messages
// with its CPU time, RSS and heap (after a full GC when --expose-gc is on)
// and { stop } by closing and exiting.
'use strict';
const { startBenchServer } = require('./bench-server');

const mode = process.argv[2];
/** The seeds the battles are dealt from, comma-separated: the first room created gets the first, and so on round. */
const seeds = (process.argv[3] ?? 'bench').split(',');
let dealt = 0;
const nextSeed = () => seeds[dealt++ % seeds.length];

const startLames = () => {
  if (process.env.LAMES_BENCH_TIMING) timeServer();
  return startBenchServer('rooms', seeds[0], { seed: nextSeed });
};

/**
 * LAMES_BENCH_TIMING=1: where an action's time goes in the Lames server
 * (the store's append, the whole playAction, the event loop's delay),
 * printed at the end as p50 / p99 / max in ms, for docs/performance.md.
 */
function timeServer() {
  const { createHistogram, monitorEventLoopDelay } = require('node:perf_hooks');
  const { FileStore } = require('../dist/persistence/file-store');
  const { BattleRoom } = require('../dist/rooms/battle-room');
  const timed = (proto, name) => {
    const histogram = createHistogram();
    const original = proto[name];
    proto[name] = async function (...args) {
      const start = process.hrtime.bigint();
      try {
        return await original.apply(this, args);
      } finally {
        histogram.record(process.hrtime.bigint() - start);
      }
    };
    return [name, histogram];
  };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const fsPromises = require('node:fs').promises;
  const all = [
    timed(fsPromises, 'open'),
    timed(FileStore.prototype, 'append'),
    timed(BattleRoom.prototype, 'playAction'),
    ['event loop delay', delay],
  ];
  // the journal's flush: FileHandle is not exported, its prototype is the opened handle's
  void fsPromises.open(__filename, 'r').then(async (h) => {
    all.splice(1, 0, timed(Object.getPrototypeOf(h), 'datasync'));
    await h.close();
  });
  process.on('exit', () => {
    const ms = (ns) => (Number(ns) / 1e6).toFixed(1);
    for (const [name, h] of all) console.log(`  lames server ${name}: p50 ${ms(h.percentile(50))} / p99 ${ms(h.percentile(99))} / max ${ms(h.max)} ms (${h.count ?? ''})`);
  });
}

async function startBare() {
  const { createServer } = require('node:http');
  const { Room, Server } = require('@colyseus/core');
  const { WebSocketTransport } = require('@colyseus/ws-transport');
  // The copy of @colyseus/schema that core encodes with (see src/sync/colyseus-schema.mts).
  const { schema, t } = require('../dist/sync/colyseus-schema.mjs');
  const BareState = schema({ actionCount: t.uint32(), last: t.string() }, 'BareState');
  class BareRoom extends Room {
    onCreate() {
      this.maxClients = 2;
      this.patchRate = null;
      this.state = new BareState();
      this.state.actionCount = 0;
      this.onMessage('action', (client) => {
        this.state.actionCount += 1;
        this.state.last = client.sessionId;
        this.broadcastPatch();
      });
    }
  }
  const httpServer = createServer();
  const server = new Server({
    transport: new WebSocketTransport({ server: httpServer }),
    greet: false,
    gracefullyShutdown: false,
    logger: silentLogger(),
  });
  server.define('bare', BareRoom);
  await server.listen(0, '127.0.0.1');
  return {
    port: httpServer.address().port,
    errors: () => 0,
    close: async () => {
      await server.gracefullyShutdown(false);
      if (httpServer.listening) await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}

function silentLogger() {
  const nothing = () => undefined;
  return { debug: nothing, info: nothing, warn: nothing, error: nothing, trace: nothing };
}

/**
 * LAMES_BENCH_HEAPSNAPSHOT=dir: a heap snapshot at the first two samples
 * (`<mode>-0.heapsnapshot` before the rooms open, `<mode>-1` once they have
 * deployed), to see what a room holds; the window's samples write none, so
 * the CPU measured is unchanged.
 */
let samples = 0;
function snapshot() {
  const dir = process.env.LAMES_BENCH_HEAPSNAPSHOT;
  if (dir && samples < 2) require('node:v8').writeHeapSnapshot(require('node:path').join(dir, `${mode}-${samples}.heapsnapshot`));
  samples += 1;
}

/**
 * LAMES_BENCH_WINDOW_PROFILE=dir: a CPU profile of the measured window
 * alone (between the third sample, its start, and the fourth, its end),
 * `<mode>-window.cpuprofile`: LAMES_BENCH_PROFILE's covers the whole life
 * of the server, start-up, deployment and the leaving of every client too.
 */
let session = null;
function windowProfile(at) {
  const dir = process.env.LAMES_BENCH_WINDOW_PROFILE;
  if (!dir) return;
  const inspector = require('node:inspector');
  if (at === 2) {
    session = new inspector.Session();
    session.connect();
    session.post('Profiler.enable', () => session.post('Profiler.start'));
  } else if (at === 3 && session) {
    session.post('Profiler.stop', (err, result) => {
      if (!err) require('node:fs').writeFileSync(require('node:path').join(dir, `${mode}-window.cpuprofile`), JSON.stringify(result.profile));
      session.disconnect();
    });
  }
}

function sample(errors) {
  global.gc?.();
  const memory = process.memoryUsage();
  const at = samples;
  snapshot(); // after the measure: writing it allocates
  windowProfile(at);
  return {
    cpu: process.cpuUsage(),
    at: process.hrtime.bigint().toString(),
    rss: memory.rss,
    buffers: memory.arrayBuffers,
    heap: memory.heapUsed,
    heapTotal: memory.heapTotal,
    errors: errors(),
  };
}

(async () => {
  const server = mode === 'bare' ? await startBare() : await startLames();
  process.on('message', async (m) => {
    if (m.sample) process.send({ sample: sample(server.errors) });
    if (m.stop) {
      await server.close();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ port: server.port });
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
