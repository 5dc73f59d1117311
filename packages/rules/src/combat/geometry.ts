import { Direction, opposite } from '../geometry/hex';
import { Zone, zoneOf } from '../geometry/facing';
import { sidesToward } from '../geometry/bearing';
import { hexsideAt } from '../terrain/board';
import type { Hexside } from '../data/schemas';
import type { GameState, Unit } from '../state/types';
import { zoneSize } from '../units/abilities';
import { contacts, nearestHexTo, nearestPair } from '../units/body';

/** Where an attack comes from, seen by both sides (§2.7, sheet "Effet de l'Orientation"). */

type Positioned = Pick<Unit, 'hex' | 'secondHex' | 'facing' | 'size' | 'faculties'>;

/**
 * The two hexes an attack is fought between (docs/formations.md): the
 * attacker's hex it comes from and the defender's hex it strikes, with the
 * attacker's hexside between them when they touch (-1 at range). For
 * one-hex units, their hexes. A formation attacks from one of its hexes
 * (§3.3.8): the first that has the defender in its front zone, else the
 * first touching it; at range, the nearer hexes.
 */
export interface AttackHexes {
  from: number;
  to: number;
  dir: Direction | -1;
}

export function attackHexes(
  state: GameState,
  attacker: Positioned,
  defender: Pick<Unit, 'hex' | 'secondHex'>,
): AttackHexes {
  const touching = contacts(state.board, attacker, defender);
  const engaging = touching.find(
    (c) => zoneOf(zoneSize(attacker), attacker.facing, c.dir) === 'front',
  );
  return engaging ?? touching[0] ?? { ...nearestPair(state.board, attacker, defender), dir: -1 };
}

/** The direction from the attacker's hex to the defender's (the two bodies touch). */
export function attackDirection(state: GameState, attacker: Unit, defender: Unit): Direction {
  return attackHexes(state, attacker, defender).dir as Direction;
}

/**
 * The zone of the DEFENDER the attack comes from: flank +2, rear +4
 * (§2.7.2.2). A shot from afar (§3.2.1) comes through the zone of the
 * hexside its line leaves the defender's hex by.
 */
export function zoneAttacked(state: GameState, attacker: Unit, defender: Unit): Zone {
  const { from, to, dir } = attackHexes(state, attacker, defender);
  if (dir === -1) return zoneFrom(state, { ...defender, hex: to }, from);
  return zoneOf(zoneSize(defender), defender.facing, opposite(dir));
}

const ZONE_ORDER: readonly Zone[] = ['front', 'flank', 'rear'];

/**
 * The zone of `unit` that a line from `hex` reaches it through (§3.2.1,
 * the zone of the hexside the line crosses; through a vertex, the
 * better of the two for the unit (front before flank before rear). A
 * formation is reached at its hex nearer to `hex`; its shared
 * hexside is that hex's flank, as the body's flank hex lies beyond it.
 */
export function zoneFrom(
  state: GameState,
  unit: Pick<Unit, 'hex' | 'secondHex' | 'size' | 'facing' | 'faculties'>,
  hex: number,
): Zone {
  const aimed = nearestHexTo(state.board, unit, hex);
  const zones = sidesToward(state.board, aimed, hex).map((d) =>
    zoneOf(zoneSize(unit), unit.facing, d),
  );
  return ZONE_ORDER.find((z) => zones.includes(z)) ?? 'front';
}

/** The hexside between the two hexes the attack is fought between. */
export function hexsideBetween(state: GameState, attacker: Unit, defender: Unit): Hexside {
  const { from, dir } = attackHexes(state, attacker, defender);
  return hexsideAt(state.board, from, dir as Direction);
}
