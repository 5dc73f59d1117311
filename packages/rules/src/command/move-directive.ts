import { isRejection, Rejection } from '../actions/rejection';
import { REFUSED } from '../movement/refusal';
import { sharedView } from '../fog/view';
import { toPoints } from '../movement/costs';
import { moverOf, Mover, MoveMode } from '../movement/mover';
import type { Arrival, BodyStep, MoveStep } from '../movement/reachable';
import type { BodyWalk } from '../movement/formation-walker';
import { MoveContext, moveContext, startWalk, walkMove, WalkState } from '../movement/walker';
import type { Facing } from '../geometry/facing';
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

/** The preview offers only the arrivals the directive allows (legal.ts `reachable`). */
export function arrivalsAllowed(view: GameState, mover: Mover, mode: MoveMode, arrivals: Arrival[]): Arrival[] {
  const busy = directiveRefusal(view, mover.unit, { type: 'pass' });
  if (busy) return [];
  // Only yes or no is needed of each arrival: the refusals are not worded.
  const judge = new DirectiveJudge(view, mover.unit, () => REFUSED);
  if (judge.directive === null) return arrivals;
  // Only an exit asks the context (who left the map where): built once, for the first that does — building it means a pass over the whole board.
  let ctx: MoveContext | undefined;
  const offMap = () => (ctx ??= moveContext(view, mover, mode)).offMapEnemies;
  return arrivals.filter((arr) => judge.judge(arrivalIntent(mover, mode, arr, offMap)) === null);
}

/**
 * What an arrival of the search intends, read from its steps: the walker
 * accepted each of them as the search made it, so walking them again (as a
 * submitted move is, `walkIntent`) would find the same positions. A
 * formation's positions are its trail (§3.3.7: a pivot moves both hexes).
 */
function arrivalIntent(mover: Mover, mode: MoveMode, arr: Arrival, offMap: () => Map<number, string>): DirectiveIntent {
  const path = arr.trail ? arr.trail.map((t) => ({ hex: t.hex, second: t.second, facing: t.facing })) : pathOf(mover, arr.steps as MoveStep[]);
  const exit = arr.exit !== undefined ? { hex: arr.hex, dir: arr.exit, reachesEnemy: offMap().has(arr.hex * 6 + arr.exit) } : undefined;
  return { type: 'move', path, spent: arr.cost, mode, stopped: arr.ends !== null, charge: false, ...(exit ? { exit } : {}) };
}

/** A one-hex unit's position after each step, the step off the map left out (it enters no hex). */
function pathOf(mover: Mover, steps: MoveStep[]): Array<{ hex: number; facing: Facing }> {
  let at = { hex: mover.unit.hex, facing: mover.unit.facing };
  const path: Array<{ hex: number; facing: Facing }> = [];
  for (const step of steps) {
    if ('exit' in step) continue;
    at = 'to' in step ? { hex: step.to, facing: at.facing } : { hex: at.hex, facing: step.face };
    path.push(at);
  }
  return path;
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
