import { tell } from '../fog/announce';
import type { GameEvent } from '../state/events';
import type { GameState } from '../state/types';
import { joiningFacing, turnWithStack } from '../units/stack-facing';
import { moverOf } from './mover';

/**
 * A decoy joining a stack settles its orientation as the unit it imitates
 * would (§2.3.1, sheet 000 Orientation; sheet 000 Leurres: it stacks as its
 * mimic). A large one turns the small friends it joins, in everyone's
 * sight as a hidden large unit does, or the friends staying put would tell
 * the decoy; otherwise the decoy takes the stack's facing, told to its owner
 * only as a hidden unit's is. It has no cohesion to lose.
 */
export function decoyJoinsStack(state: GameState, piece: string): GameEvent[] {
  const mover = moverOf(state, piece);
  const decoy = state.decoys.find((d) => d.id === piece);
  if (!mover?.isDecoy || !decoy || decoy.hex < 0) return [];
  const played = mover.unit;
  const facing = joiningFacing(state, played, decoy.hex);
  if (facing === null) return [];
  const others = state.units.filter((o) => o.hex === decoy.hex && o.side === decoy.side);
  if (played.size === 'large' && others.every((o) => o.size === 'small')) return others.flatMap((o) => turnWithStack(state, o, facing));
  if (facing === decoy.facing) return [];
  decoy.facing = facing;
  return [tell(state, piece, { type: 'stackAligned', unit: piece, facing, cohesionLost: false }, '§2.3.1')];
}
