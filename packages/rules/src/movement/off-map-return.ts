import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { enemyCovers } from '../fog/covers';
import { sharedView } from '../fog/view';
import { announce } from '../fog/announce';
import { revealSweep } from '../fog/reveal';
import { Direction, DIRECTIONS, distance, hexLabel, opposite } from '../geometry/hex';
import { boardIndex, terrainAt } from '../terrain/board';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Seat, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { mayEnterTerrain } from '../units/abilities';
import { inferiorStackClash, placeInStack, STACK_LIMIT, stackPoints, stackPointsAt } from '../units/stacking';
import { concludeActivation } from '../turn/conclude';
import { moverOf } from './mover';

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
 * side to activate like any other (turn/pieces.ts): this action is its
 * activation, at any point of the side's turn. A decoy off the map does the
 * same, so that nothing tells it from a hidden unit.
 */
export const returnToMapRule: ActionRule<ReturnAction> = {
  section: '§2.6.10.2',
  conditions: (state, seat, a) => {
    // The seat's view, built once for both questions that read it.
    let seen: GameState | undefined;
    const view = () => (seen ??= state.perspective ? state : sharedView(state, seat));
    return firstRejection(
      () => activePlayer(state, seat),
      // a piece on the map is refused for being there, whatever the activation (not "an activation is open")
      () => (ownPieceOnMap(state, seat, a.piece) ? reject('notOffMap') : offMapRefusal(view(), seat, a.piece)),
      () => (state.activation ? reject('activationOpen') : null),
      () => returnRefusal(view(), seat, a.piece, a.to),
    );
  },
  procedure(state, seat, a, dice) {
    // Its activation (§2.4) holds the roll and nothing else; it concludes at once.
    state.activation = { piece: a.piece };
    const events = announce(state, a.piece, (p) => ({ type: 'activated', piece: p, side: seat }), '§2.4');
    events.push(...returnRoll(state, a.piece, a.to, dice));
    events.push(...concludeActivation(state, true));
    return events;
  },
};

/** A piece of `seat` off the map, unit or decoy, as the seat's view shows it (a decoy moves and stands as its model). */
interface OffMapPiece {
  unit: Unit;
  offMap: NonNullable<Unit['offMap']>;
  activated: boolean;
}

function offMapPiece(view: GameState, seat: Seat, piece: string): OffMapPiece | null | 'notOffMap' {
  const mover = moverOf(view, piece);
  if (!mover || mover.unit.side !== seat) return null;
  const offMap = mover.isDecoy ? view.decoys.find((d) => d.id === piece)?.offMap : mover.unit.offMap;
  if (!offMap || mover.unit.destroyed) return 'notOffMap';
  return { unit: { ...mover.unit, offMap }, offMap, activated: mover.unit.order === 'activated' };
}

/**
 * The seat's own piece, not off the map: what `offMapPiece` says
 * ('notOffMap') read on the state, without building the seat's view — the
 * view shows the seat's own units and decoys as they are (fog/view.ts), and
 * legalActions asks this of every piece (issue 9). False whenever the view
 * must decide (another side's piece, a piece off the map).
 */
function ownPieceOnMap(state: GameState, seat: Seat, piece: string): boolean {
  const unit = state.units.find((u) => u.id === piece);
  if (unit) return unit.side === seat && (!unit.offMap || unit.destroyed === true);
  const decoy = state.decoys.find((d) => d.id === piece);
  return decoy !== undefined && decoy.side === seat && !decoy.offMap;
}

function offMapRefusal(view: GameState, seat: Seat, piece: string): Rejection | null {
  const off = offMapPiece(view, seat, piece);
  return off === null ? reject('unknownPiece') : off === 'notOffMap' ? reject('notOffMap') : null;
}

function returnRefusal(view: GameState, seat: Seat, piece: string, to: number): Rejection | null {
  const off = offMapPiece(view, seat, piece);
  if (off === null || off === 'notOffMap') return offMapRefusal(view, seat, piece);
  if (off.activated) return reject('alreadyActivated');
  if (off.offMap.turn >= view.turn) return reject('returnTooSoon');
  if (!returnHexes(view, off.unit).includes(to)) return reject('returnHex', { hex: to >= 0 && to < view.board.cols * view.board.rows ? hexLabel(view.board, to) : String(to) });
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
    (h) => distance(view.board, h, exit) <= 1 && mayEnterTerrain(unit, terrainAt(view.board, h)) && !enemy.has(h) && stackPointsAt(view, h, unit.id) + stackPoints(unit) <= STACK_LIMIT && !inferiorStackClash(view, [unit], h, [unit.id]),
  );
}

/** `returnOptions` for the client: where the piece could come back, on the seat's view. */
export function returnOptions(state: GameState, seat: Seat, piece: string): number[] {
  if (ownPieceOnMap(state, seat, piece)) return [];
  const view = state.perspective ? state : sharedView(state, seat);
  const off = offMapPiece(view, seat, piece);
  return off && off !== 'notOffMap' && off.offMap.turn < view.turn ? returnHexes(view, off.unit) : [];
}

/**
 * The 2D6 ≤ 4 roll (§2.6.10.2). Back, the piece faces into the map across
 * its exit hexside's opposite, at the bottom of any stack, as it was when it
 * left; a piece under a cover comes back under it, so the others hear of the
 * cover only.
 */
function returnRoll(state: GameState, piece: string, to: number, dice: DiceSource): GameEvent[] {
  const p = state.units.find((u) => u.id === piece) ?? state.decoys.find((d) => d.id === piece)!;
  const out = rollTest(state, dice, { test: 'returnToMap', subject: piece, threshold: 4, modifiers: [], section: '§2.6.10.2' });
  const events = [out.event];
  if (!out.success) return events;
  p.facing = opposite(p.offMap!.dir as Direction) * 2;
  p.hex = to;
  delete p.offMap;
  placeInStack(state, p, 'bottom');
  events.push(...announce(state, piece, (id) => ({ type: 'returned', unit: id, hex: to, facing: p.facing }), '§2.6.10.2'));
  events.push(...revealSweep(state, piece));
  return events;
}

/** The legalActions verdict on coming back (§2.6.10.2). */
export function returnVerdict(state: GameState, seat: Seat, piece: string): Rejection | null {
  const to = returnOptions(state, seat, piece)[0] ?? -1;
  return returnToMapRule.conditions(state, seat, { type: 'returnToMap', piece, to });
}
