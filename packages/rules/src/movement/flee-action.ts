import { directiveRefusal } from '../command/directive';
import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import { isRejection, reject, Rejection } from '../actions/rejection';
import { coverOfPiece } from '../fog/announce';
import { enemyCovers } from '../fog/covers';
import { revealSweep } from '../fog/reveal';
import { sharedView } from '../fog/view';
import { Direction, directionTo, distance } from '../geometry/hex';
import { event, GameEvent, MoveStepReport } from '../state/events';
import type { Decoy, GameState, Seat } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { loseBreath } from '../units/condition';
import { crossingTestsOnPath, HexLeft, moveCrossingTests } from '../units/crossing';
import { joinStack } from '../units/stack-facing';
import { decoyJoinsStack } from './decoy-stack';
import { placeInStack } from '../units/stacking';
import { toPoints } from './costs';
import { canFleeFrom, endRefusal, fleeContext, FleeStep, fleeStep, fleeUnitRefusal, FleeWalk, startFlee } from './flee';
import { disciplineTests } from './flee-discipline';
import { moverOf } from './mover';
import { nearestThreats } from './nearest-threat';
import { leaveMap } from './off-map';
import { settleMarkers } from './withdraw-action';
import { disengagementTest, engagedAtStart, flightOwesTest } from './withdraw-disengagement';

export interface FleeAction {
  type: 'flee';
  piece: string;
  steps: FleeStep[];
  /** The nearest threat fled, when several tie (§2.6.13: the player chooses). */
  threat?: string;
}

/**
 * Action de Fuite (§2.6.13). Conditions (on what the player knows): under
 * activation, not charging without a special order, engaging one of its
 * engagers if engaged and not routed, not at the front of a stack with a
 * unit behind, and a path of at least one hex moving away from the nearest
 * threat. Procedure: the steps are carried out (a cover next to the path
 * stops it, as in a move; a stack joined shares its facing, §2.3.1); the
 * crossing tests of every hex left after crossing large friends (§2.3.1.2);
 * then the disengagement test (§2.6.14.1) if an
 * engager was neither routed nor exhausted, then each engager's discipline
 * test (§2.6.13.1). A flight may leave the map (§2.6.10).
 */
export const fleeRule: ActionRule<FleeAction> = {
  section: '§2.6.13',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => walkFlight(state, seat, a).rejection,
      () => fleeDirective(state, a),
    ),
  procedure(state, seat, a, dice) {
    const { walk } = walkFlight(state, seat, a);
    const unit = state.units.find((u) => u.id === a.piece);
    const before = unit ? { ...unit } : null;
    const start = unit ? engagedAtStart(state, unit) : null;
    const decoy = state.decoys.find((d) => d.id === a.piece);
    const decoyStart = decoy ? { hex: decoy.hex, facing: decoy.facing, rank: decoy.stackRank } : null;
    const playsRouted = state.activation?.mustFlee === true;
    const { events, left } = carryOut(state, a, walk);
    const after = state.units.find((u) => u.id === a.piece);
    if (after && before) events.push(...crossingTestsOnPath(state, after, before, left, dice));
    // The large friends a decoy crossed test as if its mimic had crossed them (sheet 000 Leurres), as in a move.
    if (decoyStart) events.push(...moveCrossingTests(state, a.piece, decoyStart, left, dice));
    if (decoy && playsRouted) events.push(...goneForGood(state, decoy));
    if (after && !after.destroyed && start && flightOwesTest(start)) events.push(...disengagementTest(state, after, start, true, dice));
    if (start) events.push(...disciplineTests(state, a.piece, start.engagers.map((e) => e.id), dice));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/**
 * A decoy fleeing after its failed rally plays a routed unit (§4.5.1), which
 * leaving the map is gone for good, destroyed in everyone's sight (§2.6.10):
 * the decoy that left is removed, or the cover would outlive its flight as
 * no routed unit does.
 */
function goneForGood(state: GameState, decoy: Decoy): GameEvent[] {
  if (!decoy.offMap || !state.decoys.includes(decoy)) return [];
  state.decoys = state.decoys.filter((d) => d !== decoy);
  return [event({ type: 'decoyRemoved', cover: decoy.coverId, hex: decoy.offMap.hex }, '§2.6.10')];
}

/** Walks the submitted steps on the mover's view, fleeing the chosen nearest threat (or any of them when none is named). */
export function walkFlight(state: GameState, seat: Seat, a: FleeAction): { walk: FleeWalk[]; rejection: Rejection | null } {
  // Read only, and let go before the flight is carried out: no copy (fog/view.ts).
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, a.piece);
  if (!mover) return { walk: [], rejection: reject('unknownPiece') };
  const refusal = fleeUnitRefusal(view, mover.unit);
  if (refusal) return { walk: [], rejection: refusal };
  const threats = nearestThreats(view, mover.unit).units;
  if (threats.length === 0) return { walk: [], rejection: reject('noThreat') };
  const chosen = a.threat === undefined ? threats : threats.filter((t) => t.id === a.threat);
  if (chosen.length === 0) return { walk: [], rejection: reject('notAThreat') };
  let first: { walk: FleeWalk[]; rejection: Rejection | null } | null = null;
  for (const t of chosen) {
    const tried = walkAgainst(fleeContext(view, mover, t), a.steps);
    if (!tried.rejection) return tried;
    first ??= tried;
  }
  return first!;
}

