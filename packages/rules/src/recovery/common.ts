import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import type { GameState, Seat, Unit } from '../state/types';
import { isEngaged } from '../units/engagement';

/** The activated unit itself (for a decoy, the unit it plays in its place: recovery/decoy.ts `asPlayed`). */
export function unitOf(state: GameState, piece: string): Unit | undefined {
  return state.units.find((u) => u.id === piece && u.hex >= 0);
}

/**
 * Conditions shared by the recovery actions (sheet 001): the active
 * player's activated unit, which has not yet acted (a failed rally leaves the
 * activation open for the flight only), and is not engaged.
 */
export function recoveryConditions(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => (state.activation?.mustFlee ? reject('mustFlee') : null),
    () => (unitOf(state, piece) ? null : reject('notAUnit')),
    () => (isEngaged(state, unitOf(state, piece)!) ? reject('engagedNoRecovery') : null),
  );
}
