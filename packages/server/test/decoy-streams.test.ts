/**
 * Issue 7, §4.5.1, §4.5.2 and sheet 000 (Unités Cachées, Leurres), over the
 * wire: "a decoy can do publicly whatever a hidden unit does, with the same
 * trace". For every action a hidden unit can take while it stays hidden,
 * each case plays two battles on a real server with real SDK clients: in one
 * blue deploys its hidden unit 'h' at P and a decoy imitating it at Q, in the
 * other the decoy at P and 'h' at Q; then blue plays the same public actions
 * with the piece at P (named by its real id: 'h' in one battle, the decoy's
 * `blue-decoy-1` in the other). The raw frames red and a spectator receive,
 * from their join to the end (deployment, redeployment, the action, the end
 * of both sides' turns), must be the same bytes once the random ids of the
 * connections are blanked.
 *
 * Why the comparison can be exact: both battles have the same seed
 * (`startTestServer({ seed })`), the deployment draws no die, and the cover
 * ids are drawn from the game's generator when the deployment ends, in the
 * order of the hexes the covered pieces stand on, whatever lies under them
 * (deployment/end.ts). The two battles cover the same hexes, so the cover at
 * P gets the same id in both, and so on: the cover ids need no mapping, and
 * every later die (the game elements rolled publicly at each end of turn)
 * comes from the same generator state, unless something drew a different
 * number of dice for a unit than for a decoy, which the public rolls at the
 * end of each case then show.
 *
 * The situations the rules test (packages/rules/test/decoy-traces.test.ts)
 * prepares by hand (a winded, shaken or routed unit, a piece off the map)
 * cannot be reached by a few actions: for those cases every connection
 * leaves after the deployment, the saved battle is changed in the store
 * exactly as the rules test changes its state, and the battle is resumed
 * (`create('battle', { resume })`) and joined again with the seat keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { matchMaker } from '@colyseus/core';
import {
  apply,
  createGame,
  fireOptions,
  loadScenario,
  lossChoices,
  orderOptions,
  parseHexLabel,
  returnOptions,
  viewFor,
  type ActionInput,
  type GameState,
  type Scenario,
  type ScenarioInput,
} from '@lames/rules';
import { openFileStore, type FileStore } from '../src/persistence/file-store';
import { replayJournal } from '../src/persistence/journal';
import { joinBattle, leaveAll, openBattle, settle, startTestServer, waitFor, welcomed, type Seated, type TestServer } from './helpers';

const GRID = { cols: 10, rows: 10 };
const H = (label: string) => parseHexLabel(GRID, label);
/** Where the piece that acts stands, and where the other one stands (as in the rules test). */
const P = '0508';
const Q = '0708';
/** Where blue first deploys the two, before deploying again (§4.5.2: a side may redeploy until the phase ends). */
const FIRST_P = '0509';
const FIRST_Q = '0709';
const DECOY = 'blue-decoy-1';
type Under = 'unit' | 'decoy';
type SeatName = 'blue' | 'red';

function troop(id: string, side: SeatName, extra: Partial<ScenarioInput['units'][number]> = {}): ScenarioInput['units'][number] {
  return {
    id,
    name: id,
    side,
    wing: `${side}-wing`,
    kind: 'troop',
    size: 'large',
    type: 'infantry',
    profiles: {
      weapon: { class: 'infantry', capacity: 'ordinary' },
      command: { class: 'regular', capacity: 'ordinary' },
      morale: { class: 'normal', capacity: 'ordinary' },
      movement: { class: 'pedestrian', capacity: 'ordinary' },
    },
    steps: 2,
    ...extra,
  };
}

/**
 * The rules test's battlefield as a scenario: blue has 'h' and 'h2' to
 * deploy hidden (so three covers with the decoy), 'f' and the character 'c'
 * in the open; red has 'r' in the open and 'rh' to deploy hidden, so that
 * both sides deploy. The game elements are played (sheet 003): each end of
 * a side's turn rolls a public die from the game's generator.
 */
