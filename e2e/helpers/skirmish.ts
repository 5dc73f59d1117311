import {
  apply,
  createGame,
  legalActions,
  loadScenario,
  lossChoices,
  orderOptions,
  reachable,
  type Arrival,
  type GameEvent,
  type GameState,
  type Scenario,
} from '@lames/rules';

/**
 * A small test battle for the browser: the map of "the-ford" with a few units
 * close together south of the river, so that a move, a charge, a shock and a
 * rest happen within a turn or two.
 */
export const SKIRMISH_ID = 'e2e-skirmish';

type UnitInput = { id: string; hex: string; facing: number };

const PLACES: UnitInput[] = [
  { id: 'h-knights', hex: '0511', facing: 0 },
  { id: 'h-spears', hex: '0311', facing: 0 },
  { id: 'h-gauvain', hex: '1211', facing: 0 },
  { id: 'h-iseult', hex: '1311', facing: 0 },
  { id: 'o-warband', hex: '0508', facing: 6 },
  { id: 'o-grishak', hex: '1402', facing: 6 },
  { id: 'o-uzgul', hex: '1502', facing: 6 },
];

/** The scenario input (JSON form) of the skirmish, from the-ford's JSON. */
export function skirmishInput(fordJson: Record<string, unknown>): Record<string, unknown> {
  const raw = JSON.parse(JSON.stringify(fordJson)) as {
    units: { id: string; hex: string; facing: number }[];
    id: string;
    name: unknown;
    sides: { wings: { id: string; directive: string }[] }[];
  };
  // the knights' wing attacks: a unit under a defend directive may not charge (§2.6.9)
  for (const side of raw.sides)
    for (const w of side.wings) if (w.id === 'ardenne-left') w.directive = 'attack';
  raw.id = SKIRMISH_ID;
  raw.name = { fr: 'Escarmouche E2E', en: 'E2E skirmish' };
  raw.units = PLACES.map((p) => ({
    ...raw.units.find((u) => u.id === p.id)!,
    hex: p.hex,
    facing: p.facing,
  }));
  // minimal movement is open only where the allowance cannot pay a hex (§2.6.5): the spears move with none
  const spears = raw.units.find((u) => u.id === 'h-spears') as unknown as {
    profiles: { movement: { capacity: string } };
  };
  spears.profiles = { ...spears.profiles, movement: { ...spears.profiles.movement, capacity: 'inferior' } };
  return raw as unknown as Record<string, unknown>;
}

export { loadScenario };

/** One scripted action: who sends it, and what. */
export interface ScriptStep {
  seat: string;
  action: Record<string, unknown> & { type: string };
  /** For a move: the arrival picked, and its place in the client's list for that hex (cheapest first). */
  arrival?: { hex: number; facing: number; index: number; charge: boolean };
}

export interface ScriptRun {
  steps: ScriptStep[];
  /** Events of each step, as the referee reads them. */
  events: GameEvent[][];
  state: GameState;
}

const label = (i: number) =>
  `${String((i % 16) + 1).padStart(2, '0')}${String(Math.floor(i / 16) + 1).padStart(2, '0')}`;
export const hexOf = (l: string) => (Number(l.slice(2)) - 1) * 16 + Number(l.slice(0, 2)) - 1;

/** The client's order of the arrivals at a hex (packages/client/src/map/move-targets.ts). */
function sortedAt(arrivals: Arrival[], hex: number): Arrival[] {
  return arrivals
    .filter((a) => a.hex === hex)
    .sort((a, b) => a.cost - b.cost || a.facing - b.facing);
}

/**
 * The scripted skirmish, played on the rules with a seed: Ardenne's spears
 * make a minimal move (and get winded, §2.6.5), the knights charge the warband, the
 * sides end their turns, then the knights shock the warband and the spears
 * rest. Returns null when a step is refused (the rules changed under the
 * script). The browser test replays the same actions through the UI.
 */
