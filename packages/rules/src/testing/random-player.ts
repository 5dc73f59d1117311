import {
  apply,
  bodyFaceOptionsFor,
  createGame,
  deploymentOptions,
  deploymentRefusal,
  FACINGS,
  faceOptions,
  fireOptions,
  fireRate,
  fleeArrivals,
  formationChoices,
  GameState,
  LegalAction,
  legalActions,
  lossChoices,
  orderOptions,
  piecesToActivate,
  reachable,
  returnOptions,
  seatToAct,
  seededDice,
  seedRng,
  shockOptions,
  sharingViews,
  viewFor,
  withdrawOptions,
} from '..';
import type { Scenario } from '../scenario/schema';

/**
 * A random legal player (tests and benchmarks only): every action it plays
 * comes from what the rules offer the seat (legalActions and the option
 * functions), and an offered action must never be refused. Every action
 * type gets its chance; fights (shock, duel, fire) are taken one time in two
 * when open, so that games reach them. The same seed plays the same game.
 */

type Choose = <T>(xs: T[]) => T;

/** One action of a random game: who sent it, and what. */
export interface PlayedAction {
  seat: string;
  action: { type: string } & Record<string, unknown>;
}

export interface RandomGame {
  state: GameState;
  actions: number;
  played: Set<string>;
  /** Every action in order, to replay elsewhere (the server, the browsers). */
  script: PlayedAction[];
}

export interface RandomGameOptions {
  /** At most this many actions (3,000 by default). */
  limit?: number;
  /** Sees the state after each action (the tests check invariants there). */
  afterEach?: (state: GameState) => void;
  /** Action types taken whenever one is open to the piece under activation (a scripted game that must show them). */
  prefer?: string[];
}

/**
 * Plays a random legal game of `scenario` to its end (or `limit` actions);
 * `afterEach` sees the state after each action (the tests check invariants
 * there). Throws if the rules refuse an action they offered.
 */
export function randomGame(scenario: Scenario, seed: string, opts: RandomGameOptions = {}): RandomGame {
  const next = randomPlayer(seed, opts.prefer);
  let state = createGame(scenario, seed);
  let actions = 0;
  const played = new Set<string>();
  const script: PlayedAction[] = [];
  while (state.status === 'playing' && actions < (opts.limit ?? 3000)) {
    const { seat, action } = next(state);
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`offered action refused: ${JSON.stringify(action)} → ${r.rejection.code}`);
    played.add(action.type);
    script.push({ seat, action });
    state = r.state;
    actions += 1;
    opts.afterEach?.(state);
  }
  return { state, actions, played, script };
}

/**
 * The random player on its own: given the full state of a battle still
 * playing, who acts next and a legal action of theirs, its choices drawn
 * from `seed` (a test that drives a real server keeps its own copy of the
 * state and asks this for each move).
 */
export function randomPlayer(seed: string, prefer: string[] = []): (state: GameState) => PlayedAction {
  const pick = seededDice(seedRng(seed));
  const choose: Choose = (xs) => xs[pick.roll(xs.length) - 1];
  return (state) => {
    // §4.5.2 the battle opens on the hidden deployment: the sides still to deploy place their pieces first.
    const deploying = state.deployment && Object.entries(state.deployment.sides).find(([, d]) => !d.done)?.[0];
    const seat = deploying || seatToAct(state);
    // Its questions about one state share that state's views (fog/view.ts sharingViews), as a client asking several would.
    const action = (deploying ? randomDeployment(state, deploying, choose) : sharingViews(state, () => nextAction(state, seat, choose, prefer))) as PlayedAction['action'];
    return { seat, action };
  };
}

/**
 * A random placement that the rules accept, drawn from what deploymentOptions
 * offers the side on its own view and checked with deploymentRefusal as the
 * client does: each hidden unit on a zone hex facing as the stack there, and
 * some decoys imitating distinct hidden units.
 */
