import {
  apply,
  createGame,
  faceOptions,
  fleeArrivals,
  hexLabel,
  parseHexLabel,
  withdrawOptions,
  type GameEvent,
  type GameState,
  type Scenario,
  type ScenarioInput,
} from '@lames/rules';

/**
 * Two small battles for the browser tests of the chapter-2 actions that the
 * scripted skirmish does not play (e2e/browser-actions.test.ts).
 *
 * - "Manœuvres E2E", a new battle on a fixed seed: face (§2.6.14), withdraw
 *   (§2.6.12), duel (§2.7.1.1) and take command (§2.5.14) for Ardenne, then
 *   flee (§2.6.13) and resign (§2.5.15) for Dents Noires.
 * - "Ralliement E2E", a saved battle resumed from the lobby: its units are
 *   already shaken and routed and a wing carries shaken markers, which no
 *   scenario file can say; reorganise (§2.8.3.4), rally (§2.8.4) and the
 *   wing morale marker (§2.5.10.1).
 *
 * Each script is first played on the rules library with a seed; the seed
 * kept is the first whose dice give the outcomes the test wants to show
 * (a command test passed, no loss left for the defender to choose...). The
 * browsers then send the same actions through the UI, so the server rolls
 * the same dice.
 */

type UnitInput = ScenarioInput['units'][number];
type Profiles = UnitInput['profiles'];
type WeaponClass = Profiles['weapon']['class'];
type MoraleClass = Profiles['morale']['class'];
type Capacity = Profiles['weapon']['capacity'];

const COLS = 14;
const ROWS = 10;
export const hexOf = (label: string): number => parseHexLabel({ cols: COLS, rows: ROWS }, label);
export const labelOf = (hex: number): string => hexLabel({ cols: COLS, rows: ROWS }, hex);

function profiles(
  weapon: WeaponClass,
  morale: MoraleClass = 'normal',
  capacity: Capacity = 'ordinary',
): Profiles {
  const mounted = weapon === 'heavyCavalry' || weapon === 'lightCavalry';
  return {
    weapon: { class: weapon, capacity },
    command: { class: 'regular', capacity },
    morale: { class: morale, capacity },
    movement: { class: mounted ? 'equestrian' : 'pedestrian', capacity: 'ordinary' },
  };
}

function troop(
  id: string,
  name: string,
  side: string,
  wing: string,
  hex: string,
  facing: number,
  weapon: WeaponClass = 'infantry',
  morale: MoraleClass = 'normal',
): UnitInput {
  return {
    id,
    name,
    side,
    wing,
    kind: 'troop',
    size: 'large',
    type: `e2e-${weapon}`,
    profiles: profiles(weapon, morale),
    steps: 2,
    hex,
    facing,
  };
}

function character(
  id: string,
  name: string,
  side: string,
  wing: string,
  hex: string,
  facing: number,
): UnitInput {
  return {
    id,
    name,
    side,
    wing,
    kind: 'character',
    size: 'small',
    type: 'e2e-character',
    profiles: profiles('character', 'normal', 'advantaged'),
    steps: 2,
    hex,
    facing,
  };
}

const text = (fr: string, en: string) => ({ fr, en });

/** The two sides of every battle here. */
const A = 'ardenne';
const B = 'black-teeth';

type SideInput = ScenarioInput['sides'][number];
type WingInput = SideInput['wings'][number];

/** A wing, fatigue 4 as every shipped scenario starts. */
const wing = (id: string, name: string, leader: string | null, directive: WingInput['directive'], morale = 6): WingInput => ({ id, name, leader, directive, morale, fatigue: 4 });
const ardenne = (armyCommander: string | null, wings: WingInput[]): SideInput => ({ id: 'ardenne', name: 'Ardenne', armyCommander, retreatEdge: 'south', wings });
const blackTeeth = (armyCommander: string | null, wings: WingInput[]): SideInput => ({ id: 'black-teeth', name: 'Dents Noires', armyCommander, retreatEdge: 'north', wings });

/** A basic-rules battle on the clear test field, six turns long. */
function field(id: string, name: [string, string], description: [string, string], sides: SideInput[], units: ScenarioInput['units']): ScenarioInput {
  return { id, name: text(...name), description: text(...description), rulesLevel: 'basic', turnLimit: 6, map: { cols: COLS, rows: ROWS }, sides, units };
}

// --- the manoeuvres battle -------------------------------------------------------

export const MANOEUVRES_ID = 'e2e-manoeuvres';

/**
 * A 14×10 clear field. Ardenne's only wing has no leader and a regroup
 * directive (§2.5.3: an engaged troop may face, withdraw or flee); Sire
 * Gauvain commands the army but no wing. Dents Noires' army commander Uzgul
 * leads their only wing.
 *
 * - Milice du Gué (0205, facing N) has the Pillards in its rear (0206, facing N): it must face.
 * - Lanciers du Gué (0505, N) and the Bande d'Uzgul (0504, S) engage each other: the lancers withdraw.
 * - Dame Iseult, alone in 0808, is next to Grishak, a character stacked with the Gardes noirs in 0807: a duel (§2.7.1.1, 2nd case).
 * - The Loups de Grishak (1104, S) have the Chevaliers d'Ardenne (1106) two hexes away: they flee.
 */