export function playSkirmish(scenario: Scenario, seed: string): ScriptRun | null {
  let state = createGame(scenario, seed);
  const steps: ScriptStep[] = [];
  const events: GameEvent[][] = [];
  const send = (
    seat: string,
    action: ScriptStep['action'],
    arrival?: ScriptStep['arrival'],
  ): boolean => {
    const r = apply(state, seat, action);
    if (!r.ok) {
      if (process.env.SKIRMISH_DEBUG)
        console.log('refused', JSON.stringify(action).slice(0, 120), r.rejection.code);
      return false;
    }
    state = r.state;
    steps.push({ seat, action, arrival });
    events.push(r.events);
    return true;
  };
  const move = (
    seat: string,
    piece: string,
    mode: 'normal' | 'minimal',
    to: string,
    charge: boolean,
  ): boolean => {
    const list = sortedAt(reachable(state, seat, piece, mode), hexOf(to));
    const index = list.findIndex((a) => a.charge === charge);
    if (index < 0) {
      if (process.env.SKIRMISH_DEBUG) console.log('no arrival', piece, to, charge, list.length);
      return false;
    }
    const a = list[index];
    return send(
      seat,
      { type: 'move', piece, mode, steps: a.steps, ...(a.charge ? { shock: 'charge' } : {}) },
      { hex: a.hex, facing: a.facing, index, charge: a.charge },
    );
  };
  if (!send('ardenne', { type: 'activate', piece: 'h-spears' })) return null;
  if (!move('ardenne', 'h-spears', 'minimal', '0410', false)) return null;
  if (!send('ardenne', { type: 'activate', piece: 'h-knights' })) return null;
  if (!move('ardenne', 'h-knights', 'normal', '0509', true)) return null;
  if (!send('ardenne', { type: 'endTurn' })) return null;
  if (!send('black-teeth', { type: 'endTurn' })) return null;
  if (!send('ardenne', { type: 'activate', piece: 'h-knights' })) return null;
  const shock = legalActions(state, 'ardenne', 'h-knights').find((a) => a.type === 'shock');
  if (!shock?.allowed) return null;
  if (
    !send('ardenne', { type: 'shock', piece: 'h-knights', target: 'o-warband', supported: true })
  )
    return null;
  // the warband's player chooses how to absorb the losses (§2.7.4): a recoil when one is open
  if (state.pendingLosses) {
    const choices = lossChoices(state, 'black-teeth');
    const plan = choices.find((p) => p.recoil !== undefined) ?? choices[0];
    if (!send('black-teeth', { type: 'absorbLosses', ...plan })) return null;
  }
  if (!send('ardenne', { type: 'activate', piece: 'h-spears' })) return null;
  if (!send('ardenne', { type: 'rest', piece: 'h-spears' })) return null;
  // command (optional, kept when the rules allow it): Gauvain distributes orders, one to Iseult, whose wing goes on the attack
  if (send('ardenne', { type: 'activate', piece: 'h-gauvain' })) {
    if (send('ardenne', { type: 'distributeOrders', piece: 'h-gauvain' })) {
      const options = orderOptions(state, 'ardenne', 'h-gauvain').filter((o) => o.allowed);
      const open = options.find((o) => o.unit === 'h-iseult') ?? options[0];
      if (open) send('ardenne', { type: 'giveOrder', piece: 'h-gauvain', target: open.unit });
    }
    if (state.activation?.piece === 'h-gauvain') send('ardenne', { type: 'pass', piece: 'h-gauvain' });
  }
  if (send('ardenne', { type: 'activate', piece: 'h-iseult' })) {
    if (!send('ardenne', { type: 'changeDirective', piece: 'h-iseult', directive: 'attack' })) send('ardenne', { type: 'pass', piece: 'h-iseult' });
  }
  // epilogue: Dents Noires activates the routed warband, bound to flee (§2.9.1)
  if (state.activeSide === 'ardenne') send('ardenne', { type: 'endTurn' });
  if (state.activeSide === 'black-teeth') send('black-teeth', { type: 'activate', piece: 'o-warband' });
  return { steps, events, state };
}

/**
 * The first seed whose skirmish has the shock make the warband recoil, and
 * leaves it routed (bound to flee or rally when activated, §2.9.1) or
 * destroyed: the epilogue the browser test shows.
 */
export function seedWithRecoil(
  scenario: Scenario,
  tries = 300,
): { seed: string; run: ScriptRun } | null {
  for (let i = 0; i < tries; i++) {
    const seed = `e2e-skirmish-${i}`;
    const run = playSkirmish(scenario, seed);
    const warband = run?.state.units.find((u) => u.id === 'o-warband');
    const routed = !!warband && (warband.destroyed || warband.cohesion === 'routed');
    if (run && routed && run.events.flat().some((e) => e.type === 'recoiled')) return { seed, run };
  }
  return null;
}

export { label as hexLabelOf };
