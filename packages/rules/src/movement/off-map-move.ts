import type { Direction } from '../geometry/hex';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState } from '../state/types';
import { hexesLeftByMove, moveCrossingTests, type StartPlace } from '../units/crossing';
import { dropMarkers, placeOffMap } from './off-map';
import { pursue } from './off-map-pursuit';

/**
 * A movement action that leaves the map (§2.6.10, "par une Action quelconque
 * de déplacement"), once the unit stands at the edge: the crossing tests of
 * the hexes it left (§2.3.1.2, the edge hex included), then it goes behind
 * the edge hexside; a charge that leaves where an enemy left this turn
 * pursues it (§2.6.10.1); last, its markers come off. `pursued` was read on
 * the mover's view, as the steps were.
 */
export function leaveByMove(
  state: GameState,
  piece: string,
  start: StartPlace,
  moveEvents: GameEvent[],
  exit: Direction,
  pursued: string | null,
  dice: DiceSource,
): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece);
  const edge = unit?.hex ?? state.decoys.find((d) => d.id === piece)!.hex;
  // A decoy's crossed friends test too (sheet 000, Leurres).
  const events = crossingOnTheWayOut(state, piece, start, moveEvents, exit, dice);
  if (unit?.destroyed) return events;
  events.push(...placeOffMap(state, piece, edge, exit, '§2.6.10'));
  if (!unit || unit.destroyed) return events;
  const target = pursued ? state.units.find((u) => u.id === pursued && u.offMap && !u.destroyed) : undefined;
  // The pursuit is tested with the pursuer as it arrives, charging; its marker comes off after.
  if (target) events.push(...pursue(state, unit, target, dice));
  if (!unit.destroyed) events.push(...dropMarkers(state, unit));
  return events;
}

function crossingOnTheWayOut(state: GameState, piece: string, start: StartPlace, moveEvents: GameEvent[], exit: Direction, dice: DiceSource): GameEvent[] {
  const moved = moveEvents.find((e) => e.type === 'moved' && e.unit === piece);
  const path = moved && moved.type === 'moved' ? moved.path : [];
  // The edge hex is left too, across the exit hexside.
  return moveCrossingTests(state, piece, start, hexesLeftByMove(state.board, start, path, exit), dice);
}
