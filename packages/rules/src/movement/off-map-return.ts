import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { enemyCovers } from '../fog/covers';
import { viewFor } from '../fog/view';
import { DIRECTIONS, distance, hexLabel, opposite } from '../geometry/hex';
import { boardIndex, terrainAt } from '../terrain/board';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, Seat, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { mayEnterTerrain } from '../units/abilities';
import { placeInStack, STACK_LIMIT, stackPoints, stackPointsAt } from '../units/stacking';
import { piecesToActivate } from '../turn/pieces';
import { endSideTurn } from '../turn/conclude';

export interface ReturnAction {
  type: 'returnToMap';
  piece: string;
  to: number;
}

/**
 * Retour d'une Unité Hors Carte (§2.6.10.2). A unit that left the map in
 * order (not routed) may, when activated on a later turn, roll 2D6: on 4 or
 * less it comes back, as it left, through one of the hexsides next to where
 * it was placed, and counts as activated either way. It is a piece of its
 * side to activate like any other: this action is its activation.
 */
export const returnToMapRule: ActionRule<ReturnAction> = {
  section: '§2.6.10.2',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => (state.activation ? reject('activationOpen') : null),
      () => returnRefusal(state.perspective ? state : viewFor(state, seat), seat, a.piece, a.to),
    ),
  procedure(state, _seat, a, dice) {
    const unit = state.units.find((u) => u.id === a.piece)!;
    return [...returnRoll(state, unit, a.to, dice)];
  },
};

function returnRefusal(view: GameState, seat: Seat, piece: string, to: number): Rejection | null {
  const unit = view.units.find((u) => u.id === piece && u.side === seat);
  if (!unit) return reject('unknownPiece');
  if (!unit.offMap || unit.destroyed) return reject('notOffMap');
  if (unit.order === 'activated') return reject('alreadyActivated');
  if (unit.offMap.turn >= view.turn) return reject('returnTooSoon');
  if (!returnHexes(view, unit).includes(to)) return reject('returnHex', { hex: to >= 0 && to < view.board.cols * view.board.rows ? hexLabel(view.board, to) : String(to) });
  return null;
}

/**
 * The hexes it may come back into (project reading of "un des 2 côtés d'Hex
 * jouxtant l'endroit où elle a été placée"): the edge hexes touching the
 * exit hex (itself included), open to the unit, free of enemies and within
 * stacking.
 */
export function returnHexes(view: GameState, unit: Unit): number[] {
  if (!unit.offMap) return [];
  const idx = boardIndex(view.board);
  const exit = unit.offMap.hex;
  const onEdge = (h: number) => DIRECTIONS.some((d) => idx.neighbours[h * 6 + d] < 0);
  const candidates = [exit, ...DIRECTIONS.map((d) => idx.neighbours[exit * 6 + d]).filter((h) => h >= 0 && onEdge(h))];
  const enemy = new Set([...view.units.filter((u) => u.side !== unit.side && u.hex >= 0).map((u) => u.hex), ...enemyCovers(view, unit.side).map((c) => c.hex)]);
  return candidates.filter(
    (h) => distance(view.board, h, exit) <= 1 && mayEnterTerrain(unit, terrainAt(view.board, h)) && !enemy.has(h) && stackPointsAt(view, h, unit.id) + stackPoints(unit) <= STACK_LIMIT,
  );
}

/** `returnOptions` for the client: where the unit could come back, on the seat's view. */
export function returnOptions(state: GameState, seat: Seat, piece: string): number[] {
  const view = state.perspective ? state : viewFor(state, seat);
  const unit = view.units.find((u) => u.id === piece && u.side === seat);
  return unit && unit.offMap && unit.offMap.turn < view.turn ? returnHexes(view, unit) : [];
}

function returnRoll(state: GameState, unit: Unit, to: number, dice: DiceSource): GameEvent[] {
  const out = rollTest(state, dice, { test: 'returnToMap', subject: unit.id, threshold: 4, modifiers: [], section: '§2.6.10.2' });
  const events = [out.event];
  unit.order = 'activated';
  if (out.success) {
    unit.facing = opposite(unit.offMap!.dir as 0 | 1 | 2 | 3 | 4 | 5) * 2;
    unit.hex = to;
    delete unit.offMap;
    placeInStack(state, unit, 'bottom');
    events.push(event({ type: 'returned', unit: unit.id, hex: to, facing: unit.facing }, '§2.6.10.2'));
  }
  // Its activation is over at once; the side's turn ends when nothing is left to activate.
  if (piecesToActivate(state, state.activeSide).length === 0 && !offMapWaiting(state, state.activeSide)) events.push(...endSideTurn(state));
  return events;
}

/** Units of the side off the map that may still try to come back this turn. */
export function offMapWaiting(state: GameState, side: string): boolean {
  return state.units.some((u) => u.side === side && u.offMap && !u.destroyed && u.order !== 'activated' && u.offMap.turn < state.turn);
}

/** The legalActions verdict on coming back (§2.6.10.2). */
export function returnVerdict(state: GameState, seat: Seat, piece: string): Rejection | null {
  const to = returnOptions(state, seat, piece)[0] ?? -1;
  return returnToMapRule.conditions(state, seat, { type: 'returnToMap', piece, to });
}
