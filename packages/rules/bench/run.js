// Speed and memory of the rules' hot paths (npm run bench). Targets, checked
// here and never by timed assertions in tests:
//   - a movement preview (reachable) under 50 ms for any unit of a shipped scenario;
//   - one action applied under 5 ms on average;
//   - a seat view under 2 ms;
//   - a fire or reload preview under 50 ms for any shooter.
// The previews are timed in a running process, as the server and the client
// make them: one untimed pass over every piece first, so that the first
// piece does not also pay for compiling the code (that pass is reported as
// information, "first pass").
const { createGame, apply, reachable, legalActions, viewFor, piecesToActivate, distance, lineOfSight, fireOptions, reloadOption, isShooter, stepCost, movementPoints, neighbourOf } = require('../dist');
const { SCENARIOS } = require('../dist/scenarios');
const { deployFirstFit, deployFord, stressScenario, stressGame, randomPlayer } = require('../dist/testing');

/** The battle as turn 1 opens: the-ford's hidden deployment made as the tests make it, any other's at the first legal hexes (§4.5.2). */
const opened = (scenario, seed) => (scenario.id === 'the-ford' ? deployFord : deployFirstFit)(createGame(scenario, seed));

const TARGETS = { reachableMs: 50, applyMs: 5, viewMs: 2, firePreviewMs: 50 };

// Times are the process's CPU time (user + system), not the wall clock: the
// machines this runs on are shared, and a wall-clock figure there measures
// the load as much as the code (a process given a quarter of a core takes
// four times as long). Helper threads (the garbage collector's) count too.
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e3;
};
function time(fn, runs) {
  const start = cpuMs();
  for (let i = 0; i < runs; i++) fn(i);
  return (cpuMs() - start) / runs;
}

