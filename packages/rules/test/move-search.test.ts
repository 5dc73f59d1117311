import { sharingViews } from '../src/fog/view';
import { someArrival } from '../src/actions/legal';
import { directiveFor, isHarasser, isShooter, isTwoHex, reachable, viewFor, type GameState, type MoveMode, type Seat } from '../src';
import { randomGame, stressGame, stressScenario } from '../src/testing';
import { DirectiveFields } from '../src/command/fields';
import { reorientCost, stepCost, toHalves } from '../src/movement/costs';
import { stepKeepsCharge } from '../src/movement/charge';
import { FACINGS, zoneOf, type Facing } from '../src/geometry/facing';
import { hasTargetFrom, openTarget, targetFromHex } from '../src/fire/targets';
import { enterableOnce } from '../src/fire/harassment';
import { distance, type Direction } from '../src/geometry/hex';
import { zoneSize } from '../src/units/abilities';
import { boardIndex } from '../src/terrain/board';
import type { Directive } from '../src/state/types';
import { moverOf } from '../src/movement/mover';
import { moveContext } from '../src/movement/walker';
import { searchArrivals, searchArrivalSet, type MoveStep } from '../src/movement/reachable';
import { positionsAlong } from '../src/movement/arrival-set';
import { searchArrivals as previousSearch } from './previous/reachable';
import { arrivalsAllowed as previousAllowed } from './previous/move-directive';
import { DirectiveFields as PreviousFields } from './previous/fields';
import { DirectiveJudge as PreviousJudge } from './previous/directive';
import { DirectiveJudge, type DirectiveIntent } from '../src/command/directive';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9: the move search keeps its states in typed arrays, and the
 * preview's directive filter judges each arrival from its steps without
 * walking them again; the arrivals offered must be the previous
 * implementation's (test/previous/reachable.ts, move-directive.ts,
 * directive.ts, fields.ts), in the same order, on positions of random games
 * of every shipped scenario and the stress battle — formations included
 * (the-shield-hill: the previous filter judges a two-hex body too, save
 * under an attack directive, see `previousJudges`) — for
 * units of each side in the three modes (§2.6.1, §2.6.4, §2.6.5), under
 * each wing directive in turn (§2.5.1–2.5.4, §2.6.11).
 */

const positions = recordedPositions('move-search', {
  every: 30,
  stressLimit: 60,
  formations: true,
});
const MODES: MoveMode[] = ['normal', 'extra', 'minimal'];
const DIRECTIVES: Directive[] = ['attack', 'defend', 'regroup', 'retreat'];

/**
 * Whether the previous filter is still the reference for this piece's
 * preview: not for a formation under an attack directive, which it priced as
 * a one-hex unit from its first hex; a formation now approaches by its own
 * moves (§2.6.11.1, §3.3.7, formation-approach.test.ts checks its preview).
 */
function previousJudges(view: GameState, piece: string): boolean {
  const unit = view.units.find((u) => u.id === piece);
  return !(unit && isTwoHex(unit) && directiveFor(view, unit) === 'attack');
}

/** The preview as the previous code made it (actions/legal.ts `reachable`, on a seat's view). */
function previousReachable(view: GameState, piece: string, mode: MoveMode) {
  const mover = moverOf(view, piece)!;
  return previousAllowed(view, mover, mode, previousSearch(moveContext(view, mover, mode)));
}

/** Every troop and decoy on the map of each side, on its side's view with its wings under each directive in turn (§2.5.1–2.5.4), where the previous filter judges. */
function everyPieceUnderEachDirective(state: GameState, check: (under: GameState, side: Seat, piece: string, directive: Directive) => void): void {
  for (const side of state.sides.map((s) => s.id as Seat)) {
    const view = viewFor(state, side);
    const pieces = [...view.units.filter((u) => u.side === side && u.hex >= 0).map((u) => u.id), ...view.decoys.filter((d) => d.side === side && d.hex >= 0).map((d) => d.id)];
    for (const directive of DIRECTIVES) {
      const under = { ...view, wings: view.wings.map((w) => (w.side === side ? { ...w, directive } : w)) };
      for (const piece of pieces.filter((p) => previousJudges(under, p))) check(under, side, piece, directive);
    }
  }
}

