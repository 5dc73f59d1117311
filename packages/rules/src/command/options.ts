import type { Rejection } from '../actions/rejection';
import type { GameState, Seat } from '../state/types';
import { costOf, orderRefusal } from './give-order';

export interface OrderOption {
  unit: string;
  /** The §2.5.9 cost; for a decoy, what its mimic would pay at the decoy's hex (the proposal). */
  cost: number;
  /** Set for a decoy: its owner states the points spent, at least 1 (sheet 000, Leurres), sent as `giveOrder.points`. */
  statedCost?: true;
  allowed: boolean;
  rejection?: Rejection;
}

/**
 * The pieces the character under activation could order (§2.5.9), with their
 * cost, for the client. Works on a seat's view: only the seat's own pieces
 * are listed, and costs use terrain only, so nothing hidden shows through.
 * A decoy is listed at its mimic's cost, with `statedCost`: the player may
 * state any other, from 1 to the points left. It is allowed when at least
 * 1 point is left.
 */
export function orderOptions(view: GameState, seat: Seat, piece: string): OrderOption[] {
  const units = view.units.filter((u) => u.side === seat && u.hex >= 0 && u.id !== piece).map((u) => option(view, seat, piece, u.id, false));
  const decoys = view.decoys.filter((d) => d.side === seat && d.hex >= 0 && d.id !== piece).map((d) => option(view, seat, piece, d.id, true));
  return [...units, ...decoys];
}

function option(view: GameState, seat: Seat, piece: string, id: string, stated: boolean): OrderOption {
  const cost = costOf(view, piece, id) ?? 0;
  // A decoy's order is possible at the least cost its owner may state.
  const rejection = orderRefusal(view, seat, piece, id, stated ? 1 : undefined);
  const base = stated ? { unit: id, cost, statedCost: true as const } : { unit: id, cost };
  return rejection ? { ...base, allowed: false, rejection } : { ...base, allowed: true };
}

/** Command points left in the activation, or null when none were rolled. */
export function commandPointsLeft(view: GameState): number | null {
  return view.activation?.commandPoints ?? null;
}