function veilInput(): ScenarioInput {
  return {
    id: 'veil',
    name: { fr: 'Le voile', en: 'The veil' },
    description: { fr: 'Test', en: 'Test' },
    rulesLevel: 'basic',
    turnLimit: 3,
    map: GRID,
    gameElements: { weather: 'fair' },
    sides: [
      {
        id: 'blue',
        name: 'Bleu',
        armyCommander: null,
        retreatEdge: 'south',
        deploymentZone: [{ from: '0106', to: '1010' }],
        wings: [{ id: 'blue-wing', name: 'Aile bleue', leader: null, directive: 'attack', morale: 5, fatigue: 7 }],
      },
      {
        id: 'red',
        name: 'Rouge',
        armyCommander: null,
        retreatEdge: 'north',
        deploymentZone: [{ from: '0101', to: '1003' }],
        wings: [{ id: 'red-wing', name: 'Aile rouge', leader: null, directive: 'attack', morale: 5, fatigue: 4 }],
      },
    ],
    units: [
      troop('h', 'blue', { deployHidden: true }),
      troop('h2', 'blue', { deployHidden: true }),
      troop('f', 'blue', { hex: '0310', facing: 0 }),
      troop('c', 'blue', { kind: 'character', size: 'small', hex: '0504', facing: 0 }),
      troop('r', 'red', { hex: '0101', facing: 6 }),
      troop('rh', 'red', { deployHidden: true }),
    ],
  };
}
const VEIL: Scenario = loadScenario(veilInput());

/**
 * The battlefield of the issue-8 cases: VEIL with 'h' (and so its decoy)
 * changed as `h` says, blue's side as `blue` says, by day (sheet 000).
 */
function veilVariant(id: string, h: Partial<ScenarioInput['units'][number]>, blue: Partial<ScenarioInput['sides'][number]> = {}): Scenario {
  const input = veilInput();
  return loadScenario({
    ...input,
    id,
    rulesLevel: 'intermediate',
    light: 'day',
    sides: input.sides.map((side) => (side.id === 'blue' ? { ...side, ...blue } : side)),
    units: input.units.map((u) => (u.id === 'h' ? { ...u, ...h } : u)),
  });
}

/** Blue's placement: 'h' at `atP` or `atQ` as `under` says, its decoy at the other, 'h2' at 0909. */
function bluePlacement(under: Under, atP: string, atQ: string): ActionInput {
  const [unitHex, decoyHex] = under === 'unit' ? [atP, atQ] : [atQ, atP];
  return {
    type: 'deploy',
    units: [
      { unit: 'h', hex: H(unitHex), facing: 0 },
      { unit: 'h2', hex: H('0909'), facing: 0 },
    ],
    decoys: [{ mimic: 'h', hex: H(decoyHex), facing: 0 }],
  };
}

/** Both sides deploy, blue twice (its second placement replaces the first); red's deployment ends the phase. */
function deployment(under: Under): Array<[SeatName, ActionInput]> {
  return [
    ['blue', bluePlacement(under, FIRST_P, FIRST_Q)],
    ['blue', bluePlacement(under, P, Q)],
    ['red', { type: 'deploy', units: [{ unit: 'rh', hex: H('0903'), facing: 6 }], decoys: [] }],
  ];
}

/** One action of a case: built on the game as it stands (for costs and hexes), by blue unless said. */
interface Step {
  build: (actor: string, game: GameState) => ActionInput;
  seat?: SeatName;
  /** The refusal both pieces get alike; absent: the action must be accepted. */
  refusal?: string;
  endsTurn?: true;
  /** Played only when this holds on the game as it stands (the same in both battles: it reads public facts). */
  when?: (game: GameState) => boolean;
}

interface Case {
  name: string;
  steps: Step[];
  /**
   * What the rules test sets up by hand: applied to the saved battle after the deployment (see the module comment).
   * A condition (winded, shaken, routed) is given to the hidden unit only when it is the piece at P: a decoy plays
   * whatever condition its owner declares (§4.5.1), and a routed 'h' left at Q would be bound to act (§2.9.1),
   * which its owner would have to do in the open, a different game.
   */
  prep?: (state: GameState, actor: string) => void;
  /** A condition on the deployed battle the seed must meet (e.g. how the cover ids sort). */
  seedOk?: (deployed: GameState) => boolean;
  /** The battlefield; VEIL unless said (the issue-8 cases give 'h' a shooter's weapon or a faculty). */
  scenario?: Scenario;
  /** Only the hidden unit or only the decoy plays it as written (a decoy never fires, l.3754): one battle, nothing to compare. */
  only?: Under;
}

