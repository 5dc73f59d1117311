import { apply, faceOptions, fleeArrivals, shockOptions, GameState, legalActions, piecesToActivate, reachable, SCENARIOS, seededDice, seedRng, stackPoints, STACK_LIMIT, viewFor, createGame } from '../src';

/** Plays random legal games: every chosen action comes from what the rules offer the seat. */
function randomGame(scenario: (typeof SCENARIOS)[number], seed: string): { state: GameState; actions: number } {
  const pick = seededDice(seedRng(seed));
  const choose = <T>(xs: T[]): T => xs[pick.roll(xs.length) - 1];
  let state = createGame(scenario, seed);
  let actions = 0;
  while (state.status === 'playing' && actions < 2000) {
    const seat = state.activeSide;
    const action = nextAction(state, seat, choose);
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`offered action refused: ${JSON.stringify(action)} → ${r.rejection.code}`);
    state = r.state;
    actions += 1;
    checkInvariants(state);
  }
  return { state, actions };
}

function nextAction(state: GameState, seat: string, choose: <T>(xs: T[]) => T): unknown {
  const piece = state.activation?.piece;
  if (!piece) {
    const pieces = piecesToActivate(state, seat);
    if (pieces.length === 0 || choose([1, 2, 3, 4, 5, 6, 7, 8]) === 1) return { type: 'endTurn' };
    return { type: 'activate', piece: choose(pieces) };
  }
  const legal = legalActions(state, seat, piece);
  // Forced and recovery actions (§2.9.1, §2.8): face when bound to, sometimes rest, reorganise or rally.
  if (legal.find((l) => l.type === 'face')?.allowed) return { type: 'face', piece, facing: choose(faceOptions(state, seat, piece)) };
  if (legal.find((l) => l.type === 'pass')?.allowed === false) return forcedChoice(state, seat, piece, legal, choose);
  const recover = legal.filter((l) => l.allowed && ['rest', 'reorganise', 'rally'].includes(l.type));
  if (recover.length > 0 && choose([1, 2]) === 1) return { type: choose(recover).type, piece };
  const move = legal.find((l) => l.type === 'move');
  if (move?.allowed && move.modes) {
    const mode = choose(move.modes);
    const arrivals = reachable(state, seat, piece, mode);
    if (arrivals.length > 0) return { type: 'move', piece, mode, steps: choose(arrivals).steps };
  }
  return { type: 'pass', piece };
}

/** A unit bound to an action (§2.9.1) plays one of the forced ones offered. */
function forcedChoice(state: GameState, seat: string, piece: string, legal: ReturnType<typeof legalActions>, choose: <T>(xs: T[]) => T): unknown {
  const open = legal.filter((l) => l.allowed).map((l) => l.type);
  if (open.includes('rally')) return { type: 'rally', piece };
  if (open.includes('flee')) return { type: 'flee', piece, steps: choose(fleeArrivals(state, seat, piece)).steps };
  const shocks = shockOptions(state, seat, piece).filter((o) => o.allowed);
  if (open.includes('shock') && shocks.length > 0) {
    const o = choose(shocks);
    return { type: o.type, piece, target: o.target, supported: o.supported };
  }
  if (open.includes('move')) {
    const mode = choose(legal.find((l) => l.type === 'move')!.modes!);
    return { type: 'move', piece, mode, steps: choose(reachable(state, seat, piece, mode)).steps };
  }
  return { type: 'pass', piece };
}

function checkInvariants(state: GameState): void {
  const byHex = new Map<number, { sides: Set<string>; points: number }>();
  for (const u of state.units.filter((x) => x.hex >= 0)) {
    const h = byHex.get(u.hex) ?? { sides: new Set(), points: 0 };
    h.sides.add(u.side);
    h.points += stackPoints(u);
    byHex.set(u.hex, h);
    if (u.hidden !== Boolean(u.coverId)) throw new Error(`${u.id}: hidden and cover disagree`);
  }
  for (const [hex, h] of byHex) {
    if (h.sides.size > 1) throw new Error(`§2.3.1 enemies stacked in ${hex}`);
    if (h.points > STACK_LIMIT) throw new Error(`§2.3.1 ${h.points} stacking points in ${hex}`);
  }
  for (const seat of state.sides.map((s) => s.id)) {
    const view = viewFor(state, seat);
    for (const u of view.units) if (u.hidden && u.side !== seat) throw new Error('an enemy hidden unit reached a view');
  }
}

describe('random legal games on the shipped scenarios', () => {
  const runs = SCENARIOS.flatMap((s) => ['alpha', 'bravo', 'charlie', 'delta'].map((seed) => [s.id, seed] as const));
  test.each(runs)(
    '§2.4 a random game of %s (%s) runs to its end with no refusal of an offered action and no illegal state',
    (id, seed) => {
      const { state, actions } = randomGame(SCENARIOS.find((s) => s.id === id)!, seed);
      expect(state.status).toBe('ended');
      expect(actions).toBeGreaterThan(10);
    },
  );
});