/** A few units (and decoys) of the side, spread over its list, on the map. */
function piecesOf(view: GameState, side: string): string[] {
  const units = view.units.filter((u) => u.side === side && u.hex >= 0).map((u) => u.id);
  const decoys = view.decoys.filter((d) => d.side === side && d.hex >= 0).map((d) => d.id);
  const step = Math.max(1, Math.floor(units.length / 3));
  return [...units.filter((_, i) => i % step === 0), ...decoys.slice(0, 1)];
}

describe('§2.6 the move search and its preview (issue 9): the same arrivals as before', () => {
  test.each(positions)('%s', (_id, state) => {
    let compared = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      for (const piece of piecesOf(view, side)) {
        const mover = moverOf(view, piece)!;
        for (const mode of MODES) {
          const ctx = () => moveContext(view, mover, mode);
          expect([piece, mode, searchArrivals(ctx())]).toEqual([
            piece,
            mode,
            previousSearch(ctx()),
          ]);
          if (previousJudges(view, piece))
            expect([piece, mode, reachable(view, side as Seat, piece, mode)]).toEqual([
              piece,
              mode,
              previousReachable(view, piece, mode),
            ]);
          compared += 1;
        }
      }
      for (const directive of DIRECTIVES) {
        const under = {
          ...view,
          wings: view.wings.map((w) => (w.side === side ? { ...w, directive } : w)),
        };
        for (const piece of piecesOf(under, side).slice(0, 2).filter((p) => previousJudges(under, p)))
          expect([piece, directive, reachable(under, side as Seat, piece, 'normal')]).toEqual([
            piece,
            directive,
            previousReachable(under, piece, 'normal'),
          ]);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

/**
 * The attack directive's shooters (§3.2.6: once it could fire from a
 * position, its move may go anywhere it can still fire from) and its
 * harassers (§3.2.4.1, A-15: the shot is open when it could enter a hex
 * between): the preview judges "could fire from here" for every position of
 * every arrival, and remembers per pair of hexes whether a harasser could
 * enter the hex between (fire/harassment.ts `enterableOnce`), since its
 * facing changes only the front zone. Every shooter of each side, under an
 * attack directive, on the recorded positions and on the bench's stress
 * battle (its light cavalry harasses): the previous filter's arrivals.
 */
describe('§3.2.6 the attack directive\'s shooters and harassers (issue 9): the same arrivals as before', () => {
  const cases: Array<[string, GameState]> = [...positions, ['stress battle (bench)', stressGame('bench')]];
  test.each(cases)('%s', (_id, state) => {
    let harassers = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      const under = { ...view, wings: view.wings.map((w) => (w.side === side ? { ...w, directive: 'attack' as const } : w)) };
      const shooters = under.units.filter((u) => u.side === side && u.hex >= 0 && u.kind === 'troop' && isShooter(u) && previousJudges(under, u.id));
      for (const u of shooters) {
        harassers += isHarasser(u) ? 1 : 0;
        expect([u.id, reachable(under, side as Seat, u.id, 'normal')]).toEqual([u.id, previousReachable(under, u.id, 'normal')]);
      }
    }
    // The stress battle's light cavalry harasses (§3.2.4.1): the memory of the hexes between is exercised.
    if (_id.startsWith('stress')) expect(harassers).toBeGreaterThan(0);
  });
});

/**
 * §3.2.2, §3.2.4.1, §3.2.7: "could fire from here" is judged per hex for
 * what the facing does not change (range, the target's stack, a line of
 * sight) and per facing for the cone and a harasser's line (its hex between
 * must lie in its front zone): fire/targets.ts `targetFromHex`, against
 * `hasTargetFrom` asked afresh, for every shooter on the recorded positions
 * and the bench's stress battle (harassers among them), every hex within 4
 * of it and 2 of an enemy, every facing
 * (a harasser's asked first at each facing in turn). A harasser's line kept
 * for all facings, or a range read for one facing, would differ.
 */
describe('§3.2.6 "could fire from here" per hex, then per facing (issue 9): the same answers as hasTargetFrom', () => {
  const cases: Array<[string, GameState]> = [...positions, ['stress battle (bench)', stressGame('bench')]];
  test.each(cases)('%s', (_id, state) => {
    let yes = 0;
    let no = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      for (const u of view.units.filter((x) => x.side === side && x.hex >= 0 && x.kind === 'troop' && isShooter(x))) {
        const targets = view.units.filter((t) => openTarget(u, t));
        const enterable = enterableOnce();
        for (let hex = 0; hex < view.board.cols * view.board.rows; hex++) {
          // Where a target may be at hand: near the shooter, two hexes from an enemy (a harasser's hex between, §3.2.4.1).
          if (distance(view.board, hex, u.hex) > 4 || !targets.some((t) => distance(view.board, hex, t.hex) === 2)) continue;
          const expected = FACINGS.map((facing) => hasTargetFrom(view, u, hex, facing, view.units));
          yes += expected.filter(Boolean).length;
          no += expected.filter((e) => !e).length;
          // A harasser's judge is asked first at each facing in turn: a line kept from the first facing asked would show.
          for (const first of isHarasser(u) ? FACINGS : [0]) {
            const judge = targetFromHex(view, u, hex, targets, enterable);
            judge(first);
            expect([u.id, hex, first, FACINGS.map((f) => judge(f))]).toEqual([u.id, hex, first, expected]);
          }
        }
      }
    }
    // The stress battle has shooters in reach of enemies, with targets and without.
    if (_id.startsWith('stress')) expect([yes > 0, no > 0]).toEqual([true, true]);
  });
});

/**
 * Issue 9: the preview builds only the arrivals its directive keeps
 * (movement/arrival-set.ts): the filter reads where each arrival ends, its
 * cost and the positions along its way from the search's states, unbuilt,
 * and the retreat edge's distances are worked out once per kind of mover
 * (command/fields.ts `sharedEdgeField`). On the bench's stress battle and the
 * recorded positions of the stress battle, every piece of each side — the
 * warg riders' twelve facings, the small units' steered turns
 * (search-facings.ts), decoys — under each directive (§2.5.1–2.5.4,
 * §2.6.11): the previous implementation's arrivals, in the same order.
 */
describe('§2.5 every directive\'s preview, arrivals built only when kept (issue 9): the same arrivals as before', () => {
  const stressCases: Array<[string, GameState]> = [['stress battle (bench)', stressGame('bench')], ...positions.filter(([id]) => id.startsWith('stress')).slice(0, 1)];
  test.each(stressCases)('%s', (_id, state) => {
    let kept = 0;
    everyPieceUnderEachDirective(state, (under, side, piece, directive) => {
      const now = reachable(under, side, piece, 'normal');
      kept += now.length;
      expect([piece, directive, now]).toEqual([piece, directive, previousReachable(under, piece, 'normal')]);
    });
    expect(kept).toBeGreaterThan(0);
  });

  /** What the set tells of an arrival before building it is what the built arrival says (the positions are those its steps walk through). */
  test.each(stressCases.slice(0, 1))('%s: an arrival read unbuilt is the arrival built', (_id, state) => {
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      const pieces = [...view.units.filter((u) => u.side === side && u.hex >= 0), ...view.decoys.filter((d) => d.side === side && d.hex >= 0)];
      for (const piece of pieces) {
        const mover = moverOf(view, piece.id)!;
        for (const mode of MODES) {
          const set = searchArrivalSet(moveContext(view, mover, mode));
          const unbuilt = Array.from({ length: set.size }, (_, i) => ({
            hex: set.hex(i),
            cost: set.cost(i),
            ends: set.ends(i),
            exit: set.exit(i),
            positions: set.positions(i).map((p) => ({ hex: p.hex, facing: p.facing, second: p.second })),
          }));
          const built = searchArrivals(moveContext(view, mover, mode)).map((a) => ({
            hex: a.hex,
            cost: a.cost,
            ends: a.ends,
            exit: a.exit,
            positions: a.trail ? a.trail.map((t) => ({ hex: t.hex, facing: t.facing, second: t.second })) : positionsAlong(mover.unit, a.steps as MoveStep[]).map((p) => ({ hex: p.hex, facing: p.facing, second: undefined })),
          }));
          expect([piece.id, mode, unbuilt]).toEqual([piece.id, mode, built]);
        }
      }
    }
  });
});

/**
 * Issue 9: the regroup directive's threat costs (§2.5.3, §2.5.3.1: the
 * nearest threat's cost of a hex, the threats that tie for it, whether a
 * step moves away from them, whether a threat reaches a hex) are kept per
 * set of threats and shared by every judge facing them
 * (command/threat-costs.ts), from one preview, piece and position to the
 * next. On the positions of one random game of the stress battle, in the
 * order played, each also with every enemy turned about where it stands —
 * threats move, turn, rout and fall between them, so a table served for
 * threats that have changed would be caught — every hex and
 * every step to a neighbour answers as the previous fields
 * (test/previous/fields.ts) worked out afresh, and the regroup preview of
 * pieces of each side (a decoy included) is the previous implementation's.
 */
describe("§2.5.3 regroup's threat costs shared between judges (issue 9): the same answers as before", () => {
  const played: Array<[string, GameState]> = [];
  let n = 0;
  randomGame(stressScenario(), 'threat-costs', {
    limit: 160,
    afterEach: (s) => {
      n += 1;
      if (!s.deployment && n % 40 === 0) played.push([`stress battle #${n}`, s]);
    },
  });

  test.each(played)('%s', (_id, state) => {
    for (const side of state.sides.map((s) => s.id)) {
      // The seat's view, then the same with every enemy turned about in its hex: new fields for threats standing where they stood.
      const seen = viewFor(state, side as Seat);
      const turned = {
        ...seen,
        units: seen.units.map((u) =>
          u.side === side ? u : { ...u, facing: ((u.facing + 6) % 12) as typeof u.facing },
        ),
      };
      for (const view of [seen, turned]) {
        const unit = view.units.find((u) => u.side === side && u.hex >= 0)!;
        const [now, before] = [new DirectiveFields(view, unit), new PreviousFields(view, unit)];
        const { size, neighbours } = boardIndex(view.board);
        const rows = (f: (h: number) => unknown[]) => Array.from({ length: size }, (_, h) => f(h));
        const stepsBefore = (from: number, to: number) =>
          before
            .nearestThreatsAt(from)
            .some((e) => before.threatCostFrom(e, to) >= before.threatCost(from) + toHalves(0.5));
        const around = (h: number, away: (from: number, to: number) => boolean) =>
          [0, 1, 2, 3, 4, 5].map((d) => neighbours[h * 6 + d]).map((to) => to >= 0 && away(h, to));
        expect(
          rows((h) => [
            h,
            now.threatCost(h),
            now.reachable(h),
            now.nearestThreatsAt(h).map((e) => e.id),
            around(h, (f, t) => now.stepsAway(f, t)),
          ]),
        ).toEqual(
          rows((h) => [
            h,
            before.threatCost(h),
            before.reachable(h),
            before.nearestThreatsAt(h).map((e) => e.id),
            around(h, stepsBefore),
          ]),
        );
        const under = {
          ...view,
          wings: view.wings.map((w) =>
            w.side === side ? { ...w, directive: 'regroup' as const } : w,
          ),
        };
        for (const piece of piecesOf(under, side).filter((p) => previousJudges(under, p)))
          expect([piece, reachable(under, side as Seat, piece, 'normal')]).toEqual([
            piece,
            previousReachable(under, piece, 'normal'),
          ]);
      }
    }
  });

  /** The table's key holds nothing of the unit judged: every piece of a side, hidden or in the open, faces one table (a decoy's judge, free of directives, asks none). */
  test('§4.5 one table for every piece of a side, whatever the piece', () => {
    const state = stressGame('bench');
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      const own = view.units.filter((u) => u.side === side && u.hex >= 0);
      expect(own.some((u) => u.hidden)).toBe(true);
      expect(new Set(own.map((u) => new DirectiveFields(view, u).costs())).size).toBe(1);
    }
  });
});

/**
 * Issue 9: the move search reads the mover's step costs, turn costs, front
 * zones (§2.3, §2.6.2, §2.6.6) and the hexsides that keep a charge (§2.6.9)
 * from tables worked out once per board and kind of mover
 * (movement/step-table.ts, charge.ts), no longer per search. For every unit
 * and decoy of each side (about 20 of the stress battle's, spread over its
 * list) on recorded positions (formations included),
 * the context's tables answer as `stepCost`, `reorientCost`, `zoneOf` and
 * `stepKeepsCharge` asked for that very mover.
 */
test.each(positions.filter((_, i) => i % 4 === 0))('§2.6 %s: the step tables answer for each mover', (_id, state) => {
  for (const side of state.sides.map((s) => s.id)) {
    const view = viewFor(state, side as Seat);
    const all = [...view.units.filter((u) => u.side === side && u.hex >= 0), ...view.decoys.filter((d) => d.side === side && d.hex >= 0)].map((p) => p.id);
    // At most about 20 pieces of a side, spread over its list (the stress battle has 75).
    const ids = all.filter((_, i) => i % Math.ceil(all.length / 20) === 0);
    for (const id of ids) {
      const mover = moverOf(view, id)!;
      const u = mover.unit;
      const ctx = moveContext(view, mover, 'normal');
      const hexsides = Array.from({ length: view.board.cols * view.board.rows * 6 }, (_, k) => k);
      const facings = Array.from({ length: 144 }, (_, k) => k);
      expect([id, hexsides.map((k) => ctx.costs.steps[k]), hexsides.map((k) => ctx.chargeSides[k] === 1)]).toEqual([
        id,
        hexsides.map((k) => stepCost(view.board, u, Math.floor(k / 6), (k % 6) as Direction)),
        hexsides.map((k) => stepKeepsCharge(view, Math.floor(k / 6), (k % 6) as Direction)),
      ]);
      expect([id, facings.map((k) => ctx.costs.turns[k]), facings.slice(0, 72).map((k) => ctx.costs.front[k] === 1)]).toEqual([
        id,
        facings.map((k) => reorientCost(u, Math.floor(k / 12) as Facing, (k % 12) as Facing)),
        facings.slice(0, 72).map((k) => zoneOf(zoneSize(u), Math.floor(k / 6) as Facing, (k % 6) as Direction) === 'front'),
      ]);
    }
  }
});

/**
 * Issue 9 (wt-attack): the attack directive's judge reads a move's
 * positions in place (no array built per arrival judged) and remembers
 * "could fire from here" (§3.2.6) and the approach cost (§2.6.11.1) per hex
 * and facing in flat arrays instead of Maps. Its verdicts must be the
 * previous judge's (test/previous/directive.ts, fields.ts), refusals worded
 * alike: on the bench's stress battle and a recorded position of it, every
 * troop of each side (shooters and harassers among them, decoys) under an
 * attack directive, one judge each for many intents — every arrival of its
 * search, every other arrival's path cut short at each step (the start
 * alone included), each path walked backwards and its end reached in one
 * jump from the start, so that refusals
 * (`shooterMustKeepTarget`, `attackMustApproach` and the hex named,
 * `attackSpendHalf`, `attackMustAdvance`) are met as well as allowances.
 */
describe('§2.6.11.1, §3.2.6 the attack judge read in place (issue 9): the same verdicts as before', () => {
  const stressCases: Array<[string, GameState]> = [['stress battle (bench)', stressGame('bench')], ...positions.filter(([id]) => id.startsWith('stress')).slice(0, 1)];
  test.each(stressCases)('%s', (_id, state) => {
    const verdicts = new Map<string, number>();
    const differ: unknown[] = [];
    let shooters = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      const under = { ...view, wings: view.wings.map((w) => (w.side === side ? { ...w, directive: 'attack' as const } : w)) };
      const pieces = [...under.units.filter((u) => u.side === side && u.hex >= 0 && u.kind === 'troop'), ...under.decoys.filter((d) => d.side === side && d.hex >= 0)];
      for (const piece of pieces.filter((p) => previousJudges(under, p.id))) {
        const mover = moverOf(under, piece.id)!;
        shooters += isShooter(mover.unit) ? 1 : 0;
        const now = new DirectiveJudge(under, mover.unit);
        const before = new PreviousJudge(under, mover.unit);
        const set = searchArrivalSet(moveContext(under, mover, 'normal'));
        const intents: DirectiveIntent[] = [];
        for (let i = 0; i < set.size; i++) {
          const dir = set.exit(i);
          const exit = dir === undefined ? {} : { exit: { hex: set.hex(i), dir, reachesEnemy: i % 2 === 0 } };
          const path = set.positions(i);
          const move = { type: 'move' as const, spent: set.cost(i), mode: 'normal' as const, stopped: set.ends(i) !== null, charge: false };
          // Also its end reached in one jump (no walk, but a judge's question all the same): a firing place that does not approach the start.
          intents.push({ ...move, path, ...exit }, { ...move, path: [...path].reverse() }, { ...move, path: path.slice(-1) });
          if (i % 5 === 0) for (let n = 0; n < path.length; n++) intents.push({ ...move, path: path.slice(0, n), stopped: false });
        }
        for (const intent of intents) {
          const verdict = now.judge(intent);
          const previous = before.judge(intent);
          // Compared as text (the verdict and its wording), each mismatch kept with its intent: a toEqual per intent is too slow for their number.
          if (JSON.stringify(verdict) !== JSON.stringify(previous)) differ.push({ piece: piece.id, intent, verdict, previous });
          const code = verdict ? verdict.code : 'allowed';
          verdicts.set(code, (verdicts.get(code) ?? 0) + 1);
        }
      }
    }
    expect(differ.slice(0, 3)).toEqual([]);
    // Shooters were judged, and both verdicts met: the comparison is not of allowances alone.
    expect(shooters).toBeGreaterThan(0);
    expect(verdicts.get('allowed')).toBeGreaterThan(0);
    expect(verdicts.get('shooterMustKeepTarget')).toBeGreaterThan(0);
    expect(verdicts.get('attackMustApproach')).toBeGreaterThan(0);
  });
});