const activate: Step = { build: (piece) => ({ type: 'activate', piece }) };
const endTurn = (seat: SeatName = 'blue'): Step => ({ seat, endsTurn: true, build: () => ({ type: 'endTurn' }) });
const h = (s: GameState) => s.units.find((u) => u.id === 'h')!;
const coverAt = (s: GameState, label: string) => [...s.units, ...s.decoys].find((p) => p.hex === H(label))!.coverId!;

/** The piece at P holds a special order (sheet 001: reorganising and rallying need one), unit or decoy. */
function giveOrderMarker(s: GameState, piece: string): void {
  const u = s.units.find((x) => x.id === piece);
  if (u) u.order = 'specialOrder';
  const d = s.decoys.find((x) => x.id === piece);
  if (d) d.specialOrder = true;
}

const CASES: Case[] = [
  { name: '§2.4 activating the piece', steps: [activate] },
  { name: '§2.4 passing after its activation', steps: [activate, { build: (piece) => ({ type: 'pass', piece }) }] },
  {
    name: '§2.6.11 moving it (the decoy moves as its mimic)',
    steps: [activate, { build: (piece) => ({ type: 'move', piece, mode: 'normal', steps: [{ to: H('0507') }, { to: H('0506') }] }) }],
  },
  {
    name: '§2.6.14 facing, refused alike for a cover that is not engaged',
    steps: [activate, { build: (piece) => ({ type: 'face', piece, facing: 2 }), refusal: 'notEngagedNoFace' }],
  },
  {
    name: '§2.8.2 resting (the hidden unit winded)',
    prep: (s, actor) => {
      if (actor === 'h') h(s).breath = 'winded';
    },
    steps: [activate, { build: (piece) => ({ type: 'rest', piece }) }],
  },
  {
    name: '§2.8.3.4 reorganising (the hidden unit shaken, the piece holding a special order)',
    prep: (s, actor) => {
      if (actor === 'h') h(s).cohesion = 'shaken';
      giveOrderMarker(s, actor);
    },
    steps: [activate, { build: (piece) => ({ type: 'reorganise', piece }) }],
  },
  {
    name: '§2.8.4 rallying (the hidden unit routed, the piece holding a special order)',
    prep: (s, actor) => {
      if (actor === 'h') h(s).cohesion = 'routed';
      giveOrderMarker(s, actor);
    },
    steps: [activate, { build: (piece) => ({ type: 'rally', piece }) }],
  },
  {
    name: '§2.5.9 an order from the character in the open to the cover, at the cost its owner states',
    steps: [
      { build: () => ({ type: 'activate', piece: 'c' }) },
      { build: () => ({ type: 'distributeOrders', piece: 'c' }) },
      // The stated cost: what orderOptions proposes (the unit's cost, or for the decoy its mimic's cost in its place).
      { build: (target, s) => ({ type: 'giveOrder', piece: 'c', target, points: orderOptions(viewFor(s, 'blue'), 'blue', 'c').find((o) => o.unit === target)!.cost }) },
    ],
  },
  {
    name: '§2.6.10.2 returning to the map (the piece off the map)',
    prep: (s, actor) => {
      const piece = [...s.units, ...s.decoys].find((p) => p.id === actor)!;
      Object.assign(piece, { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 0 } });
    },
    steps: [{ build: (piece, s) => ({ type: 'returnToMap', piece, to: returnOptions(s, 'blue', piece)[0] }) }],
  },
  {
    name: '§2.4 ending the turn with three covers left, the cover at P sorting first',
    steps: [endTurn()],
    seedOk: (s) => coverAt(s, P) < coverAt(s, Q),
  },
  {
    name: '§2.4 ending the turn with three covers left, the cover at Q sorting first',
    steps: [endTurn()],
    seedOk: (s) => coverAt(s, Q) < coverAt(s, P),
  },
];

// --- issue 8: fire by a hidden unit (FIRE-H2, A-61) ---------------------------------

