import { cloneState } from '../state/clone';
import { copyUnit } from '../state/unit-copy';
import type { GameState, Seat, Unit } from '../state/types';
import { coversOf } from './covers';
import { stacksByRank } from '../units/stack-groups';

/**
 * What a seat knows of the game (§1 principle: the server keeps the
 * secrets). A side sees its own units, hidden or not, and its decoys; of the
 * enemy it sees the units in the open and only the cover markers of the
 * rest. Spectators see what both players see; the referee sees everything.
 * During the hidden deployment a side sees only its own placement.
 * Once the battle has ended nothing is secret any more (issue 11): every
 * seat sees what the referee sees, each hidden unit and each decoy under
 * its cover, so that the players learn what they fought. Decided here,
 * once, for the server's sync and the client alike.
 * No seat sees the dice state. Stack ranks are renumbered per stack (a
 * formation's two hexes make one) so that they do not count placements made
 * under covers.
 */
export function viewFor(state: GameState, seat: Seat): GameState {
  const covers = coversOf(state);
  const view = cloneState(state);
  delete view.rng;
  view.perspective = seat;
  view.covers = covers.map((c) => ({ ...c }));
  view.stackCounter = 0;
  if (!seesEverything(state, seat)) {
    const sees = (owner: string) => seat !== 'spectator' && owner === seat;
    view.units = view.units.filter((u) => !u.hidden || sees(u.side));
    view.decoys = view.decoys.filter((d) => sees(d.side));
    if (view.activation) view.activation = maskActivation(state, view.activation, seat);
    if (view.deployment) hidePlacements(view.deployment, seat);
  }
  renumberStacks(view.units);
  return view;
}

/**
 * The same view as `viewFor`, read only, built without copying the state
 * (issue 9): the units, decoys and the rest are the state's own objects,
 * except what the view changes (a unit whose stack rank is renumbered, a
 * masked activation, a deployment without the others' placements). For the
 * rules' own queries (previews, verdicts), which read a view and let it go
 * before the state changes; never to be changed, nor kept past a change of
 * the state.
 */
export function sharedView(state: GameState, seat: Seat): GameState {
  if (scope?.state !== state) return buildSharedView(state, seat);
  let view = scope.views.get(seat);
  if (!view) scope.views.set(seat, (view = buildSharedView(state, seat)));
  return view;
}

let scope: { state: GameState; views: Map<Seat, GameState>; answers: Map<string, unknown> } | null = null;

/**
 * The answer to the question `key` about `state`, worked out once per
 * `sharingViews` scope (issue 9: the random player, like a client, asks
 * `legalActions` and then the options behind a verdict — the move search of
 * a mode, the withdrawal hexes — which worked each out again): `answerAbout`
 * for an object answer, frozen since every caller of the scope shares it (a
 * caller that changed it would fail loudly).
 */
export function sharedAnswer<T extends object>(state: GameState, key: string, compute: () => T): T {
  return remembered(state, key, compute, (answer) => Object.freeze(answer) as T);
}

/**
 * The answer to the question `key` about `about` — the scope's state itself
 * or one of its shared views — worked out once per `sharingViews` scope
 * (issue 9: the flee verdict, the flight's preview, the forced actions of the
 * end-turn verdict and of each verdict of `legalActions` asked the nearest
 * threats, `canFlee` and `forcedAction` again about the same view). Any other
 * object (a copy a question changes as it goes, a view built outside the
 * scope), or no scope, gets `compute` every time. The answer may be null or
 * a primitive; callers only read it.
 */
export function answerAbout<T>(about: GameState, key: string, compute: () => T): T {
  return remembered(about, key, compute, (answer) => answer);
}

/** The scope's answer to `key` about `about`, `compute`d and `kept` (as the scope keeps it) the first time; outside the scope, `compute`d as it is. */
function remembered<T>(about: GameState, key: string, compute: () => T, kept: (answer: T) => T): T {
  const full = scopeKey(about, key);
  if (full === null) return compute();
  if (scope!.answers.has(full)) return scope!.answers.get(full) as T;
  const answer = kept(compute());
  scope!.answers.set(full, answer);
  return answer;
}

/** The answer to `key` about `about` if its scope has worked it out already, else undefined (nothing computed). */
export function knownAnswer<T>(about: GameState, key: string): T | undefined {
  const full = scopeKey(about, key);
  return full === null ? undefined : (scope!.answers.get(full) as T | undefined);
}

