import { movementClass, movementTable } from '../data';
import type { Facing } from '../geometry/facing';
import { Direction, opposite } from '../geometry/hex';
import { announce } from '../fog/announce';
import { terrainAt } from '../terrain/board';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { destroyUnit } from '../units/condition';
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
 * The unit crosses edge hexside `dir` of hex `from` (§2.6.10): routed, it is
 * gone for good (destroyUnit, so that the wing's losses count it); otherwise
 * it waits behind that hexside and may come back on a later turn. A decoy
 * that leaves the map is simply removed.
 */
export function leaveMap(state: GameState, piece: string, from: number, dir: Direction, section: string): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit) {
    const events = announce(state, piece, (p) => ({ type: 'leftMap', unit: p, hex: from, dir, final: true }), section);
    state.decoys = state.decoys.filter((d) => d.id !== piece);
    return events;
  }
  const final = unit.cohesion === 'routed';
  const events = announce(state, piece, (p) => ({ type: 'leftMap', unit: p, hex: from, dir, final }), section);
  if (final) return [...events, ...destroyUnit(state, unit, 'leftMapRouted', '§2.6.10')];
  unit.hex = -1;
  unit.offMap = { hex: from, dir, turn: state.turn };
  // Its contact or charge marker has no enemy left to face.
  unit.shock = 'none';
  return events;
}
