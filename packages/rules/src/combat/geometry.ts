import { Direction, directionTo, opposite } from '../geometry/hex';
import { Zone, zoneOf } from '../geometry/facing';
import { hexsideAt } from '../terrain/board';
import type { Hexside } from '../data/schemas';
import type { GameState, Unit } from '../state/types';

/** Where an attack comes from, seen by both sides (§2.7, sheet "Effet de l'Orientation"). */

/** The direction from the attacker's hex to the defender's (the two hexes touch). */
export function attackDirection(state: GameState, attacker: Unit, defender: Unit): Direction {
  return directionTo(state.board, attacker.hex, defender.hex) as Direction;
}

/** The zone of the DEFENDER the attack comes from: flank +2, rear +4 (§2.7.2.2). */
export function zoneAttacked(state: GameState, attacker: Unit, defender: Unit): Zone {
  return zoneOf(defender.size, defender.facing, opposite(attackDirection(state, attacker, defender)));
}

/** The hexside between the two hexes. */
export function hexsideBetween(state: GameState, attacker: Unit, defender: Unit): Hexside {
  return hexsideAt(state.board, attacker.hex, attackDirection(state, attacker, defender));
}
