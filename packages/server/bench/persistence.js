// Time and bytes per stored action after 10, 100 and 1,000 actions (issues 9
// and 12: storing an action must cost the same at the 1,000th action as at
// the 10th). Plain node on the built packages:
//
//   npx tsc -b packages/rules packages/server && node packages/server/bench/persistence.js
//
// For each store (the file store in a temporary directory, and PostgreSQL
// when LAMES_TEST_PG_URL is set, in a schema of its own dropped at the end)
// a battle is saved as a snapshot of N actions, then RUNS actions are
// appended as a room appends them (BattleStore.append): the median time and
// the bytes of one append are printed, with their ratio to a baseline timed
// in the same run (the action's JSON appended to a file, flushed like the
// file store flushes), and the 1,000/10 ratio that the goal is about. The
// whole-record save that the journal replaced, and that a snapshot still
// costs once every SNAPSHOT_EVERY actions, is printed beside for reference.
//
// Past the end of the random the-ford battle its actions are stored again
// (renumbered): an append never replays, only its size matters.
const { promises: fs } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { apply, createGame } = require('@lames/rules');
const { scenarioById } = require('@lames/rules/scenarios');
const { randomGame } = require('@lames/rules/testing');
const { openFileStore } = require('../dist/persistence/file-store');
const { openPgStore } = require('../dist/persistence/pg-store');
const { headOf, SNAPSHOT_EVERY } = require('../dist/persistence/journal');

const POINTS = [10, 100, 1000];
const RUNS = Number(process.env.LAMES_BENCH_RUNS || 40);
const SAVES = 5;

const hash = (c) => c.repeat(43).slice(0, 43);
const access = {
  listed: true,
  creatorSeat: 'ardenne',
  seats: {
    ardenne: { keyHash: hash('a'), inviteHash: null, playerName: 'Gauvain' },
    'black-teeth': { keyHash: hash('b'), inviteHash: null, playerName: 'Grishak' },
  },
  spectatorHash: hash('s'),
  othersClaimed: true,
};

/** A random the-ford battle: its states and journal entries (the rules' own random player). */
function playBattle() {
  const scenario = scenarioById('the-ford');
  const seed = 'persistence-bench';
  const game = randomGame(scenario, seed, { limit: 1000 });
  let state = createGame(scenario, seed);
  const states = [state];
  const entries = game.script.map(({ seat, action }, n) => {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`action ${n} refused on replay: ${r.rejection.code}`);
    state = r.state;
    states.push(state);
    return { n, seat, action, events: r.events };
  });
  return { states, entries };
}

const battle = playBattle();
const entryAt = (n) => ({ ...battle.entries[n % battle.entries.length], n });
const stateAt = (n) => battle.states[Math.min(n, battle.states.length - 1)];
const logUpTo = (n) => Array.from({ length: n }, (_, i) => entryAt(i).events).flat();

function recordAt(id, n, log = logUpTo(n)) {
  return {
    id,
    battleName: `Bench ${id}`,
    scenarioId: 'the-ford',
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: new Date().toISOString(),
    status: 'playing',
    state: stateAt(n),
    log,
    access,
    actions: n,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The baseline: the action's JSON line appended to a file, flushed, as a bare journal would. */
async function baseline(dir, n) {
  const file = path.join(dir, `baseline-${n}.jsonl`);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const line = `${JSON.stringify(battle.entries[(n + i) % battle.entries.length].action)}\n`;
    bytes += Buffer.byteLength(line);
    times.push(
      await timed(async () => {
        const handle = await fs.open(file, 'a');
        try {
          await handle.writeFile(line);
          await handle.datasync();
        } finally {
          await handle.close();
        }
      }),
    );
  }
  return { ms: median(times), bytes: bytes / RUNS };
}

/** One store at one point: RUNS appends after a snapshot of n actions, and SAVES whole-record saves of n actions. */
async function measure(store, name, n, bytesOf) {
  const id = `bench-${name}-${n}`;
  const log = logUpTo(n);
  await store.save(recordAt(id, n, log));
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const entry = entryAt(n + i);
    const head = headOf({ ...recordAt(id, n + i + 1, []), updatedAt: new Date().toISOString() });
    const before = await bytesOf(id);
    times.push(await timed(() => store.append(id, entry, head)));
    bytes += (await bytesOf(id, entry, head)) - before;
  }
  const saves = [];
  const record = recordAt(id, n, log);
  for (let i = 0; i < SAVES; i++) saves.push(await timed(() => store.save(record)));
  await store.delete(id);
  return { ms: median(times), bytes: bytes / RUNS, saveMs: median(saves), saveBytes: Buffer.byteLength(JSON.stringify(record)) };
}