/** 'h' an archer unit (§3.2: it fires 3 hexes), everything else as VEIL. */
const VEIL_ARCHERS = veilVariant('veil-archers', { profiles: { ...veilInput().units[0].profiles, weapon: { class: 'archers', capacity: 'ordinary' } } });
/** Red's 'r' brought 3 hexes in front of P (0508), in the open, in the line of sight of the piece at P and next to nothing of blue's. */
const R_IN_RANGE = '0605';
const bringRedInRange = (s: GameState) => {
  s.units.find((u) => u.id === 'r')!.hex = H(R_IN_RANGE);
};
/** Red absorbs a shot's losses as the rules first propose (§2.7.5), when the shot left any. */
const redAbsorbs: Step = { seat: 'red', when: (s) => !!s.pendingLosses, build: (_actor, s) => ({ type: 'absorbLosses', ...lossChoices(s, 'red')[0] }) };
const fireAtR: Step = { build: (piece) => ({ type: 'fire', piece, targets: ['r'], combine: false }) };

const FIRE_CASES: Case[] = [
  {
    name: 'FIRE-H2 §3.2.7 the hidden archers at P fire at r: revealed first, then the shot',
    scenario: VEIL_ARCHERS,
    only: 'unit',
    prep: (s) => bringRedInRange(s),
    steps: [activate, fireAtR],
  },
  {
    name: 'FIRE-H2 l.3754 the decoy at P may not fire: refused to its owner alone',
    scenario: VEIL_ARCHERS,
    only: 'decoy',
    prep: (s) => bringRedInRange(s),
    steps: [activate, { ...fireAtR, refusal: 'decoyMayNotFire' }],
  },
];

// --- issue 8: reload by a hidden unit and by its decoy (§3.2.10, §4.5.1) -------------------

/** The archers with their side's ammunition source at `source`: 0507 is next to P (automatic), 0501 seven hexes away (a test at +2). */
const archersSupplied = (id: string, source: string) => veilVariant(id, { profiles: { ...veilInput().units[0].profiles, weapon: { class: 'archers', capacity: 'ordinary' } } }, { ammunitionSource: source });
/** The hidden archers out of ammunition (attack directive: only then may they reload, §3.2.6); a decoy plays them so. */
const outOfAmmunition = (s: GameState, actor: string) => {
  if (actor === 'h') h(s).ammunition = 'exhausted';
};
const reloadStep: Step = { build: (piece) => ({ type: 'reload', piece }) };

const RELOAD_CASES: Case[] = [
  { name: '§3.2.10 reloading next to the source (automatic)', scenario: archersSupplied('veil-reload-near', '0507'), prep: outOfAmmunition, steps: [activate, reloadStep] },
  { name: '§3.2.10.1 reloading seven hexes from the source (a test at +2)', scenario: archersSupplied('veil-reload-far', '0501'), prep: outOfAmmunition, steps: [activate, reloadStep] },
];
CASES.push(...RELOAD_CASES);

// --- issue 8: a hidden unit's faculty dice at activation (§3.1), told as its cover's ------

/** 'h' light-fragile and evanescent, 4 steps, by day in fair weather: two dice at each activation, a step lost on low ones. */
const VEIL_FRAGILE = veilVariant('veil-fragile', { faculties: ['lightFragile', 'evanescent'], steps: 4 });
CASES.push({ name: '§3.1 activating a light-fragile, evanescent piece: its faculty dice, never the faculty', scenario: VEIL_FRAGILE, steps: [activate] });

// --- local replay: the same actions on the rules, to build them and to know what the server must answer ---

function mustApply(state: GameState, seat: string, action: ActionInput): GameState {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`local replay refused ${action.type}: ${r.rejection.code}`);
  return r.state;
}

const actorOf = (under: Under) => (under === 'unit' ? 'h' : DECOY);

/** An activation left open is closed before the turn ends (§2.4: no end of turn while a piece is activated). */
const passIfOpen: Step = { when: (s) => !!s.activation, build: (_actor, s) => ({ type: 'pass', piece: s.activation!.piece }) };

