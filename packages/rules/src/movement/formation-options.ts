import { isRejection, type Rejection } from '../actions/rejection';
import { sharedView } from '../fog/view';
import type { Direction } from '../geometry/hex';
import type { GameState, Seat } from '../state/types';
import { toPoints } from './costs';
import { moverOf, type MoveMode } from './mover';
import { moveContext } from './move-context';
import { worded } from './refusal';
import { pivotsOf } from './formation-moves';
import { BodyStep, BodyWalk, startBodyWalk, walkBody } from './formation-walker';
import type { BodyTrailStep } from './reachable';

/**
 * The next elementary moves of a formation's move (§3.3.7), each with its
 * verdict: where it takes the body and what the move has cost then, or the
 * rule that refuses it (flank shifts, pivots back, clear terrain, rough
 * hexsides, stacking, points…). The client builds a move step by step with
 * it; the preview's search (formation-search.ts) gives the allowed ends.
 * Judged on what `seat` knows; empty for a one-hex unit or a piece not the
 * seat's, and when the steps so far are refused.
 */
export interface BodyStepOption {
  step: BodyStep;
  allowed: boolean;
  rejection?: Rejection;
  /** The body after the step and the points spent so far, when allowed. */
  after?: BodyTrailStep;
}

export function bodyStepOptions(state: GameState, seat: Seat, piece: string, mode: MoveMode, steps: BodyStep[] = []): BodyStepOption[] {
  const view = state.perspective ? state : sharedView(state, seat);
  const mover = moverOf(view, piece);
  if (!mover || mover.unit.side !== seat || mover.unit.secondHex === undefined || mover.unit.hex < 0) return [];
  const ctx = moveContext(view, mover, mode);
  let ws: BodyWalk = startBodyWalk(ctx);
  for (const s of steps) {
    const next = walkBody(ctx, ws, s, worded);
    if (isRejection(next)) return [];
    ws = next;
  }
  const candidates: BodyStep[] = [...[0, 1, 2, 3, 4, 5].map((d) => ({ shift: d as Direction })), ...pivotsOf(ctx.costs.neighbours, ws), { face: (ws.facing + 6) % 12 }];
  return candidates.map((step) => {
    const next = walkBody(ctx, ws, step, worded);
    if (isRejection(next)) return { step, allowed: false, rejection: next };
    return { step, allowed: true, after: { hex: next.hex, second: next.second, facing: next.facing, spent: toPoints(next.spent) } };
  });
}
