import type { Rejection } from '../actions/rejection';
import { reject } from '../actions/rejection';
import type { Facing } from '../geometry/facing';
import type { GameState, Unit } from '../state/types';
import { engagedBy, engages } from '../units/engagement';
import { worded } from './refusal';
import { moveContext, type MoveContext } from './move-context';
import { BodyPlace, pivotOf, pivotsOf } from './formation-moves';
import { bodyEntry, startBodyWalk } from './formation-walker';

/**
 * A formation's Action Faire Face (§3.3.7, FORM-54): it turns about
 * (180°, same hexes) or pivots forward about either hex; the new place must
 * let it engage one of the enemies that engage it, and the pivot must be a
 * move the formation could make (clear terrain, no rough hexside, no large
 * unit, never crossing) — the facing costs no points, as any facing. When
 * no such turn exists, it is not obliged to face.
 */
export interface BodyFace {
  facing: Facing;
  /** The forward pivot, absent for the half-turn. */
  step?: { pivot: number; onto: number };
  body: BodyPlace;
}

/** One way to face: the half-turn (no step) or a forward pivot, with its verdict. */
export interface BodyFaceChoice {
  step?: { pivot: number; onto: number };
  verdict: BodyFace | Rejection;
}

/** The half-turn and the two forward pivots, each judged: the place after it, or why not. */
export function bodyFaceChoices(view: GameState, unit: Unit): BodyFaceChoice[] {
  const start = { hex: unit.hex, second: unit.secondHex!, facing: unit.facing };
  const ctx = moveContext(view, { unit, isDecoy: false }, 'normal');
  const nb = ctx.costs.neighbours;
  const turn: BodyFace = { facing: (unit.facing + 6) % 12, body: { ...start, facing: (unit.facing + 6) % 12 } };
  const pivots = pivotsOf(nb, start).filter((p) => pivotOf(nb, start, p.pivot, p.onto)?.way === 'front');
  const judged = (c: BodyFace | Rejection) => ('code' in c ? c : answering(view, unit, c));
  return [{ verdict: judged(turn) }, ...pivots.map((step) => ({ step, verdict: judged(pivotFace(ctx, start, step)) }))];
}

/** The faces the formation may take. */
export function bodyFaceOptions(view: GameState, unit: Unit): BodyFace[] {
  return bodyFaceChoices(view, unit).flatMap((c) => ('code' in c.verdict ? [] : [c.verdict]));
}

/** The face the action names, judged: the half-turn, or the pivot it names (whose facing it must give). */
export function bodyFaceVerdict(view: GameState, unit: Unit, facing: number, step?: { pivot: number; onto: number }): BodyFace | Rejection {
  const choices = bodyFaceChoices(view, unit);
  const named = step ? choices.find((c) => c.step?.pivot === step.pivot && c.step.onto === step.onto) : choices[0];
  if (!named) return reject('formationBadPivot');
  if ('code' in named.verdict) return named.verdict;
  return named.verdict.facing === facing ? named.verdict : reject(step ? 'badFacing' : 'formationHalfTurnOnly');
}

function pivotFace(ctx: MoveContext, start: BodyPlace, step: { pivot: number; onto: number }): BodyFace | Rejection {
  const p = pivotOf(ctx.costs.neighbours, start, step.pivot, step.onto)!;
  const entry = bodyEntry(ctx, startBodyWalk(ctx), p.moving, p.leaveBy, worded);
  if (typeof entry !== 'number') return entry;
  return { facing: p.body.facing, step, body: p.body };
}

/** The face is open only where the formation engages one of its engagers (§2.6.14). */
function answering(view: GameState, unit: Unit, c: BodyFace): BodyFace | Rejection {
  const turned: Unit = { ...unit, hex: c.body.hex, secondHex: c.body.second, facing: c.body.facing };
  const placed = { ...view, units: view.units.map((o) => (o.id === unit.id ? turned : o)) };
  return engagedBy(view, unit).some((e) => engages(placed, turned, e)) ? c : reject('faceMustEngage');
}