/**
 * §2.6.5 minimal movement is offered where some hex needs it: the verdict
 * (actions/legal.ts `someArrival`) asks only whether the preview would offer
 * an arrival, and judges the search's arrivals until the first its
 * directive allows (issue 9). On the bench's stress battle and a recorded
 * position of it, every piece of each side under each directive
 * (§2.5.1–2.5.4), in the minimal and normal modes: the answer is whether
 * the previous preview is empty — asked alone, and within a scope that
 * already holds the preview. Pieces whose search finds arrivals but whose
 * directive allows none must occur, or a verdict that skipped the judge
 * would pass.
 */
describe('§2.6.5 the minimal mode\'s verdict stops at the first arrival allowed (issue 9): the same answer as the previous preview', () => {
  const cases: Array<[string, GameState]> = [['stress battle (bench)', stressGame('bench')], ...positions.filter(([id]) => id.startsWith('stress')).slice(0, 1)];
  test.each(cases)('%s', (_id, state) => {
    const seen = { some: 0, none: 0, allRefused: 0 };
    everyPieceUnderEachDirective(state, (under, side, piece, directive) => {
      for (const mode of ['minimal', 'normal'] as MoveMode[]) {
        const before = previousReachable(under, piece, mode).length > 0;
        expect([piece, directive, mode, someArrival(under, side, piece, mode)]).toEqual([piece, directive, mode, before]);
        expect([piece, directive, mode, sharingViews(under, () => (reachable(under, side, piece, mode), someArrival(under, side, piece, mode)))]).toEqual([piece, directive, mode, before]);
        if (before) seen.some += 1;
        else seen.none += 1;
        if (!before && searchArrivals(moveContext(under, moverOf(under, piece)!, mode)).length > 0) seen.allRefused += 1;
      }
    });
    expect(seen.some).toBeGreaterThan(0);
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.allRefused).toBeGreaterThan(0);
  });
});