/** The case's steps followed by red's choice of losses if a shot left any, the end of blue's turn (unless the case ended it) and of red's. */
function script(c: Case): Step[] {
  return [...c.steps, redAbsorbs, ...(c.steps.some((s) => s.endsTurn) ? [] : [passIfOpen, endTurn()]), endTurn('red')];
}

/** Plays a case on the rules alone; null when a step is not answered as the case expects. */
function playLocally(c: Case, under: Under, seed: string): GameState | null {
  let s = createGame(c.scenario ?? VEIL, seed);
  for (const [seat, action] of deployment(under)) s = mustApply(s, seat, action);
  if (c.seedOk && !c.seedOk(s)) return null;
  c.prep?.(s, actorOf(under));
  for (const step of script(c)) {
    if (step.when && !step.when(s)) continue;
    const r = apply(s, step.seat ?? 'blue', step.build(actorOf(under), s));
    if (r.ok !== !step.refusal || (!r.ok && r.rejection.code !== step.refusal)) return null;
    if (r.ok) s = r.state;
  }
  return s;
}

/** The first seed with which the case plays as written in both battles (dice decide e.g. the command points or a rally), or in the one battle of a case played by one of them only. */
function seedFor(c: Case): string {
  for (let i = 0; i < 200; i++) {
    const seed = `veil-${i}`;
    if ((c.only === 'decoy' || playLocally(c, 'unit', seed)) && (c.only === 'unit' || playLocally(c, 'decoy', seed))) return seed;
  }
  throw new Error(`no seed in 200 plays "${c.name}" as written in both battles`);
}

// --- over the wire ---------------------------------------------------------------

let server: TestServer;
let store: FileStore;
let storeDir: string;
let seed = 'unset';
beforeAll(async () => {
  // The test's own store, so that it can change a saved battle between two sessions (see the module comment).
  storeDir = mkdtempSync(path.join(tmpdir(), 'lames-decoy-streams-'));
  store = await openFileStore(storeDir);
  const scenarios = [VEIL, ...[...CASES, ...FIRE_CASES].flatMap((c) => (c.scenario ? [c.scenario] : []))];
  server = await startTestServer({ store, seed: () => seed, scenarios: Object.fromEntries(scenarios.map((s) => [s.id, s])) });
});
afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(storeDir, { recursive: true, force: true });
});

/** Sends an action and waits until it is refused, or every connection has its events for it. */
async function act(actor: Seated, action: ActionInput, everyone: Seated[], refusal?: string): Promise<void> {
  const counts = everyone.map((s) => s.inbox.events.length);
  const refused = actor.inbox.rejected.length;
  actor.room.send('action', action);
  await waitFor(() => actor.inbox.rejected.length > refused || everyone.every((s, i) => s.inbox.events.length > counts[i]), `the answer to ${action.type}`);
  if (refusal) {
    expect(actor.inbox.rejected.slice(refused).map((r) => r.code)).toEqual([refusal]);
    // A refusal goes to the one who asked: nobody else hears of it.
    await settle();
    expect(everyone.map((s) => s.inbox.events.length)).toEqual(counts);
  } else {
    expect(actor.inbox.rejected.slice(refused)).toEqual([]);
  }
}

interface Connections {
  blue: Seated;
  red: Seated;
  spectator: Seated;
}

/** What red and the spectator received, frame by frame, and every random id that may appear in it. */
interface Run {
  red: Buffer[];
  spectator: Buffer[];
  randomIds: string[];
  /** Red's `events` messages during the case's own steps (not the deployment nor the ends of turns). */
  redEventsOfCase: unknown[][];
}

const ids = (s: Seated) => [s.room.roomId, s.room.sessionId, s.room.reconnectionToken, ...s.room.reconnectionToken.split(':')];