export function manoeuvresInput(): ScenarioInput {
  return field(
    MANOEUVRES_ID,
    ['Manœuvres E2E', 'E2E manoeuvres'],
    ['Les actions du chapitre 2, une à une.', 'The chapter-2 actions, one by one.'],
    [ardenne('a-gauvain', [wing('ardenne-left', 'Aile gauche', null, 'regroup')]), blackTeeth('o-uzgul', [wing('horde', 'La Horde', 'o-uzgul', 'regroup')])],
    [
      troop('a-militia', 'Milice du Gué', A, 'ardenne-left', '0205', 0),
      troop('o-raiders', 'Pillards', B, 'horde', '0206', 0),
      troop('a-spears', 'Lanciers du Gué', A, 'ardenne-left', '0505', 0, 'spearmen'),
      troop('o-warband', "Bande d'Uzgul", B, 'horde', '0504', 6),
      character('a-iseult', 'Dame Iseult', A, 'ardenne-left', '0808', 0),
      troop('o-guards', 'Gardes noirs', B, 'horde', '0807', 0),
      character('o-grishak', 'Grishak', B, 'horde', '0807', 0),
      character('a-gauvain', 'Sire Gauvain', A, 'ardenne-left', '1209', 0),
      troop('a-knights', "Chevaliers d'Ardenne", A, 'ardenne-left', '1106', 0, 'heavyCavalry'),
      troop('o-wolves', 'Loups de Grishak', B, 'horde', '1104', 6, 'lightCavalry'),
      character('o-uzgul', 'Uzgul', B, 'horde', '1302', 6),
    ],
  );
}

/** One scripted action, the events the rules answered, and what the UI must pick to send it. */
export interface Step {
  seat: string;
  action: Record<string, unknown> & { type: string };
  events: GameEvent[];
  /** The state before the action (to read the options the UI offers). */
  before: GameState;
  /** A flight: the hex clicked and the place of the arrival in the client's list for that hex. */
  arrival?: { hex: number; facing: number; index: number };
}

export interface Script {
  seed: string;
  steps: Step[];
  state: GameState;
}

/** Plays actions on the rules library, keeping each step; null once the rules refuse one. */
class Player {
  readonly steps: Step[] = [];
  constructor(public state: GameState) {}

  send(seat: string, action: Step['action'], arrival?: Step['arrival']): GameEvent[] | null {
    const before = this.state;
    const r = apply(before, seat, action);
    if (!r.ok) {
      if (process.env.CHAPTER2_DEBUG)
        console.log('refused', JSON.stringify(action).slice(0, 160), r.rejection.code);
      return null;
    }
    this.state = r.state;
    this.steps.push({ seat, action, events: r.events, before, arrival });
    return r.events;
  }
}

/** The client's order of the arrivals at a hex (packages/client/src/map/move-targets.ts). */
function clientOrder<T extends { hex: number; cost: number; facing: number }>(
  list: T[],
  hex: number,
): T[] {
  return list.filter((a) => a.hex === hex).sort((a, b) => a.cost - b.cost || a.facing - b.facing);
}

const has = (events: GameEvent[] | null, type: string) => !!events?.some((e) => e.type === type);

/** The manoeuvres script on `seed`; null when a step is refused or the dice do not give the outcome shown. */
export function playManoeuvres(scenario: Scenario, seed: string): Script | null {
  const p = new Player(createGame(scenario, seed));
  // §2.6.14: the militia turns south, to engage the raiders behind it
  if (!p.send(A, { type: 'activate', piece: 'a-militia' })) return null;
  if (!faceOptions(p.state, A, 'a-militia').includes(6)) return null;
  if (!p.send(A, { type: 'face', piece: 'a-militia', facing: 6 })) return null;
  // §2.6.12: the lancers step back, straight south
  if (!p.send(A, { type: 'activate', piece: 'a-spears' })) return null;
  const back = withdrawOptions(p.state, A, 'a-spears').find(
    (o) => o.to === hexOf('0506') && o.allowed,
  );
  if (!back || !p.send(A, { type: 'withdraw', piece: 'a-spears', to: hexOf('0506') })) return null;
  // §2.7.1.1: Iseult duels Grishak; shown when the losses need no choice from the defender
  if (!p.send(A, { type: 'activate', piece: 'a-iseult' })) return null;
  const duel = p.send(A, { type: 'duel', piece: 'a-iseult', target: 'o-grishak', supported: true });
  if (!has(duel, 'combat') || (p.state as { pendingLosses?: unknown }).pendingLosses) return null;
  // §2.5.14: the army commander takes the leaderless wing (a passed command test)
  if (!p.send(A, { type: 'activate', piece: 'a-gauvain' })) return null;
  if (
    !has(
      p.send(A, { type: 'takeCommand', piece: 'a-gauvain', wing: 'ardenne-left' }),
      'commandTaken',
    )
  )
    return null;
  if (!p.send(A, { type: 'endTurn' }) || p.state.activeSide !== B) return null;
  // §2.6.13: the wolves flee the knights, two hexes north when they can
  if (!p.send(B, { type: 'activate', piece: 'o-wolves' })) return null;
  const arrivals = fleeArrivals(p.state, B, 'o-wolves');
  const inside = arrivals.filter((a) => a.exit === undefined);
  const north = hexOf('1102');
  const hex = inside.some((a) => a.hex === north)
    ? north
    : [...inside].sort((x, y) => y.cost - x.cost)[0]?.hex;
  if (hex === undefined) return null;
  const listed = clientOrder(arrivals, hex);
  const index = listed.findIndex((a) => a.exit === undefined);
  const chosen = listed[index];
  const flee = { type: 'flee', piece: 'o-wolves', steps: chosen.steps, threat: chosen.threat };
  if (!has(p.send(B, flee, { hex, facing: chosen.facing, index }), 'fled')) return null;
  // §2.5.15: Uzgul gives up the horde (a passed command test)
  if (!p.send(B, { type: 'activate', piece: 'o-uzgul' })) return null;
  if (!has(p.send(B, { type: 'resign', piece: 'o-uzgul' }), 'resigned')) return null;
  return { seed, steps: p.steps, state: p.state };
}

