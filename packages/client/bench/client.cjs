// The browser client's figures (npm run bench, issue 11): the size of the built
// JS (raw, gzip, brotli, every chunk) and the first render of the largest battle
// in headless chromium, against the first render of the smallest shipped
// scenario measured in the same run (the baseline), so that the ratio does not
// depend on the machine.
//
// "First render": a fresh browser context (empty cache, as a player's first
// visit) opens a seat's personal link; timed from the start of the navigation
// to the first animation frame after the game page has drawn the map with every
// counter of the seat's view (the page's test hook `ready`, set once the map
// and panels are drawn). That covers downloading and starting the bundle,
// joining the room, the state sync and the drawing.
//
// The largest battle is the rules bench's stress battle (about 150 units on
// 30×24 hexes): the server is started in-process with it standing in for the
// raven hills (same sides), both sides deploy their hidden units and decoys
// (as deployFirstFit does) through the real room, then the page opens.
// Needs the built server and client (npm run bench builds the server; the
// client: npm run build -w @lames/client) and Debian's chromium.
'use strict';
const { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const WS = require('ws');
const { decodeEvents, EVENTS_MESSAGE, wireNamesOf } = require('@lames/rules');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DIST = path.join(ROOT, 'packages', 'client', 'dist');
const CHROMIUM = '/usr/bin/chromium';
/** Timed runs per battle (the median is kept), after one untimed run that warms the browser and the server. */
const RUNS = 3;
/** Issue 11's goal for the largest battle: its first render within this many times the smallest scenario's. */
const GOAL_RATIO = 2;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const line = (tag, name, value) => console.log(`${tag} ${name.padEnd(44)} ${value}`);

/** Raw, gzip and brotli sizes of every JS chunk of the build, at the levels the build's twins use. */
function bundleSizes() {
  const assets = path.join(DIST, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const raw = readFileSync(path.join(assets, f));
      return {
        file: f,
        raw: raw.length,
        gzip: gzipSync(raw, { level: 9 }).length,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    })
    .sort((a, b) => b.raw - a.raw);
  const total = chunks.reduce((t, c) => ({ raw: t.raw + c.raw, gzip: t.gzip + c.gzip, br: t.br + c.br }), { raw: 0, gzip: 0, br: 0 });
  return { chunks, total };
}

function printBundle() {
  const { chunks, total } = bundleSizes();
  console.log('\nclient bundle (packages/client/dist/assets, every JS chunk)');
  line('info', `JS, ${chunks.length} chunks: raw / gzip / brotli`, `${kb(total.raw)} / ${kb(total.gzip)} / ${kb(total.br)}`);
  for (const c of chunks.slice(0, 3)) line('info', `  ${c.file}`, `${kb(c.raw)} / ${kb(c.gzip)} / ${kb(c.br)}`);
  line('info', 'sent to a browser accepting br, of the raw JS', `${((100 * total.br) / total.raw).toFixed(0)} %`);
}

/** A seated SDK connection: the room and the messages it got, by type. */
async function seated(client, join) {
  const room = await join(client);
  const inbox = { welcome: [], events: [], rejected: [] };
  room.onMessage('welcome', (m) => inbox.welcome.push(m));
  room.onMessage('rejected', (m) => inbox.rejected.push(m));
  // the events come as bytes naming sides and open units by their place in the state's public table (@lames/rules wire/events.ts)
  room.onMessage(EVENTS_MESSAGE, (bytes) => inbox.events.push(decodeEvents(bytes, wireNamesOf(room.state))));
  room.onMessage('*', () => undefined);
  await until(() => inbox.welcome.length > 0, 'the welcome');
  return { room, inbox };
}

async function until(test, what, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (test()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Each side's hidden deployment as deployFirstFit makes it: the units waiting (hex -1) where it put them, and its decoys. */
function firstFitPlacements(rules, testing, scenario, seed) {
  const initial = rules.createGame(scenario, seed);
  const deployed = testing.deployFirstFit(initial);
  const out = {};
  for (const side of initial.sides.map((s) => s.id)) {
    const waiting = initial.units.filter((u) => u.side === side && u.hex < 0 && !u.destroyed).map((u) => u.id);
    out[side] = {
      units: deployed.units.filter((u) => waiting.includes(u.id)).map((u) => ({ unit: u.id, hex: u.hex, facing: u.facing })),
      decoys: deployed.decoys.filter((d) => d.side === side).map((d) => ({ mimic: d.mimic, hex: d.hex, facing: d.facing })),
    };
  }
  return out;
}

/** Opens a battle of `scenario` with both sides seated, deployed when it deploys hidden; returns the first side's key. */
async function openDeployedBattle(ctx, scenarioId, scenario) {
  const [first, second] = scenario.sides.map((s) => s.id);
  const a = await seated(new ctx.Client(ctx.url), (c) => c.create('battle', { scenarioId, seat: first, playerName: 'Banc', battleName: `bench ${scenarioId}`, listed: false }));
  const invite = a.inbox.welcome[0].invites.find((i) => i.seat === second).token;
  const b = await seated(new ctx.Client(ctx.url), (c) => c.joinById(a.room.roomId, { invite, playerName: 'Essai' }));
  if (scenario.units.some((u) => u.deployHidden)) {
    const placements = firstFitPlacements(ctx.rules, ctx.testing, scenario, ctx.seed);
    for (const [side, s] of [[first, a], [second, b]]) {
      const told = s.inbox.events.length + s.inbox.rejected.length;
      s.room.send('action', { type: 'deploy', ...placements[side] });
      await until(() => s.inbox.events.length + s.inbox.rejected.length > told, `${side}'s deployment`);
      if (s.inbox.rejected.length) throw new Error(`deployment refused: ${JSON.stringify(s.inbox.rejected[0])}`);
    }
  }
  return { battleId: a.room.roomId, key: a.inbox.welcome[0].seatKey };
}

/** One first visit of the seat's personal link: ms from navigation start to the first frame with the map drawn, and what the seat sees. */
async function firstRender(browser, base, battle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  await context.addInitScript(() => localStorage.setItem('lames.playerName', 'Banc'));
  const page = await context.newPage();
  try {
    await page.goto(`${base}#/b/${battle.battleId}/k/${battle.key}`);
    const handle = await page.waitForFunction(
      () => {
        const l = window.__lames;
        if (!l || !l.ready || !l.view) return false;
        return { ms: performance.now(), units: l.view.units.filter((u) => u.hex >= 0 && !u.destroyed).length, covers: (l.view.covers ?? []).length };
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return await handle.jsonValue();
  } finally {
    await context.close();
  }
}

/** A blank visit of the lobby (no battle): ms to the first frame with the lobby's form. */
async function lobbyLoad(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto(base);
    const handle = await page.waitForFunction(() => document.querySelector('#scenario option') && performance.now(), undefined, { polling: 'raf', timeout: 60_000 });
    return await handle.jsonValue();
  } finally {
    await context.close();
  }
}

async function median(runs, measure) {
  await measure();
  const out = [];
  for (let i = 0; i < runs; i++) out.push(await measure());
  const key = (r) => (typeof r === 'number' ? r : r.ms);
  return out.sort((x, y) => key(x) - key(y))[Math.floor(runs / 2)];
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('The client is not built: run `npm run build -w @lames/client` first.');
  printBundle();
  if (!existsSync(CHROMIUM)) {
    console.log(`info ${'first render: skipped'.padEnd(44)} ${CHROMIUM} is missing`);
    return true;
  }

  // The server's own WebSocket for the SDK on Node 20, before the SDK loads (as the server tests do).
  globalThis.WebSocket ??= WS;
  const { Client } = require('@colyseus/sdk');
  const { startServer } = require('../../server/dist/app');
  const { readConfig } = require('../../server/dist/config');
  const rules = require('@lames/rules');
  const testing = require('@lames/rules/testing');
  const { SCENARIOS } = require('@lames/rules/scenarios');
  const { chromium } = require('playwright-core');

  const smallest = [...SCENARIOS].sort((a, b) => a.units.length - b.units.length)[0];
  const stress = testing.stressScenario();
  const largestShipped = [...SCENARIOS].sort((a, b) => b.units.length - a.units.length)[0];
  const stand = largestShipped.sides.map((s) => s.id).join() === stress.sides.map((s) => s.id).join() ? largestShipped.id : null;
  if (!stand) throw new Error('the stress battle needs a shipped scenario with its sides to stand in for');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lames-bench-client-'));
  const seed = 'bench';
  const scenarios = Object.fromEntries(SCENARIOS.map((s) => [s.id, s]));
  scenarios[stand] = stress;
  const server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', LAMES_DATA_DIR: dataDir, LAMES_CREATES_PER_HOUR: '1000' }), {
    scenarios,
    seed: () => seed,
    logError: () => undefined,
  });
  const url = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--enable-unsafe-swiftshader'] });
  const ctx = { Client, url, rules, testing, seed };
  try {
    console.log(`\nfirst render in chromium (fresh context, personal link → map drawn; median of ${RUNS} after a warm-up)`);
    const lobby = await median(RUNS, () => lobbyLoad(browser, `${url}/`));
    line('info', 'lobby, blank visit', `${lobby.toFixed(0).padStart(9)} ms`);
    const baseBattle = await openDeployedBattle(ctx, smallest.id, smallest);
    const base = await median(RUNS, () => firstRender(browser, `${url}/`, baseBattle));
    line('info', `${smallest.id} (${smallest.units.length} units), baseline`, `${base.ms.toFixed(0).padStart(9)} ms   (${base.units} units, ${base.covers} covers in view)`);
    const bigBattle = await openDeployedBattle(ctx, stand, stress);
    const big = await median(RUNS, () => firstRender(browser, `${url}/`, bigBattle));
    line('info', `${stress.id} (${stress.units.length} units)`, `${big.ms.toFixed(0).padStart(9)} ms   (${big.units} units, ${big.covers} covers in view)`);
    const ratio = big.ms / base.ms;
    line(ratio <= GOAL_RATIO ? 'ok  ' : 'GOAL', 'stress battle / baseline first render', `${ratio.toFixed(2).padStart(9)} ×    (goal ≤ ${GOAL_RATIO}×)`);
  } finally {
    // The server first: it closes the rooms and their connections at once (a leave() of a
    // connection already closed by the page's takeover would never settle).
    await server.close();
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return true;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