/** Plays one case in one battle: `under` says what blue deploys at P. `steps` may differ from the case's (sanity check). */
async function runOverTheWire(c: Case, under: Under, steps: Step[] = c.steps): Promise<Run> {
  seed = seedFor(c);
  const actor = actorOf(under);
  const scenario = c.scenario ?? VEIL;
  const opened = await openBattle(server, { scenarioId: scenario.id, seat: 'blue', playerName: 'Bleu', battleName: 'Le voile', listed: false });
  const id = opened.battleId;
  let conn: Connections = {
    blue: opened.creator,
    red: await joinBattle(server, id, { invite: opened.invites.red, playerName: 'Rouge' }),
    spectator: await joinBattle(server, id, { invite: opened.invites.spectator, playerName: 'Curieux' }),
  };
  const redKey = conn.red.inbox.welcome[0].seatKey!;
  const randomIds = [opened.key, redKey, ...Object.values(opened.invites)];
  const red: Buffer[] = [];
  const spectator: Buffer[] = [];
  const everyone = () => [conn.blue, conn.red, conn.spectator];
  const keep = () => {
    red.push(...conn.red.frames());
    spectator.push(...conn.spectator.frames());
    for (const s of everyone()) randomIds.push(...ids(s));
  };
  await settle();

  let local = createGame(scenario, seed);
  for (const [seat, action] of deployment(under)) {
    local = mustApply(local, seat, action);
    await act(conn[seat], action, everyone());
  }
  if (c.prep) {
    // The frames up to here are kept before anyone leaves: who leaves first is a race, and no part of the game.
    await settle();
    keep();
    await leaveAll(...everyone());
    await waitForClosed(id);
    // The battle as it stands: its snapshot and the actions journalled after it (persistence/journal.ts).
    const record = replayJournal((await store.load(id))!);
    c.prep(record.state, actor);
    c.prep(local, actor);
    await store.save(record);
    conn = {
      blue: await welcomed(await server.client().create('battle', { resume: id, playerName: 'Bleu', key: opened.key })),
      red: await joinBattle(server, id, { key: redKey, playerName: 'Rouge' }),
      spectator: await joinBattle(server, id, { invite: opened.invites.spectator, playerName: 'Curieux' }),
    };
    await settle();
  }

  const redEventsBefore = conn.red.inbox.events.length;
  const all = [...steps, ...script(c).slice(c.steps.length)];
  let redEventsOfCase: unknown[][] = [];
  for (const [i, step] of all.entries()) {
    if (step.when && !step.when(local)) continue;
    const seat = step.seat ?? 'blue';
    const action = step.build(actor, local);
    if (!step.refusal) local = mustApply(local, seat, action);
    await act(conn[seat], action, everyone(), step.refusal);
    if (i === steps.length - 1) redEventsOfCase = conn.red.inbox.events.slice(redEventsBefore);
  }
  await settle();
  keep();
  await leaveAll(...everyone());
  return { red, spectator, randomIds, redEventsOfCase };
}

/** The room is gone (disposed once everyone left) and its battle may be resumed. */
async function waitForClosed(battleId: string): Promise<void> {
  const open = async () => (await matchMaker.query({ roomId: battleId })).length > 0;
  const start = Date.now();
  while (await open()) {
    if (Date.now() - start > 3000) throw new Error(`battle ${battleId} still open`);
    await settle(20);
  }
}

/**
 * The room id, session ids, reconnection tokens, seat keys and invites are
 * random per battle and per connection and tell nothing of the game: each
 * is blanked by a run of '#' of its length, so the streams compare byte for byte.
 */
function normalise(frames: Buffer[], randomIds: string[]): Buffer[] {
  const longestFirst = [...new Set(randomIds)].filter((x) => x.length >= 8).sort((a, b) => b.length - a.length);
  return frames.map((f) => {
    let text = f.toString('latin1');
    for (const id of longestFirst) text = text.split(id).join('#'.repeat(id.length));
    return Buffer.from(text, 'latin1');
  });
}

/** Null when the two streams are the same bytes; else where they first differ, readably. */
function firstDifference(a: Buffer[], b: Buffer[]): string | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] && b[i] && a[i].equals(b[i])) continue;
    const show = (f?: Buffer) => (f ? `${f.toString('hex')}\n    ${JSON.stringify(f.toString('latin1'))}` : '(none)');
    return `frame ${i} of ${a.length}/${b.length}:\n  unit:  ${show(a[i])}\n  decoy: ${show(b[i])}`;
  }
  return null;
}

function compare(u: Run, d: Run): { red: string | null; spectator: string | null } {
  const randomIds = [...u.randomIds, ...d.randomIds];
  return {
    red: firstDifference(normalise(u.red, randomIds), normalise(d.red, randomIds)),
    spectator: firstDifference(normalise(u.spectator, randomIds), normalise(d.spectator, randomIds)),
  };
}

