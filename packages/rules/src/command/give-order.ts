import { announce } from '../fog/announce';
import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, underActivation } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import type { GameEvent } from '../state/events';
import type { Decoy, GameState, Seat, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { moverOf } from '../movement/mover';
import { orderCost } from './points';
import { holdsSpecialOrder, isArmyCommander } from './situation';

export interface GiveOrderAction {
  type: 'giveOrder';
  piece: string;
  target: string;
  /**
   * The points stated for the order. For a decoy, what its owner spends (at
   * least 1, sheet 000 "Leurres"; default: what its mimic would pay there).
   * For a unit it may be stated too, and must then be the computed cost, so
   * that a client stating every cost sends the same kind of message for both.
   */
  points?: number;
}

/**
 * Buying one special order with the command points rolled (§2.5.9). The
 * target: one of the side's pieces on the map, of any wing, not chaotic
 * (§2.5.5), a character only from the army commander, never one that holds
 * an order already, never one already activated this turn (project decision:
 * the order would be lost and would replace its activated marker, one order
 * marker at a time, §2.1.2). A decoy may receive an order for the points its
 * player states, at least 1, so that it can pass for a unit (sheet 000,
 * §4.5.1); stated or not, the others read the same event and the same
 * points left as for a hidden unit ordered at that cost. The event names the
 * target by its cover when it is under one.
 */
export const giveOrderRule: ActionRule<GiveOrderAction> = {
  section: '§2.5.9',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => underActivation(state, a.piece),
      () => (state.activation?.commandPoints === undefined ? reject('noCommandPoints') : null),
      () => orderRefusal(state, seat, a.piece, a.target, a.points),
    ),
  procedure(state, _seat, a) {
    const cost = costOf(state, a.piece, a.target, a.points)!;
    const activation = state.activation!;
    activation.commandPoints = (activation.commandPoints ?? 0) - cost;
    const left = activation.commandPoints;
    markOrder(state, a.target);
    const events: GameEvent[] = announce(state, a.target, (p) => ({ type: 'orderGiven', target: p, cost, left }), '§2.5.9');
    if (left <= 0) events.push(...concludeActivation(state, true));
    return events;
  },
};

/** Why this character may not order this target now, or null; also used by `orderOptions`. */
export function orderRefusal(state: GameState, seat: Seat, piece: string, target: string, points?: number): Rejection | null {
  const giver = state.units.find((u) => u.id === piece);
  if (!giver) return reject('unknownPiece');
  if (target === piece) return reject('orderToSelf');
  const unit = state.units.find((u) => u.id === target && u.side === seat && u.hex >= 0);
  const decoy = state.decoys.find((d) => d.id === target && d.side === seat && d.hex >= 0);
  if (unit) return unitRefusal(state, giver, unit, points);
  if (decoy) return decoyRefusal(decoy, points) ?? pointsRefusal(state, piece, target, points);
  return reject('unknownPiece');
}

function unitRefusal(state: GameState, giver: Unit, unit: Unit, points?: number): Rejection | null {
  if (unit.profiles.command.class === 'chaotic') return reject('chaoticNoOrder');
  if (unit.kind === 'character' && !isArmyCommander(state, giver)) return reject('onlyArmyCommanderOrdersCharacters');
  if (holdsSpecialOrder(state, unit)) return reject('alreadyHasOrder');
  if (unit.order === 'activated') return reject('orderToActivated');
  const cost = orderCost(state, giver, unit);
  // A unit pays what §2.5.9 computes; a stated cost must be that one.
  if (points !== undefined && points !== cost) return reject('orderCostMismatch', { cost, stated: points });
  return pointsRefusal(state, giver.id, unit.id);
}

function decoyRefusal(decoy: Decoy, points?: number): Rejection | null {
  if (points !== undefined && (!Number.isInteger(points) || points < 1)) return reject('badOrderPoints');
  if (decoy.specialOrder) return reject('alreadyHasOrder');
  if (decoy.activated) return reject('orderToActivated');
  return null;
}

function pointsRefusal(state: GameState, piece: string, target: string, points?: number): Rejection | null {
  const cost = costOf(state, piece, target, points)!;
  const left = state.activation?.commandPoints ?? 0;
  return cost > left ? reject('orderTooDear', { cost, left }) : null;
}

/**
 * What the order costs: the §2.5.9 sum for a unit; for a decoy, the points
 * its owner states, by default what its mimic would pay at the decoy's hex
 * (never a fixed 1: a default cost would tell the decoy from a unit).
 */
export function costOf(state: GameState, piece: string, target: string, points?: number): number | null {
  const giver = state.units.find((u) => u.id === piece);
  const unit = state.units.find((u) => u.id === target);
  if (giver && unit) return orderCost(state, giver, unit);
  const decoy = state.decoys.find((d) => d.id === target);
  if (!decoy) return null;
  if (points !== undefined) return points;
  return giver ? mimicCost(state, giver, decoy) : 1;
}

/** What the decoy's mimic, standing where the decoy stands, would pay for this giver's order (§2.5.9). */
export function mimicCost(state: GameState, giver: Unit, decoy: Decoy): number {
  const model = state.units.find((u) => u.id === decoy.mimic);
  const standIn = model ? { ...model, hex: decoy.hex } : moverOf(state, decoy.id)!.unit;
  return orderCost(state, giver, standIn);
}

function markOrder(state: GameState, target: string): void {
  const unit = state.units.find((u) => u.id === target);
  if (unit) unit.order = 'specialOrder';
  const decoy = state.decoys.find((d) => d.id === target);
  if (decoy) decoy.specialOrder = true;
}
