// Bytes on the wire (issue 9, npm run bench): what each seat receives for one
// action, and the full state on joining, against JSON of the same visible
// state. Plain node on the built packages:
//
//   npx tsc -b packages/rules packages/server && node packages/server/bench/wire.js
//
// The server runs in this process (127.0.0.1, a free port) with the stress
// battle (@lames/rules/testing: about 150 units on 30×24 hexes) standing in
// for the shipped scenario with the same sides, every battle dealt from one
// seed; the same game is played here through the rules beside it, so that
// the bench knows what each seat may see (viewFor). Every frame each client
// receives is recorded before the SDK decodes it (as the secrecy tests do).
//
//   - full state on join: both sides deploy (as deployFirstFit places them),
//     then a new connection enters each side with its key; the state frame it
//     receives (Colyseus ROOM_STATE) against JSON of viewFor for that side;
//   - a one-hex move: a piece in the open is activated (unmeasured), then moves
//     one hex; every frame each seat receives for it (patch and messages,
//     events included) against JSON of the moved unit in the other's view.
// Goals of issue 9, printed `ok`/`GOAL`: a one-hex move reaches the other seat
// in ≤ 64 bytes including its events; the full state ≤ 40 % of JSON.
'use strict';
const WS = require('ws');

/** A WebSocket that keeps every frame it receives, as bytes. */
class RecordingWebSocket extends WS {
  constructor(address, options) {
    super(address, options);
    this.frames = [];
    this.on('message', (data) => this.frames.push(Buffer.from(data)));
  }
}
// The SDK picks the global WebSocket when it loads.
globalThis.WebSocket = RecordingWebSocket;
const { Client } = require('@colyseus/sdk');
const rules = require('@lames/rules');
const { SCENARIOS } = require('@lames/rules/scenarios');
const { deployFirstFit, stressScenario } = require('@lames/rules/testing');
const { startBenchServer } = require('./bench-server');

const SEED = 'wire-bench';
const GOALS = { moveBytes: 64, fullStateShare: 40 };
/** Colyseus frame kinds (first byte): a message, the full state, a patch. */
const KIND = { 13: 'messages', 14: 'state', 15: 'patch' };

