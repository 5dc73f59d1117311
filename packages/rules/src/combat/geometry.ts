import { Direction, directionTo, opposite } from '../geometry/hex';
import { Zone, zoneOf } from '../geometry/facing';
import { sidesToward } from '../geometry/bearing';
import { hexsideAt } from '../terrain/board';
import type { Hexside } from '../data/schemas';
import type { GameState, Unit } from '../state/types';
import { zoneSize } from '../units/abilities';

/** Where an attack comes from, seen by both sides (§2.7, sheet "Effet de l'Orientation"). */

/** The direction from the attacker's hex to the defender's (the two hexes touch). */
export function attackDirection(state: GameState, attacker: Unit, defender: Unit): Direction {
  return directionTo(state.board, attacker.hex, defender.hex) as Direction;
}

/**
 * The zone of the DEFENDER the attack comes from: flank +2, rear +4
 * (§2.7.2.2). A shot from afar (§3.2.1) comes through the zone of the
 * hexside its line leaves the defender's hex by.
 */
export function zoneAttacked(state: GameState, attacker: Unit, defender: Unit): Zone {
  const dir = directionTo(state.board, attacker.hex, defender.hex);
  if (dir === -1) return zoneFrom(state, defender, attacker.hex);
  return zoneOf(zoneSize(defender), defender.facing, opposite(dir));
}

const ZONE_ORDER: readonly Zone[] = ['front', 'flank', 'rear'];

/**
 * The zone of `unit` that a line from `hex` reaches it through (§3.2.1,
 * the zone of the hexside the line crosses; through a vertex, the
 * better of the two for the unit (front before flank before rear).
 */
export function zoneFrom(state: GameState, unit: Pick<Unit, 'hex' | 'size' | 'facing' | 'faculties'>, hex: number): Zone {
  const zones = sidesToward(state.board, unit.hex, hex).map((d) => zoneOf(zoneSize(unit), unit.facing, d));
  return ZONE_ORDER.find((z) => zones.includes(z)) ?? 'front';
}

/** The hexside between the two hexes. */
export function hexsideBetween(state: GameState, attacker: Unit, defender: Unit): Hexside {
  return hexsideAt(state.board, attacker.hex, attackDirection(state, attacker, defender));
}