/**
 * Issue 9: the search skips a step or a turn whose state it already has as
 * cheaply, or settled, or dominated, before walking it (reachable.ts
 * `noGain`): what such a move leads to is known but for its engaging run
 * (§2.6.8: begun only in sight of an enemy), and what it costs is the step's
 * terrain and the large friends crossed leaving (§2.3.1.1), or the
 * turn's (§2.6.6). A key or a cost worked out wrong (the engaging run
 * forgotten, the crossing left out) would skip a move that mattered. Every
 * piece of each side — decoys, the warg riders' twelve facings, units in
 * contact — in the three modes, on the bench's stress battle and a recorded
 * position of it: the previous search's arrivals, in the same order.
 */
describe('§2.6.3–2.6.8 the search skips moves that gain nothing (issue 9): the same arrivals as before', () => {
  const stressCases: Array<[string, GameState]> = [['stress battle (bench)', stressGame('bench')], ...positions.filter(([id]) => id.startsWith('stress')).slice(0, 1)];
  test.each(stressCases)('%s', (_id, state) => {
    let engaging = 0;
    let charging = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side as Seat);
      const pieces = [...view.units.filter((u) => u.side === side && u.hex >= 0).map((u) => u.id), ...view.decoys.filter((d) => d.side === side && d.hex >= 0).map((d) => d.id)];
      for (const piece of pieces) {
        const mover = moverOf(view, piece)!;
        for (const mode of MODES) {
          const now = searchArrivals(moveContext(view, mover, mode));
          engaging += now.filter((a) => a.engaging).length;
          charging += now.filter((a) => a.charge).length;
          expect([piece, mode, now]).toEqual([piece, mode, previousSearch(moveContext(view, mover, mode))]);
        }
      }
    }
    // Engaging runs and charges (§2.6.8, §2.6.9) are among the keys compared.
    expect(engaging).toBeGreaterThan(0);
    expect(charging).toBeGreaterThan(0);
  });
});