const line = (tag, name, value) => console.log(`${tag} ${name.padEnd(44)} ${value}`);
const jsonBytes = (x) => Buffer.byteLength(JSON.stringify(x));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(check, what, timeoutMs = 30_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** A seated connection: its room, the messages it got by type, its raw frames. */
async function seat(enter) {
  const room = await enter();
  const inbox = { welcome: [], events: [], rejected: [] };
  room.onMessage('welcome', (m) => inbox.welcome.push(m));
  room.onMessage('rejected', (m) => inbox.rejected.push(m));
  // the events come as bytes (@lames/rules wire/events.ts)
  room.onMessage(rules.EVENTS_MESSAGE, (bytes) =>
    inbox.events.push(rules.decodeEvents(bytes, rules.wireNamesOf(room.state))),
  );
  room.onMessage('*', () => undefined);
  await until(() => inbox.welcome.length > 0, 'the welcome');
  return { room, inbox, frames: () => room.connection.transport.ws.frames };
}

/** Bytes of the frames received since frame `from`, by kind. */
function bytesSince(s, from) {
  const out = { patch: 0, messages: 0, state: 0, total: 0 };
  for (const f of s.frames().slice(from)) {
    out[KIND[f[0]] ?? 'messages'] += f.length;
    out.total += f.length;
  }
  return out;
}

/** Sends `action` from `by`, waits for the events at every seat, and keeps the rules' game in step. */
async function play(battle, by, action, seats) {
  const told = seats.map((s) => s.inbox.events.length);
  const before = seats.map((s) => s.frames().length);
  by.room.send('action', action);
  if (process.env.LAMES_BENCH_DEBUG) {
    await sleep(300);
    seats.forEach((s, i) =>
      s
        .frames()
        .slice(before[i])
        .forEach((f) => console.log(action.type, i, f.length, f.toString('hex'))),
    );
  }
  await until(
    () => by.inbox.rejected.length > 0 || seats.every((s, i) => s.inbox.events.length > told[i]),
    `${action.type}'s events`,
  );
  if (by.inbox.rejected.length > 0)
    throw new Error(`${action.type} refused: ${JSON.stringify(by.inbox.rejected[0])}`);
  const r = rules.apply(battle.state, battle.seatOf.get(by), action);
  if (!r.ok) throw new Error(`${action.type} refused by the rules here: ${r.rejection.code}`);
  battle.state = r.state;
  return seats.map((s, i) => bytesSince(s, before[i]));
}

/** Each side's hidden deployment as deployFirstFit makes it (as the client bench does). */
function placements(initial) {
  const deployed = deployFirstFit(initial);
  const out = {};
  for (const side of initial.sides.map((s) => s.id)) {
    const waiting = initial.units
      .filter((u) => u.side === side && u.hex < 0 && !u.destroyed)
      .map((u) => u.id);
    out[side] = {
      type: 'deploy',
      units: deployed.units
        .filter((u) => waiting.includes(u.id))
        .map((u) => ({ unit: u.id, hex: u.hex, facing: u.facing })),
      decoys: deployed.decoys
        .filter((d) => d.side === side)
        .map((d) => ({ mimic: d.mimic, hex: d.hex, facing: d.facing })),
    };
  }
  return out;
}

/** A piece of `side` in the open with a one-hex move (one step, no turn) after its activation. */
function oneHexMove(state, side) {
  for (const piece of rules.piecesToActivate(state, side)) {
    const unit = state.units.find((u) => u.id === piece);
    if (!unit || unit.hidden) continue;
    const activated = rules.apply(state, side, { type: 'activate', piece });
    if (!activated.ok) continue;
    const move = (a) => ({ type: 'move', piece, mode: 'normal', steps: a.steps });
    // reachable() says where a move may go, apply() whether the piece may move at all (§2.6.11: not when engaged).
    const arrival = rules
      .reachable(activated.state, side, piece, 'normal')
      .find(
        (a) =>
          a.steps.length === 1 &&
          'to' in a.steps[0] &&
          !a.ends &&
          rules.apply(activated.state, side, move(a)).ok,
      );
    if (arrival) return { piece, move: move(arrival) };
  }
  throw new Error(`no piece of ${side} in the open has a one-hex move`);
}

async function main() {
  const stress = stressScenario();
  const stand = SCENARIOS.find(
    (s) => s.sides.map((x) => x.id).join() === stress.sides.map((x) => x.id).join(),
  );
  if (!stand)
    throw new Error('the stress battle needs a shipped scenario with its sides to stand in for');
  const scenarios = Object.fromEntries(SCENARIOS.map((s) => [s.id, s]));
  scenarios[stand.id] = stress;
  const server = await startBenchServer('wire', SEED, { scenarios });
  try {
    const client = new Client(`http://127.0.0.1:${server.port}`);
    const [first, second] = stress.sides.map((s) => s.id);
    const a = await seat(() =>
      client.create('battle', {
        scenarioId: stand.id,
        seat: first,
        playerName: 'A',
        listed: false,
      }),
    );
    const invite = a.inbox.welcome[0].invites.find((i) => i.seat === second).token;
    const b = await seat(() => client.joinById(a.room.roomId, { invite, playerName: 'B' }));
    const battle = {
      state: rules.createGame(stress, SEED),
      seatOf: new Map([
        [a, first],
        [b, second],
      ]),
    };
    const deploy = placements(battle.state);
    await play(battle, a, deploy[first], [a, b]);
    await play(battle, b, deploy[second], [a, b]);

    console.log(
      `\nwire: ${stress.id} (${stress.units.length} units, ${battle.state.board.cols}×${battle.state.board.rows} hexes), deployed`,
    );
    // Full state: each side entered again with its key (the old connection is taken over).
    const keys = { [first]: a.inbox.welcome[0].seatKey, [second]: b.inbox.welcome[0].seatKey };
    const seats = {};
    let worstShare = 0;
    for (const side of [first, second]) {
      const s = await seat(() =>
        client.joinById(a.room.roomId, { key: keys[side], playerName: side }),
      );
      battle.seatOf.set(s, side);
      seats[side] = s;
      const state = s
        .frames()
        .filter((f) => f[0] === 14)
        .reduce((n, f) => n + f.length, 0);
      const json = jsonBytes(rules.viewFor(battle.state, side));
      const share = (100 * state) / json;
      worstShare = Math.max(worstShare, share);
      line(
        'info',
        `full state on join, ${side}`,
        `${(state / 1024).toFixed(1)} KiB (JSON of its view ${(json / 1024).toFixed(1)} KiB, ${share.toFixed(0)} %)`,
      );
    }
    line(
      worstShare <= GOALS.fullStateShare ? 'ok  ' : 'GOAL',
      'full state / JSON of the view, worst seat',
      `${worstShare.toFixed(1).padStart(9)} %   (goal ≤ ${GOALS.fullStateShare} %)`,
    );

    const side = battle.state.activeSide;
    const other = side === first ? second : first;
    const mover = seats[side];
    const { piece, move } = oneHexMove(battle.state, side);
    await play(battle, mover, { type: 'activate', piece }, [seats[first], seats[second]]);
    const [atFirst, atSecond] = await play(battle, mover, move, [seats[first], seats[second]]);
    const at = { [first]: atFirst, [second]: atSecond };
    const unitJson = jsonBytes(
      rules.viewFor(battle.state, other).units.find((u) => u.id === piece),
    );
    for (const s of [side, other]) {
      line(
        'info',
        `one-hex move at ${s === side ? 'the mover' : 'the other seat'} (${s})`,
        `${at[s].total} B: patch ${at[s].patch} B, messages ${at[s].messages} B`,
      );
    }
    line('info', 'JSON of the moved unit (baseline)', `${unitJson} B`);
    const moved = at[other].total;
    line(
      moved <= GOALS.moveBytes ? 'ok  ' : 'GOAL',
      'one-hex move at the other seat, with events',
      `${String(moved).padStart(9)} B    (goal ≤ ${GOALS.moveBytes} B)`,
    );
    await Promise.all(Object.values(seats).map((s) => s.room.leave(true).catch(() => undefined)));
  } finally {
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