/**
 * The key of the scope's answers for `key` about `about`: which object it is
 * about (the state, or the view of which seat: two seats' views answer apart),
 * then the question; null when the scope does not hold `about`.
 */
function scopeKey(about: GameState, key: string): string | null {
  if (!scope) return null;
  if (about === scope.state) return `state ${key}`;
  if (about.perspective !== undefined && scope.views.get(about.perspective) === about) return `view ${about.perspective} ${key}`;
  return null;
}

/**
 * Runs `questions` about `state` with one `sharedView` per seat of that
 * state, built at the first question that needs it (issue 9: `legalActions`
 * asks a dozen rules, and each built the same view again). The state must
 * not change while they run — rules' queries never change what they are
 * asked about; views of any other state (a copy a verdict works on) are
 * built afresh as always. Within an outer scope, the outer one holds.
 */
export function sharingViews<T>(state: GameState, questions: () => T): T {
  if (scope) return questions();
  scope = { state, views: new Map(), answers: new Map() };
  try {
    return questions();
  } finally {
    scope = null;
  }
}

function buildSharedView(state: GameState, seat: Seat): GameState {
  const { rng: _rng, ...rest } = state;
  const view: GameState = { ...rest, perspective: seat, covers: coversOf(state).map((c) => ({ ...c })), stackCounter: 0 };
  if (!seesEverything(state, seat)) {
    const sees = (owner: string) => seat !== 'spectator' && owner === seat;
    view.units = state.units.filter((u) => !u.hidden || sees(u.side));
    view.decoys = state.decoys.filter((d) => sees(d.side));
    if (view.activation) view.activation = maskActivation(state, view.activation, seat);
    if (view.deployment) view.deployment = { ...view.deployment, sides: withoutOthersPlacements(view.deployment.sides, seat) };
  }
  view.units = renumbered(view.units);
  return view;
}

function withoutOthersPlacements(sides: NonNullable<GameState['deployment']>['sides'], seat: Seat): NonNullable<GameState['deployment']>['sides'] {
  const out: typeof sides = {};
  for (const [side, d] of Object.entries(sides)) {
    if (side === seat) out[side] = d;
    else {
      const { placement: _placement, ...known } = d;
      out[side] = known;
    }
  }
  return out;
}

/** The units' indexes by stack (a formation's two hexes one), each in rank order. */
const unitStacks = (units: Unit[]) => stacksByRank(units.map((u) => ({ hex: u.hex, secondHex: u.secondHex, rank: u.stackRank })));

/** `renumberStacks` without changing the units: a copy of each unit whose rank changes. */
function renumbered(units: Unit[]): Unit[] {
  const out = [...units];
  for (const stack of unitStacks(units)) {
    stack.forEach((i, rank) => {
      if (units[i].stackRank !== rank) {
        // Not a spread: one that sees every unit shape costs about 1 µs a copy (state/unit-copy.ts).
        const copy = copyUnit(units[i]);
        copy.stackRank = rank;
        out[i] = copy;
      }
    });
  }
  return out;
}

/** The referee always; every seat once the battle is over. */
export function seesEverything(state: Pick<GameState, 'status'>, seat: Seat): boolean {
  return seat === 'referee' || state.status === 'ended';
}

function maskActivation(state: GameState, a: NonNullable<GameState['activation']>, seat: Seat) {
  const unit = state.units.find((u) => u.id === a.piece);
  const decoy = state.decoys.find((d) => d.id === a.piece);
  const owner = unit?.side ?? decoy?.side;
  const coverId = unit?.hidden ? unit.coverId : decoy?.coverId;
  if (coverId && owner !== seat) return { ...a, piece: coverId, covered: true };
  return a;
}

/** A side's deployment is its secret (§4.5.2): others learn its zone and whether it has deployed, never where. */
function hidePlacements(deployment: NonNullable<GameState['deployment']>, seat: Seat): void {
  for (const [side, d] of Object.entries(deployment.sides)) if (side !== seat) delete d.placement;
}

function renumberStacks(units: Unit[]): void {
  for (const stack of unitStacks(units)) stack.forEach((i, rank) => (units[i].stackRank = rank));
}
