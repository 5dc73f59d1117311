import { reject, Rejection } from '../actions/rejection';
import { isRejection } from '../actions/rejection';
import type { Direction } from '../geometry/hex';
import { hexLabel } from '../geometry/hex';
import { zoneOf } from '../geometry/facing';
import type { GameState, Unit } from '../state/types';
import { bodyHexes, zoneOfHex } from '../units/body';
import { engagedBy } from '../units/engagement';
import { worded } from './refusal';
import { moveContext } from './move-context';
import type { Mover } from './mover';
import { BodyPlace, FormationStep, pivotsOf, pivotOf } from './formation-moves';
import { BodyWalk, startBodyWalk, walkBody } from './formation-walker';

/**
 * A formation's withdrawal (§2.6.12 with §3.3.7): one elementary move back —
 * a pivot back about either hex, or both hexes one hex into the rear zone,
 * facing kept — checked by the formation walker (clear terrain, no
 * rough hexside, no large unit, never crossing), by minimal movement when the
 * points fall short, and never ending engaged from the flank or rear.
 */
export interface BodyWithdrawal {
  body: BodyPlace;
  /** Only minimal movement pays for it: a level of breath (§2.6.5). */
  minimal: boolean;
}

/** The formation's backward moves: the rear shifts and the pivots back, on the map or not. */
export function backwardSteps(nb: Int32Array, b: BodyPlace): FormationStep[] {
  const steps: FormationStep[] = [];
  for (let d = 0; d < 6; d++) if (zoneOf('large', b.facing, d as Direction) === 'rear') steps.push({ shift: d });
  for (const p of pivotsOf(nb, b)) if (pivotOf(nb, b, p.pivot, p.onto)?.way === 'rear') steps.push(p);
  return steps;
}

/** Where this backward move takes the formation, or why it may not withdraw so (judged on the player's view). */
export function bodyWithdrawal(view: GameState, mover: Mover, step: FormationStep): BodyWithdrawal | Rejection {
  const walked = walkBack(view, mover, step);
  if (isRejection(walked)) return walked;
  const { ws, minimal } = walked;
  const label = hexLabel(view.board, ws.hex);
  if (minimal && mover.unit.breath === 'exhausted') return reject('withdrawNeedsBreath', { hex: label });
  const body = { hex: ws.hex, second: ws.second, facing: ws.facing };
  if (exposedAt(view, mover.unit, body)) return reject('withdrawExposed', { hex: label });
  return { body, minimal };
}

/** The move walked with the allowance, or by minimal movement where only the points fall short (§2.6.12). */
function walkBack(view: GameState, mover: Mover, step: FormationStep): { ws: BodyWalk; minimal: boolean } | Rejection {
  const ctx = moveContext(view, mover, 'normal');
  const normal = walkBody(ctx, startBodyWalk(ctx), step, worded, 'rear');
  if (!isRejection(normal)) return { ws: normal, minimal: false };
  if (normal.code !== 'notEnoughPoints' && normal.code !== 'needsMinimalMovement') return normal;
  const minimalCtx = moveContext(view, mover, 'minimal');
  const minimal = walkBody(minimalCtx, startBodyWalk(minimalCtx), step, worded, 'rear');
  return isRejection(minimal) ? minimal : { ws: minimal, minimal: true };
}

/** Would the formation, withdrawn on top of its stacks, be engaged by an enemy standing on its flank or rear (§2.6.12)? */
function exposedAt(view: GameState, unit: Unit, b: BodyPlace): boolean {
  const placed: Unit = { ...unit, hex: b.hex, secondHex: b.second, facing: b.facing, stackRank: Number.MIN_SAFE_INTEGER };
  const v = { ...view, units: view.units.map((o) => (o.id === unit.id ? placed : o)) };
  return engagedBy(v, placed).some((e) =>
    bodyHexes(e).some((h) => {
      const zone = zoneOfHex(view.board, placed, h);
      return zone !== null && zone !== 'front';
    }),
  );
}