function randomDeployment(state: GameState, side: string, choose: Choose): unknown {
  const view = viewFor(state, side);
  const o = deploymentOptions(view, side);
  const facingAt = (hex: number, placed: { hex: number; facing: number }[]) => view.units.find((u) => u.hex === hex && u.side === side)?.facing ?? placed.find((p) => p.hex === hex)?.facing ?? choose([...FACINGS]);
  for (let attempt = 0; attempt < 200; attempt++) {
    const units: { unit: string; hex: number; facing: number }[] = [];
    for (const u of o.units) {
      const hex = choose(o.zone);
      units.push({ unit: u.id, hex, facing: facingAt(hex, units) });
    }
    const decoys: { mimic: string; hex: number; facing: number }[] = [];
    for (const u of o.units.slice(0, choose(range(0, o.maxDecoys)))) {
      const hex = choose(o.zone);
      decoys.push({ mimic: u.id, hex, facing: facingAt(hex, [...units, ...decoys]) });
    }
    if (!deploymentRefusal(view, side, { units, decoys })) return { type: 'deploy', units, decoys };
  }
  throw new Error(`no placement found for ${side}`);
}

function nextAction(state: GameState, seat: string, choose: Choose, prefer: string[]): unknown {
  // A combat waiting for the defender's choice of losses (§2.7.4).
  if (state.pendingLosses) return { type: 'absorbLosses', ...choose(lossChoices(state, seat)) };
  const piece = state.activation?.piece;
  if (piece) return pieceAction(state, seat, piece, choose, prefer);
  const pending = state.wings.filter((w) => w.side === seat && w.shakenMarkers > 0);
  if (pending.length > 0 && choose([1, 2]) === 1) return { type: 'wingMorale', wing: choose(pending).id };
  // A piece off the map is activated by its return roll (§2.6.10.2), when a hex is open to it.
  const returning = (p: string) => returnOptions(state, seat, p);
  const pieces = piecesToActivate(state, seat).filter((p) => onMap(state, p) || returning(p).length > 0);
  const mayEnd = legalActions(state, seat, pieces[0] ?? '').find((l) => l.type === 'endTurn')?.allowed;
  if (mayEnd && (pieces.length === 0 || choose([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) === 1)) return { type: 'endTurn' };
  const next = choose(pieces);
  return onMap(state, next) ? { type: 'activate', piece: next } : { type: 'returnToMap', piece: next, to: choose(returning(next)) };
}

function onMap(state: GameState, piece: string): boolean {
  return (state.units.find((u) => u.id === piece) ?? state.decoys.find((d) => d.id === piece))!.hex >= 0;
}

/** One of the actions open to the piece under activation, with options the rules offered. */
function pieceAction(state: GameState, seat: string, piece: string, choose: Choose, prefer: string[]): unknown {
  const legal = legalActions(state, seat, piece).filter((l) => l.allowed && l.type !== 'activate' && l.type !== 'endTurn');
  const candidates = legal.map((l) => payload(state, seat, piece, l, choose)).filter((a) => a !== null) as { type: string }[];
  const preferred = candidates.filter((a) => prefer.includes(a.type));
  if (preferred.length > 0) return choose(preferred);
  // Fighting is what the games must reach: when a shock or a shot is open, take it one time in two.
  const fights = candidates.filter((a) => ['shock', 'duel', 'fire', 'fireDuel'].includes(a.type));
  if (fights.length > 0 && choose([1, 2]) === 1) return choose(fights);
  return candidates.length > 0 ? choose(candidates) : { type: 'pass', piece };
}

function payload(state: GameState, seat: string, piece: string, l: LegalAction, choose: Choose): unknown {
  const pickOne = <T>(xs: T[], build: (x: T) => unknown) => (xs.length > 0 ? build(choose(xs)) : null);
  switch (l.type) {
    case 'move': {
      const mode = choose(l.modes!);
      // §2.6.8–2.6.9: a contact marker needs an engaged enemy; a charge marker is open where the arrival says so.
      const marker = (a: { charge?: boolean; ends: string | null }) => (a.charge ? choose(a.ends === 'engaged' || a.ends === 'engaging' ? ['charge', 'contact'] : ['charge', null]) : null);
      return pickOne(reachable(state, seat, piece, mode), (a) => {
        const shock = marker(a);
        return { type: 'move', piece, mode, steps: a.steps, ...(shock ? { shock } : {}) };
      });
    }
    case 'shock':
    case 'duel':
      // A formation's option names its attacking hex (§3.3.8): sent back as `from`.
      return pickOne(shockOptions(state, seat, piece).filter((o) => o.allowed && o.type === l.type), (o) => ({ type: o.type, piece, target: o.target, supported: o.supported, ...(o.breath ? { breath: true } : {}), ...(o.from !== undefined ? { from: o.from } : {}) }));
    case 'fire':
      return fireAction(state, seat, piece, choose);
    case 'fireDuel':
      return pickOne(fireOptions(state, seat, piece).filter((o) => o.allowed && o.type === 'fireDuel'), (o) => ({ type: 'fireDuel', piece, target: o.target }));
    case 'face': {
      // A formation faces by a half-turn or a forward pivot (§3.3.7).
      const body = bodyFaceOptionsFor(state, seat, piece);
      if (body.length > 0) return pickOne(body, (o) => ({ type: 'face', piece, facing: o.facing, ...(o.step ? { step: o.step } : {}) }));
      return pickOne(faceOptions(state, seat, piece), (facing) => ({ type: 'face', piece, facing }));
    }
    case 'withdraw':
      return pickOne(withdrawOptions(state, seat, piece).filter((o) => o.allowed), (o) => ({ type: 'withdraw', piece, ...(o.step ? { step: o.step } : o.to !== null ? { to: o.to } : { exit: o.exit }) }));
    case 'flee':
      return pickOne(fleeArrivals(state, seat, piece), (a) => ({ type: 'flee', piece, steps: a.steps, threat: a.threat }));
    case 'giveOrder':
      // A decoy's cost is stated by its owner (sheet 000, Leurres): from 1 to the points left.
      return pickOne(orderOptions(state, seat, piece).filter((o) => o.allowed), (o) => ({ type: 'giveOrder', piece, target: o.unit, ...(o.statedCost ? { points: choose(range(1, state.activation?.commandPoints ?? 1)) } : {}) }));
    case 'returnToMap':
      return pickOne(returnOptions(state, seat, piece), (to) => ({ type: 'returnToMap', piece, to }));
    case 'changeDirective':
    case 'takeCommand':
      return null; // their parameters are free choices, tested in the command tests
    case 'fuse':
    case 'constitute':
    case 'leaveFormation':
    case 'breakFormation':
    case 'changeMode':
      return formationAction(state, seat, piece, l.type, choose);
    default:
      return { type: l.type, piece };
  }
}

/**
 * A fire from the targets fireOptions allows (§3.2.3): one shot, all the
 * unit's shots combined on one target, or one shot per target up to its
 * rate, the targets drawn among those allowed (the same one may come twice).
 */
function fireAction(state: GameState, seat: string, piece: string, choose: Choose): unknown {
  const allowed = fireOptions(state, seat, piece).filter((o) => o.allowed && o.type === 'fire');
  if (allowed.length === 0) return null;
  // A formation fires from one hex at a time, at that hex's rate (§3.3.8): the options of one hex.
  const from = choose(allowed).from;
  const open = allowed.filter((o) => o.from === from);
  const rate = open[0]!.rate ?? fireRate(state, state.units.find((u) => u.id === piece)!);
  const how = rate > 1 ? choose(['one', 'combined', 'spread'] as const) : 'one';
  const hex = from !== undefined ? { from } : {};
  if (how === 'spread') return { type: 'fire', piece, targets: range(1, rate).map(() => choose(open).target), combine: false, ...hex };
  return { type: 'fire', piece, targets: [choose(open).target], combine: how === 'combined', ...hex };
}

/** A formation action with one of the choices the rules allow (§3.3.9–3.3.14, formationChoices). */
function formationAction(state: GameState, seat: string, piece: string, type: string, choose: Choose): unknown {
  const c = formationChoices(state, seat, piece);
  const pickOne = <T>(xs: T[], build: (x: T) => unknown) => (xs.length > 0 ? build(choose(xs)) : null);
  if (type === 'fuse' || type === 'constitute') return pickOne(c[type], (other) => ({ type, piece, with: other }));
  if (type === 'leaveFormation') return pickOne(c.leaveFormation, (hexes) => ({ type, piece, hexes }));
  if (type === 'breakFormation') return pickOne(c.breakFormation, (heavier) => ({ type, piece, ...(heavier !== undefined ? { heavier } : {}) }));
  return pickOne(c.changeMode, (mode) => ({ type, piece, mode }));
}

/** The whole numbers from `from` to `to`, both included. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(1, to - from + 1) }, (_, i) => from + i);
}
