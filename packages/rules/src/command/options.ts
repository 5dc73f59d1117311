import type { Rejection } from '../actions/rejection';
import type { GameState, Seat } from '../state/types';
import { costOf, orderRefusal } from './give-order';

export interface OrderOption {
  unit: string;
  cost: number;
  allowed: boolean;
  rejection?: Rejection;
}

/**
 * The pieces the character under activation could order (§2.5.9), with their
 * cost, for the client. Works on a seat's view: only the seat's own pieces
 * are listed, and costs use terrain only, so nothing hidden shows through.
 * A decoy is listed at its least cost, 1.
 */
export function orderOptions(view: GameState, seat: Seat, piece: string): OrderOption[] {
  const own = [...view.units.filter((u) => u.side === seat && u.hex >= 0).map((u) => u.id), ...view.decoys.filter((d) => d.side === seat && d.hex >= 0).map((d) => d.id)];
  return own
    .filter((id) => id !== piece)
    .map((id) => {
      const cost = costOf(view, piece, id) ?? 0;
      const rejection = orderRefusal(view, seat, piece, id);
      return rejection ? { unit: id, cost, allowed: false, rejection } : { unit: id, cost, allowed: true };
    });
}

/** Command points left in the activation, or null when none were rolled. */
export function commandPointsLeft(view: GameState): number | null {
  return view.activation?.commandPoints ?? null;
}