let failed = false;
function report(name, ms, target) {
  const ok = ms <= target;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'SLOW'} ${name.padEnd(44)} ${ms.toFixed(3).padStart(9)} ms   (target ≤ ${target} ms)`);
}

/** One of issue 9's goals, printed with whether it holds (not yet an exit failure: the issue is open). */
function goal(name, value, target, unit = 'ms') {
  console.log(`${value <= target ? 'ok  ' : 'GOAL'} ${name.padEnd(44)} ${value.toFixed(3).padStart(9)} ${unit}   (goal ≤ ${target}${unit === '×' ? '×' : ` ${unit}`})`);
}
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/**
 * The median of `runs` calls, each timed alone: what one call costs when
 * nothing else falls in it. A mean of a few calls takes in whole any
 * collector pause or recompilation that lands in one of them (several ms on
 * the stress battle's heap), and the worst of 75 pieces picks exactly those:
 * the same code gave 6–27 ms as the worst 3-call mean. A pause would have
 * to fall in more than half of a piece's calls to move its median.
 */
function medianMs(fn, runs = PER_PIECE_CALLS) {
  const each = [];
  for (let i = 0; i < runs; i++) {
    const start = cpuMs();
    fn();
    each.push(cpuMs() - start);
  }
  return med(each);
}
const PER_PIECE_CALLS = 15;

// The shipped scenarios, and the stress battle (issue 9: about 150 units on 30×24 hexes, hidden units and decoys on both sides).
for (const scenario of [...SCENARIOS, stressScenario()]) {
  console.log(`\n${scenario.id}`);
  const state = opened(scenario, 'bench');
  const side = state.activeSide;
  const pieces = piecesToActivate(state, side);
  const previews = [];
  for (const piece of pieces) {
    const activated = apply(state, side, { type: 'activate', piece });
    if (!activated.ok) continue;
    for (const mode of ['normal', 'extra', 'minimal']) previews.push(() => reachable(activated.state, side, piece, mode));
  }
  const firstPass = time((i) => previews[i](), previews.length);
  let worst = 0;
  for (const preview of previews) worst = Math.max(worst, time(preview, 5));
  report('reachable, slowest piece and mode', worst, TARGETS.reachableMs);
  console.log(`info ${'reachable, first pass (compiling), mean'.padEnd(44)} ${firstPass.toFixed(3).padStart(9)} ms`);
  report('apply endTurn (activates every piece)', time(() => apply(state, side, { type: 'endTurn' }), 50) / pieces.length, TARGETS.applyMs);
  report('viewFor a player', time(() => viewFor(state, side), 200), TARGETS.viewMs);
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const games = Array.from({ length: 200 }, (_, i) => opened(scenario, `m${i}`));
  global.gc?.();
  const perGame = (process.memoryUsage().heapUsed - before) / games.length / 1024;
  console.log(`info ${'memory per game state'.padEnd(44)} ${perGame.toFixed(1).padStart(9)} KiB`);
}
// The move search against its baseline (issue 9): reachable() for every piece of
// the side to play on the stress battle, and a plain Dijkstra over the same
// board with the same step costs (no facing, no directive, no other unit)
// from the same hexes, measured in the same run: median and worst, and their
// ratio. The goals (median ≤ 1 ms, worst ≤ 5 ms, within 20× the baseline) are
// printed with whether they hold; they are the issue's, not yet this code's.
{
  const state = stressGame('bench');
  const side = state.activeSide;
  const plain = (unit) => {
    const size = state.board.cols * state.board.rows;
    const dist = new Float64Array(size).fill(Infinity);
    const heap = [[0, unit.hex]];
    dist[unit.hex] = 0;
    const budget = movementPoints(unit) * 2;
    while (heap.length > 0) {
      let best = 0;
      for (let i = 1; i < heap.length; i++) if (heap[i][0] < heap[best][0]) best = i;
      const [d, hex] = heap.splice(best, 1)[0];
      if (d > dist[hex]) continue;
      for (let dir = 0; dir < 6; dir++) {
        const sc = stepCost(state.board, unit, hex, dir);
        if (sc.kind !== 'cost') continue;
        const to = neighbourOf(state.board, hex, dir);
        const nd = d + sc.halves;
        if (nd <= budget && nd < dist[to]) {
          dist[to] = nd;
          heap.push([nd, to]);
        }
      }
    }
    return dist;
  };
  const rows = [];
  for (const piece of piecesToActivate(state, side)) {
    const activated = apply(state, side, { type: 'activate', piece });
    const unit = activated.ok && activated.state.units.find((u) => u.id === piece && u.hex >= 0);
    if (!unit) continue;
    reachable(activated.state, side, piece, 'normal');
    rows.push({ search: medianMs(() => reachable(activated.state, side, piece, 'normal')), baseline: medianMs(() => plain(unit)), mean3: time(() => reachable(activated.state, side, piece, 'normal'), 3) });
  }
  const search = rows.map((r) => r.search);
  const baseline = rows.map((r) => r.baseline);
  console.log(`\nstress battle: the move search of ${rows.length} pieces (wings under attack and defend directives); per piece, the median of ${PER_PIECE_CALLS} calls`);
  console.log(`info ${'plain Dijkstra, median (baseline)'.padEnd(44)} ${med(baseline).toFixed(3).padStart(9)} ms`);
  goal('reachable, median', med(search), 1);
  goal('reachable, worst', Math.max(...search), 5);
  // The figure this bench gave before (a mean of 3 calls per piece), for comparison with the earlier passes (docs/performance.md): noisy, see medianMs.
  console.log(`info ${'reachable, worst (mean of 3 calls per piece)'.padEnd(44)} ${Math.max(...rows.map((r) => r.mean3)).toFixed(3).padStart(9)} ms`);
  goal('reachable / plain Dijkstra, medians', med(search) / med(baseline), 20, '×');

  // Every directive (§2.5.1–2.5.4): the same pieces with their wings' directive set to each in turn.
  for (const directive of ['attack', 'defend', 'regroup', 'retreat']) {
    const under = { ...state, wings: state.wings.map((w) => (w.side === side ? { ...w, directive } : w)) };
    const times = [];
    for (const piece of piecesToActivate(under, side)) {
      const activated = apply(under, side, { type: 'activate', piece });
      if (!activated.ok || !activated.state.units.some((u) => u.id === piece && u.hex >= 0)) continue;
      reachable(activated.state, side, piece, 'normal');
      times.push(medianMs(() => reachable(activated.state, side, piece, 'normal')));
    }
    goal(`reachable under ${directive}, median`, med(times), 1);
    goal(`reachable under ${directive}, worst`, Math.max(...times), 5);
  }
  // A whole side's legal actions: what the side to play is offered, every piece (legalActions, the one-hex minimal search included).
  const pieces = piecesToActivate(state, side);
  legalActions(state, side, pieces[0]);
  goal(`legal actions of every piece of a side (${pieces.length})`, time(() => pieces.forEach((p) => legalActions(state, side, p)), 3), 50);
}

// apply per action kind, on positions of random games of the stress battle
// (issue 9: ≤ 2 ms per action), beside structuredClone of the same states.
// And random legal games (the random player's questions included) per
// second: every shipped scenario, and the stress battle's 12 turns against
// the goal of 5 s — bounded, an unfinished game prints how far it went.
{
  const scenario = stressScenario();
  const positions = [];
  for (const seed of ['p1', 'p2']) {
    const next = randomPlayer(seed);
    let state = createGame(scenario, seed);
    const start = Date.now();
    while (state.status === 'playing' && positions.length < 400 * (seed === 'p1' ? 1 : 2) && Date.now() - start < 30000) {
      const { seat, action } = next(state);
      positions.push({ state, seat, action });
      state = apply(state, seat, action).state;
    }
  }
  const byKind = new Map();
  for (const p of positions) {
    apply(p.state, p.seat, p.action);
    const ms = time(() => apply(p.state, p.seat, p.action), 3);
    byKind.set(p.action.type, [...(byKind.get(p.action.type) ?? []), ms]);
  }
  const all = [...byKind.values()].flat();
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cloneMs = mean(positions.slice(0, 50).map((p) => time(() => structuredClone(p.state), 3)));
  console.log(`\nstress battle: apply on ${positions.length} positions of random games`);
  console.log(`info ${'structuredClone of the state (baseline)'.padEnd(44)} ${cloneMs.toFixed(3).padStart(9)} ms`);
  for (const [kind, ms] of [...byKind].sort((a, b) => b[1].length - a[1].length)) console.log(`info ${`apply ${kind} (${ms.length}), mean / worst`.padEnd(44)} ${mean(ms).toFixed(3).padStart(9)} ms  ${Math.max(...ms).toFixed(3).padStart(9)} ms`);
  goal('apply, mean per action', mean(all), 2);

  console.log('\nrandom legal games, the random player included');
  for (const s of SCENARIOS) {
    const start = cpuMs();
    let games = 0;
    while (cpuMs() - start < 3000 || games === 0) {
      const next = randomPlayer(`g${games}`);
      let state = createGame(s, `g${games}`);
      while (state.status === 'playing') {
        const { seat, action } = next(state);
        state = apply(state, seat, action).state;
      }
      games += 1;
    }
    console.log(`info ${`${s.id}, games per second`.padEnd(44)} ${(games / ((cpuMs() - start) / 1000)).toFixed(2).padStart(9)}`);
  }
  const next = randomPlayer('bench');
  let state = createGame(scenario, 'bench');
  const start = Date.now();
  const startCpu = cpuMs();
  let actions = 0;
  while (state.status === 'playing' && Date.now() - start < 60000) {
    const { seat, action } = next(state);
    state = apply(state, seat, action).state;
    actions += 1;
  }
  const seconds = (cpuMs() - startCpu) / 1000;
  const where = state.status === 'ended' ? `${state.turn} turns, ${actions} actions` : `unfinished: turn ${state.turn} of ${state.turnLimit}, ${actions} actions`;
  goal(`stress battle, a random game (${where})`, seconds, 5, 's');
}
// Line of sight for every pair of units (§3.2.4): what fire options and the
// hidden units' sweep ask for. Measured on the largest shipped scenario as a
// ratio to hex distance for the same pairs, measured in the same run, so the
// figure does not depend on the machine.
{
  const largest = [...SCENARIOS].sort((a, b) => b.units.length - a.units.length || b.map.cols * b.map.rows - a.map.cols * a.map.rows)[0];
  const state = opened(largest, 'bench');
  const hexes = state.units.map((u) => u.hex);
  const everyPair = (fn) => () => {
    for (let i = 0; i < hexes.length; i++) for (let j = 0; j < hexes.length; j++) if (i !== j) fn(state.board, hexes[i], hexes[j]);
  };
  const pairs = hexes.length * (hexes.length - 1);
  console.log(`\n${largest.id}: line of sight, every pair of units (${pairs} ordered pairs)`);
  const cold = time(everyPair(lineOfSight), 1);
  const baseline = time(everyPair(distance), 200);
  const sight = time(everyPair(lineOfSight), 200);
  console.log(`info ${'hex distance, every pair (baseline)'.padEnd(44)} ${baseline.toFixed(3).padStart(9)} ms`);
  console.log(`info ${'line of sight, every pair of units'.padEnd(44)} ${sight.toFixed(3).padStart(9)} ms   (${(sight / baseline).toFixed(1)} × baseline)`);
  console.log(`info ${'line of sight, every pair, first pass'.padEnd(44)} ${cold.toFixed(3).padStart(9)} ms   (${(cold / baseline).toFixed(1)} × baseline)`);
}
// Fire previews (§3.2.9, §3.2.10): what the fire and reload panels ask for each
// shooter of the side to play, activated — every target in range with its
// line of sight, advantage, modifiers and odds. On the largest shipped
// scenario and on the stress battle, whose armies are in contact somewhere.
{
  const largest = [...SCENARIOS].sort((a, b) => b.units.length - a.units.length || b.map.cols * b.map.rows - a.map.cols * a.map.rows)[0];
  for (const scenario of [largest, stressScenario()]) {
    const state = opened(scenario, 'bench');
    const side = state.activeSide;
    const shooters = piecesToActivate(state, side).filter((id) => state.units.some((u) => u.id === id && isShooter(u)));
    const previews = [];
    let targets = 0;
    for (const piece of shooters) {
      const activated = apply(state, side, { type: 'activate', piece });
      if (!activated.ok) continue;
      targets += fireOptions(activated.state, side, piece).length;
      previews.push(() => fireOptions(activated.state, side, piece), () => reloadOption(activated.state, side, piece));
    }
    console.log(`\n${scenario.id}: fire previews of ${shooters.length} shooters (${targets} targets in range between them)`);
    let worst = 0;
    for (const preview of previews) worst = Math.max(worst, time(preview, 5));
    report('fire or reload preview, slowest shooter', worst, TARGETS.firePreviewMs);
    console.log(`info ${'fire and reload previews, every shooter'.padEnd(44)} ${time(() => previews.forEach((p) => p()), 5).toFixed(3).padStart(9)} ms`);
  }
}
process.exitCode = failed ? 1 : 0;
