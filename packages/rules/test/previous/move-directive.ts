// The preview's directive filter (arrivalsAllowed) as it was before it stopped re-walking each arrival (issue 9), kept verbatim so that the tests can check the new answers against it.
import { isRejection, Rejection } from '../../src/actions/rejection';
import { REFUSED } from '../../src/movement/refusal';
import { sharedView } from '../../src/fog/view';
import { toPoints } from '../../src/movement/costs';
import { moverOf, Mover, MoveMode } from '../../src/movement/mover';
import type { Arrival, BodyStep } from '../../src/movement/reachable';
import { MoveContext, moveContext, startWalk, walkMove, WalkState } from '../../src/movement/walker';
import type { Facing } from '../../src/geometry/facing';
import type { GameState, Seat } from '../../src/state/types';
import { DirectiveIntent, DirectiveJudge, directiveRefusal } from './directive';

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
  // One context for every arrival: building it means a pass over the whole board.
  const ctx = moveContext(view, mover, mode);
  return arrivals.filter((arr) => {
    const intent = walkIntent(ctx, mode, arr.steps, false);
    return intent !== null && judge.judge(intent) === null;
  });
}

function walkIntent(ctx: MoveContext, mode: MoveMode, steps: BodyStep[], charge: boolean): DirectiveIntent | null {
  let ws: WalkState = startWalk(ctx);
  const path: Array<{ hex: number; facing: Facing }> = [];
  for (const step of steps) {
    const next = walkMove(ctx, ws, step);
    if (isRejection(next)) return null;
    ws = next;
    if (ws.ended !== 'exit') path.push({ hex: ws.hex, facing: ws.facing });
  }
  // Leaving the map (§2.6.10) enters no hex: the judge hears where, and whether an enemy left there this turn.
  const exit = ws.exit !== undefined ? { hex: ws.hex, dir: ws.exit, reachesEnemy: ctx.offMapEnemies.has(ws.hex * 6 + ws.exit) } : undefined;
  return { type: 'move', path, spent: toPoints(ws.spent), mode, stopped: ws.ended !== null, charge, ...(exit ? { exit } : {}) };
}