export function seedForManoeuvres(scenario: Scenario, tries = 200): Script | null {
  for (let i = 0; i < tries; i++) {
    const run = playManoeuvres(scenario, `e2e-manoeuvres-${i}`);
    if (run) return run;
  }
  return null;
}

// --- the recovery battle (a saved battle) -----------------------------------------

export const RECOVERY_ID = 'e2e-recovery';

/**
 * Ardenne's elite knights (0308) and guards (0708), under a defend directive
 * (§2.5.2: the elite may reorganise and rally), far from the Bande d'Uzgul
 * (0702); the right wing, its own leader lost, holds the militia (1108).
 */
export function recoveryInput(): ScenarioInput {
  return field(
    RECOVERY_ID,
    ['Ralliement E2E', 'E2E rally'],
    ['Réorganiser, rallier, tester le moral d’une aile.', 'Reorganise, rally, test a wing’s morale.'],
    [ardenne('a-gauvain', [wing('ardenne-left', 'Aile gauche', 'a-gauvain', 'defend'), wing('ardenne-right', 'Aile droite', null, 'defend', 5)]), blackTeeth(null, [wing('horde', 'La Horde', null, 'attack')])],
    [
      troop(
        'a-knights',
        "Chevaliers d'Ardenne",
        A,
        'ardenne-left',
        '0308',
        0,
        'heavyCavalry',
        'elite',
      ),
      troop('a-guard', "Garde d'Ardenne", A, 'ardenne-left', '0708', 0, 'infantry', 'elite'),
      character('a-gauvain', 'Sire Gauvain', A, 'ardenne-left', '1209', 0),
      troop('a-militia', 'Milice', A, 'ardenne-right', '1108', 0),
      troop('o-warband', "Bande d'Uzgul", B, 'horde', '0702', 6),
    ],
  );
}

/**
 * The saved state: a game of the recovery scenario where the knights are
 * shaken, the guards routed, and the right wing lays two shaken markers
 * (as two failed demoralisation tests would have left it, §2.5.10.2).
 */
export function recoveryState(scenario: Scenario, seed: string): GameState {
  const state = createGame(scenario, seed);
  state.units.find((u) => u.id === 'a-knights')!.cohesion = 'shaken';
  state.units.find((u) => u.id === 'a-guard')!.cohesion = 'routed';
  state.wings.find((w) => w.id === 'ardenne-right')!.shakenMarkers = 2;
  return JSON.parse(JSON.stringify(state)) as GameState;
}

/** The recovery script: both recovery tests pass (so the markers change), the wing morale test whatever its roll. */
export function playRecovery(scenario: Scenario, seed: string): Script | null {
  const p = new Player(recoveryState(scenario, seed));
  if (!p.send(A, { type: 'activate', piece: 'a-knights' })) return null;
  if (!has(p.send(A, { type: 'reorganise', piece: 'a-knights' }), 'cohesionChanged')) return null;
  if (!p.send(A, { type: 'activate', piece: 'a-guard' })) return null;
  if (!has(p.send(A, { type: 'rally', piece: 'a-guard' }), 'cohesionChanged')) return null;
  if (!has(p.send(A, { type: 'wingMorale', wing: 'ardenne-right' }), 'wingMorale')) return null;
  return { seed, steps: p.steps, state: p.state };
}

export function seedForRecovery(scenario: Scenario, tries = 200): Script | null {
  for (let i = 0; i < tries; i++) {
    const run = playRecovery(scenario, `e2e-recovery-${i}`);
    if (run) return run;
  }
  return null;
}