function print(name, rows, base) {
  console.log(`\n${name}: one stored action (append), after N actions; baseline = the action's JSON appended to a file and flushed`);
  console.log('     N   append ms  ×baseline   bytes  ×baseline  | whole-record save ms   bytes (replaced by the journal; one snapshot per ' + SNAPSHOT_EVERY + ' actions)');
  for (const n of POINTS) {
    const r = rows[n];
    const b = base[n];
    console.log(
      `${String(n).padStart(6)} ${r.ms.toFixed(3).padStart(11)} ${(r.ms / b.ms).toFixed(2).padStart(9)}× ${Math.round(r.bytes).toString().padStart(7)} ${(r.bytes / b.bytes).toFixed(1).padStart(9)}×  | ${r.saveMs.toFixed(3).padStart(20)} ${String(r.saveBytes).padStart(7)}`,
    );
  }
  const first = rows[POINTS[0]];
  const last = rows[POINTS[POINTS.length - 1]];
  const timeRatio = last.ms / last.baseMs / (first.ms / first.baseMs);
  console.log(
    `  at ${POINTS[POINTS.length - 1]} vs ${POINTS[0]} actions: time ×${(last.ms / first.ms).toFixed(2)} (×${timeRatio.toFixed(2)} against the baseline), bytes ×${(last.bytes / first.bytes).toFixed(2)}; whole-record save ×${(last.saveMs / first.saveMs).toFixed(1)}`,
  );
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lames-persistence-bench-'));
  console.log(`the-ford random battle: ${battle.entries.length} actions played, repeated up to ${POINTS[POINTS.length - 1] + RUNS}; ${RUNS} appends per point; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    // One unreported round first, so that no point also pays for compiling the code or opening connections.
    await baseline(dir, 0);
    const base = {};
    for (const n of POINTS) base[n] = await baseline(dir, n);

    const file = await openFileStore(dir);
    // Bytes the shared log grew by (its writes are all this battle's here).
    const journalSize = async () => file.logStats().bytes;
    await measure(file, 'warm', POINTS[0], journalSize);
    const fileRows = {};
    for (const n of POINTS) fileRows[n] = { ...(await measure(file, 'file', n, journalSize)), baseMs: base[n].ms };
    await file.close();
    print('file store', fileRows, base);

    const pgUrl = process.env.LAMES_TEST_PG_URL;
    if (pgUrl) {
      const { Client } = require('pg');
      const schema = `lames_bench_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      try {
        const pg = await openPgStore(pgUrl, { options: `-c search_path=${schema}` });
        // What one append sends: the entry and its head as jsonb (the head columns are a few dozen bytes more).
        let sent = 0;
        const sentBytes = async (_id, entry, head) => (entry ? (sent += Buffer.byteLength(JSON.stringify({ ...entry, head }))) : sent);
        await measure(pg, 'warm', POINTS[0], sentBytes);
        const pgRows = {};
        for (const n of POINTS) pgRows[n] = { ...(await measure(pg, 'pg', n, sentBytes)), baseMs: base[n].ms };
        await pg.close();
        print('PostgreSQL', pgRows, base);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    } else {
      console.log('\nPostgreSQL: skipped (set LAMES_TEST_PG_URL to measure it)');
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