describe('issue 7, §4.5.1, sheet 000 Leurres: red and a spectator receive the same bytes whether a hidden unit or its decoy acts', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const u = await runOverTheWire(c, 'unit');
    const d = await runOverTheWire(c, 'decoy');
    // The case tested something: red heard of each accepted step, and the streams are not empty.
    const accepted = c.steps.filter((s) => !s.refusal).length;
    for (const run of [u, d]) {
      expect(run.redEventsOfCase).toHaveLength(accepted);
      if (accepted > 0) expect(run.redEventsOfCase.flat().length).toBeGreaterThan(0);
      expect(run.red.length).toBeGreaterThan(10);
      expect(run.spectator.length).toBeGreaterThan(10);
    }
    expect(compare(u, d)).toEqual({ red: null, spectator: null });
  });

  test('sanity: a different public action (the decoy stopping one hex short) does show in the streams', async () => {
    const move = CASES.find((c) => c.name.startsWith('§2.6.11'))!;
    const u = await runOverTheWire(move, 'unit');
    const shorter: Step = { build: (piece) => ({ type: 'move', piece, mode: 'normal', steps: [{ to: H('0507') }] }) };
    const d = await runOverTheWire(move, 'decoy', [activate, shorter]);
    const diff = compare(u, d);
    expect(diff.red).not.toBeNull();
    expect(diff.spectator).not.toBeNull();
  });
});

describe('issue 8, §3.1: a cover’s faculty dice reach the others without the faculty', () => {
  test('red hears the two dice of the cover at P, and neither the faculty nor the outcome', async () => {
    const c = CASES.find((x) => x.scenario === VEIL_FRAGILE)!;
    for (const under of ['unit', 'decoy'] as const) {
      const run = await runOverTheWire(c, under);
      const rolls = (run.redEventsOfCase.flat() as Array<{ type: string }>).filter((e) => e.type === 'facultyRoll');
      expect(rolls).toHaveLength(2);
      for (const e of rolls) expect(Object.keys(e).sort()).toEqual(['audience', 'die', 'piece', 'section', 'type']);
    }
  });
});

describe('issue 8, FIRE-H2 (A-61): a hidden unit that fires is revealed, then fires', () => {
  const [fires, decoyFires] = FIRE_CASES;

  test('the archers are offered r as a target on their own view (fireOptions), so the case fires for real', () => {
    let s = createGame(VEIL_ARCHERS, 'veil-0');
    for (const [seat, action] of deployment('unit')) s = mustApply(s, seat, action);
    bringRedInRange(s);
    s = mustApply(s, 'blue', { type: 'activate', piece: 'h' });
    expect(fireOptions(s, 'blue', 'h').filter((o) => o.allowed).map((o) => [o.type, o.target])).toEqual([['fire', 'r']]);
  });

  test('red hears of the piece at P only as its cover until the fire; then the reveal comes first, the shot after it', async () => {
    const run = await runOverTheWire(fires, 'unit');
    const [onActivation, onFire] = run.redEventsOfCase as Array<Array<Record<string, unknown>>>;
    // The activation names the cover, never the unit.
    expect(JSON.stringify(onActivation)).not.toMatch(/"h"/);
    const types = onFire.map((e) => e.type);
    const revealed = onFire.findIndex((e) => e.type === 'revealed' && e.unit === 'h');
    expect(revealed).toBeGreaterThanOrEqual(0);
    // Nothing in the fire's events names 'h' before its reveal.
    expect(onFire.slice(0, revealed).filter((e) => JSON.stringify(e).includes('"h"'))).toEqual([]);
    expect(types.indexOf('combat')).toBeGreaterThan(revealed);
    expect(onFire.find((e) => e.type === 'combat')).toMatchObject({ attacker: 'h', defender: 'r', kind: 'fire' });
  });

  test('the decoy at P is refused the fire, and only its owner hears of it', async () => {
    // act() checks that red and the spectator received nothing for the refused step.
    const run = await runOverTheWire(decoyFires, 'decoy');
    expect(run.redEventsOfCase).toHaveLength(1);
  });
});