function walkAgainst(ctx: ReturnType<typeof fleeContext>, steps: FleeStep[]): { walk: FleeWalk[]; rejection: Rejection | null } {
  const walk: FleeWalk[] = [];
  let fw = startFlee(ctx);
  for (const step of steps) {
    const next = fleeStep(ctx, fw, step);
    if (isRejection(next)) return { walk, rejection: next };
    walk.push((fw = next));
  }
  if (fw.hexSteps === 0 && fw.ended !== 'exit') return { walk, rejection: reject('cannotFlee') };
  return { walk, rejection: endRefusal(ctx, fw) };
}

/**
 * Carries the flight out on the full state; a cover met on the way stops it
 * there (the same stop the preview shows). Returns the hexes left, for the
 * crossing tests (§2.3.1.2).
 */
function carryOut(state: GameState, a: FleeAction, walk: FleeWalk[]): { events: GameEvent[]; left: HexLeft[] } {
  const pieceRef = () => state.units.find((u) => u.id === a.piece) ?? state.decoys.find((d) => d.id === a.piece);
  const p = pieceRef()!;
  const side = p.side;
  const from = p.hex;
  const cover = coverOfPiece(state, a.piece);
  const path: MoveStepReport[] = [];
  const reveals: GameEvent[] = [];
  const left: HexLeft[] = [];
  let exit: number | undefined;
  for (const fw of walk) {
    const q = pieceRef();
    if (!q) break;
    if (fw.exit !== undefined) {
      exit = fw.exit;
      left.push({ hex: q.hex, dir: fw.exit as Direction, facing: q.facing });
      break;
    }
    const moved = fw.hex !== q.hex;
    if (moved) left.push({ hex: q.hex, dir: directionTo(state.board, q.hex, fw.hex) as Direction, facing: q.facing });
    q.hex = fw.hex;
    q.facing = fw.facing;
    path.push({ hex: fw.hex, facing: fw.facing, spent: toPoints(fw.spent) });
    if (!moved) continue;
    const coversNear = enemyCovers(state, side).some((c) => distance(state.board, c.hex, fw.hex) <= 1);
    reveals.push(...revealSweep(state, a.piece));
    if (coversNear) break;
  }
  const events = fledEvents(a.piece, cover, side, from, path);
  events.push(...reveals);
  const q = pieceRef();
  if (q && q.hex !== from) placeInStack(state, q, 'bottom');
  const unit = state.units.find((u) => u.id === a.piece);
  // Joining a stack: its facing is shared (§2.3.1); the flight's end was checked against it.
  if (unit && unit.hex !== from && exit === undefined) events.push(...joinStack(state, unit));
  if (!unit && q && q.hex !== from && exit === undefined) events.push(...decoyJoinsStack(state, a.piece));
  if (unit && walk.some((w) => w.minimal)) events.push(...loseBreath(state, unit, 'minimalMovement', '§2.6.13'));
  events.push(...settleMarkers(state, a.piece));
  if (q && exit !== undefined) events.push(...leaveMap(state, a.piece, q.hex, exit as Direction, '§2.6.13'));
  return { events, left };
}

function fledEvents(piece: string, cover: { id: string; side: string } | null, side: string, from: number, path: MoveStepReport[]): GameEvent[] {
  const to = path.length > 0 ? path[path.length - 1].hex : from;
  const cost = path.length > 0 ? path[path.length - 1].spent : 0;
  const body = { type: 'fled' as const, unit: piece, from, path, cost };
  if (!cover) return [event(body, '§2.6.13')];
  return [event(body, '§2.6.13', { to: 'owner', side }), event({ type: 'coverMoved', cover: cover.id, from, to }, '§2.6.13', { to: 'others', side })];
}

/** The legalActions verdict on fleeing (§2.6.13): allowed when a path of flight exists. */
export function fleeVerdict(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => {
      const view = state.perspective ? state : sharedView(state, seat);
      const mover = moverOf(view, piece);
      if (!mover) return reject('unknownPiece');
      const refusal = fleeUnitRefusal(view, mover.unit);
      if (refusal) return refusal;
      // `canFlee` would ask the unit's refusal and its nearest threats again.
      const threats = nearestThreats(view, mover.unit).units;
      if (threats.length === 0) return reject('noThreat');
      return canFleeFrom(view, mover, threats) ? null : reject('cannotFlee');
    },
  );
}

/** The wing's directive on the flight (§2.5.2–2.5.4, §2.9.2). */
function fleeDirective(state: GameState, a: { piece: string; steps: Array<object> }): Rejection | null {
  const unit = state.units.find((u) => u.id === a.piece);
  const path = a.steps.flatMap((s) => ('to' in s ? [(s as { to: number }).to] : []));
  return unit ? directiveRefusal(state, unit, { type: 'flee', path }) : null;
}
