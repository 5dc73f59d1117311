import { unitsSeeEachOther } from '../sight';
import type { GameState, Unit } from '../state/types';
import { Enterable, harassmentOpen } from './harassment';
import { isHarasser } from './shooters';
import { bodyDistance, nearestHexTo } from '../units/body';

/**
 * The line a shot follows (§3.2.4, §3.2.4.1): whether it may be fired —
 * line of sight, or for harassment an intermediate hex the harasser could
 * enter — and how many hexes it crosses, for the range modifiers.
 */
export interface ShotLine {
  harassment: boolean;
  open: boolean;
  /** Hexes between shooter and target (A-10: distance steps, the two end hexes excluded). */
  crossed: number;
}

export function shotLine(view: GameState, a: Unit, t: Pick<Unit, 'hex'> & Partial<Unit>, enterable?: Enterable): ShotLine {
  const crossed = Math.max(0, bodyDistance(view.board, a, t) - 1);
  // Harassment reaches a formation through its nearer hex.
  if (isHarasser(a)) return { harassment: true, open: harassmentOpen(view, a, nearestHexTo(view.board, t, a.hex), enterable), crossed };
  return { harassment: false, open: unitsSeeEachOther(view, a, t as Unit), crossed };
}
