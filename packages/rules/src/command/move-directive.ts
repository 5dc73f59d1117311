import { isRejection, Rejection } from '../actions/rejection';
import { REFUSED } from '../movement/refusal';
import { sharedView } from '../fog/view';
import { toPoints } from '../movement/costs';
import { moverOf, Mover, MoveMode } from '../movement/mover';
import type { Arrival, BodyStep } from '../movement/reachable';
import type { ArrivalSet } from '../movement/arrival-set';
import type { BodyWalk } from '../movement/formation-walker';
import { MoveContext, moveContext, startWalk, walkMove, WalkState } from '../movement/walker';
import type { GameState, Seat } from '../state/types';
import { DirectiveIntent, DirectiveJudge, directiveRefusal } from './directive';
import type { Position } from './fields';

/**
 * The directive's say on a movement action (§2.6.11: "si une Unité choisit
 * une Action de Mouvement dans le cadre d'une Consigne d'Ordre, elle doit
 * respecter les contraintes liées à cette consigne"). Walks the steps on the
 * mover's side's view — the walker has already accepted them — and judges
 * the path. Kept apart from actions/move.ts so the move rule stays short.
 */
export function moveDirectiveRefusal(state: GameState, seat: Seat, a: { piece: string; mode: MoveMode; steps: BodyStep[]; shock?: string }): Rejection | null {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, a.piece);
  if (!mover) return null;
  const intent = walkIntent(moveContext(view, mover, a.mode), a.mode, a.steps, a.shock === 'charge');
  return intent ? directiveRefusal(view, mover.unit, intent) : null;
}

/** The preview offers only the arrivals the directive allows (legal.ts `reachable`), building only those (arrival-set.ts). */
export function arrivalsAllowed(view: GameState, mover: Mover, mode: MoveMode, arrivals: ArrivalSet): Arrival[] {
  const kept: Arrival[] = [];
  eachAllowed(view, mover, mode, arrivals, (i) => {
    kept.push(arrivals.arrival(i));
    return false;
  });
  return kept;
}

/**
 * Whether `arrivalsAllowed` would keep any arrival, judging them in the same
 * order and stopping at the first allowed (issue 9: the minimal mode's
 * verdict only needs to know that one exists, and judging every arrival was
 * most of what it cost). Each judgement reads the arrival alone, so the
 * answer is `arrivalsAllowed(…).length > 0`.
 */
export function someArrivalAllowed(view: GameState, mover: Mover, mode: MoveMode, arrivals: ArrivalSet): boolean {
  return eachAllowed(view, mover, mode, arrivals, () => true);
}

/** Calls `take` with each arrival the directive allows, in order, until it returns true; says whether it did. */
function eachAllowed(view: GameState, mover: Mover, mode: MoveMode, arrivals: ArrivalSet, take: (i: number) => boolean): boolean {
  const busy = directiveRefusal(view, mover.unit, { type: 'pass' });
  if (busy) return false;
  // Only yes or no is needed of each arrival: the refusals are not worded.
  const judge = new DirectiveJudge(view, mover.unit, () => REFUSED);
  // No directive: every arrival is allowed (none judged).
  const allowed = judge.directive === null ? () => true : (i: number) => judge.judge(arrivalIntent(arrivals, i, mode, offMap)) === null;
  // Only an exit asks the context (who left the map where): built once, for the first that does — building it means a pass over the whole board.
  let ctx: MoveContext | undefined;
  const offMap = () => (ctx ??= moveContext(view, mover, mode)).offMapEnemies;
  for (let i = 0; i < arrivals.size; i++) if (allowed(i) && take(i)) return true;
  return false;
}

/**
 * What an arrival of the search intends, read from its positions: the
 * walker accepted each step as the search made it, so walking them again (as
 * a submitted move is, `walkIntent`) would find the same positions.
 */
function arrivalIntent(arrivals: ArrivalSet, i: number, mode: MoveMode, offMap: () => Map<number, string>): DirectiveIntent {
  const dir = arrivals.exit(i);
  const hex = arrivals.hex(i);
  const exit = dir !== undefined ? { hex, dir, reachesEnemy: offMap().has(hex * 6 + dir) } : undefined;
  return { type: 'move', path: arrivals.positions(i), spent: arrivals.cost(i), mode, stopped: arrivals.ends(i) !== null, charge: false, ...(exit ? { exit } : {}) };
}

function walkIntent(ctx: MoveContext, mode: MoveMode, steps: BodyStep[], charge: boolean): DirectiveIntent | null {
  let ws: WalkState = startWalk(ctx);
  const path: Position[] = [];
  for (const step of steps) {
    const next = walkMove(ctx, ws, step);
    if (isRejection(next)) return null;
    ws = next;
    // A formation's body (formation-walker.ts) has its other hex too (§3.3.7).
    if (ws.ended !== 'exit') path.push({ hex: ws.hex, second: (ws as Partial<BodyWalk>).second, facing: ws.facing });
  }
  // Leaving the map (§2.6.10) enters no hex: the judge hears where, and whether an enemy left there this turn.
  const exit = ws.exit !== undefined ? { hex: ws.hex, dir: ws.exit, reachesEnemy: ctx.offMapEnemies.has(ws.hex * 6 + ws.exit) } : undefined;
  return { type: 'move', path, spent: toPoints(ws.spent), mode, stopped: ws.ended !== null, charge, ...(exit ? { exit } : {}) };
}
