import { tell } from '../fog/announce';
import type { Facing } from '../geometry/facing';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { loseCohesion } from './condition';
import { hasFaculty } from './abilities';
import { occupies, sharesHex } from './body';

/**
 * Stacked units share one orientation (§2.3.1; sheet 000, Orientation): the
 * facing a unit joining the units of `hex` ends with. Large units set it; a
 * small unit takes the facing of the stack it joins, a large unit keeps its
 * own among small units only. Null when the hex holds no one else.
 */
export function joiningFacing(state: Pick<GameState, 'units'>, unit: Unit, hex: number, facing: Facing = unit.facing): Facing | null {
  const others = state.units.filter((o) => occupies(o, hex) && o.id !== unit.id && o.side === unit.side);
  if (others.length === 0) return null;
  const large = others.filter((o) => o.size === 'large');
  if (unit.size === 'large' && large.length === 0) return facing;
  return (large[0] ?? others[0]).facing;
}

/**
 * Settles the orientation of the stack a unit has just joined by a flight
 * or a withdrawal. A large unit arriving on large units facing elsewhere is
 * turned to match and loses a level of cohesion (§2.3.1, the automatic case);
 * a small unit takes the stack's facing for free; a large unit joining small
 * units only turns them (sheet 000).
 */
export function joinStack(state: GameState, unit: Unit): GameEvent[] {
  const facing = joiningFacing(state, unit, unit.hex);
  if (facing === null) return [];
  const others = state.units.filter((o) => sharesHex(unit, o) && o.id !== unit.id && o.side === unit.side);
  if (unit.size === 'large' && others.every((o) => o.size === 'small')) return others.flatMap((o) => turnWithStack(state, o, facing));
  if (facing === unit.facing) return [];
  unit.facing = facing;
  // A hedgehog reorients without risk to its cohesion, as a small unit (§3.1; sheet 000, Orientation).
  if (unit.size === 'small' || hasFaculty(unit, 'hedgehog')) return [tell(state, unit.id, { type: 'stackAligned', unit: unit.id, facing, cohesionLost: false }, '§2.3.1')];
  const lost = loseCohesion(state, unit, 'stackAligned', '§2.3.1');
  return [tell(state, unit.id, { type: 'stackAligned', unit: unit.id, facing, cohesionLost: lost.length > 0 }, '§2.3.1'), ...lost];
}

/** A stacked unit turned with its stack, for free (it did not act). */
export function turnWithStack(state: GameState, u: Unit, facing: Facing): GameEvent[] {
  if (u.facing === facing) return [];
  u.facing = facing;
  return [tell(state, u.id, { type: 'stackAligned', unit: u.id, facing, cohesionLost: false }, '§2.3.1')];
}
