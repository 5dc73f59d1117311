import { movementClass, movementTable } from '../data';
import type { Facing } from '../geometry/facing';
import { Direction, opposite } from '../geometry/hex';
import { announce } from '../fog/announce';
import { terrainAt } from '../terrain/board';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { destroyUnit, loseCharge } from '../units/condition';
import { Halves, toHalves } from './costs';

/**
 * Units off the map (§2.6.10). A unit that leaves the map across an edge
 * hexside is set behind that hexside; `offMap` remembers where.
 */

/**
 * Where an off-map unit would come back (§2.6.10.2): into the hex it left,
 * facing the map, paying that hex's terrain (minimal movement counting 150 %
 * of its capacity, as distances do). Used to count it as a threat the turn
 * it left (§2.6.10) — null when the hex is closed to it.
 */
export function offMapEntry(state: GameState, u: Unit): { hex: number; facing: Facing; cost: Halves } | null {
  if (!u.offMap) return null;
  const cost = movementClass(u.profiles.movement.class).terrain[terrainAt(state.board, u.offMap.hex)];
  if (cost === null) return null;
  const halves = cost === 'minimal' ? toHalves(movementPoints(u) * movementTable.minimalMovementDistanceFactor) : toHalves(cost);
  return { hex: u.offMap.hex, facing: opposite(u.offMap.dir as Direction) * 2, cost: halves };
}

/**
 * The piece crosses edge hexside `dir` of hex `from` (§2.6.10) and its
 * markers come off: see `placeOffMap` and `dropMarkers`.
 */
export function leaveMap(state: GameState, piece: string, from: number, dir: Direction, section: string): GameEvent[] {
  const events = placeOffMap(state, piece, from, dir, section);
  const unit = state.units.find((u) => u.id === piece);
  return unit && !unit.destroyed ? [...events, ...dropMarkers(state, unit)] : events;
}

/**
 * The piece crosses edge hexside `dir` of hex `from` (§2.6.10): routed, it is
 * gone for good (destroyUnit, so that the wing's losses count it); otherwise
 * it waits behind that hexside and may come back on a later turn. A decoy
 * waits there too, as the unit it imitates would, so that nothing tells them
 * apart: an enemy seeing a cover leave hears neither whether it is gone for
 * good nor what it was.
 */
export function placeOffMap(state: GameState, piece: string, from: number, dir: Direction, section: string): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece);
  const final = unit?.cohesion === 'routed';
  // Under a cover, the others hear of a cover leaving, never that it is gone for good.
  const events = announce(state, piece, (p) => ({ type: 'leftMap', unit: p, hex: from, dir, final: p === piece && final }), section);
  const offMap = { hex: from, dir, turn: state.turn };
  if (!unit) {
    const decoy = state.decoys.find((d) => d.id === piece);
    if (decoy) Object.assign(decoy, { hex: -1, offMap });
    return events;
  }
  if (final) return [...events, ...destroyUnit(state, unit, 'leftMapRouted', '§2.6.10')];
  unit.hex = -1;
  unit.offMap = offMap;
  return events;
}

/**
 * Off the map a unit has no enemy to face: its contact marker comes off,
 * and a charge marker too, for a level of breath as any lost charge (§2.6.9).
 */
export function dropMarkers(state: GameState, unit: Unit): GameEvent[] {
  if (unit.shock === 'charge') return loseCharge(state, unit, '§2.6.10');
  unit.shock = 'none';
  return [];
}
