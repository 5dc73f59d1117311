import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Seat } from '../state/types';
import type { Rejection } from './rejection';

/**
 * An action as the rules state it: conditions that must hold, then a
 * procedure. `conditions` only reads; `procedure` mutates the copy of the
 * state it is given and tells what happened.
 */
export interface ActionRule<A> {
  section: string;
  conditions(state: GameState, seat: Seat, action: A): Rejection | null;
  procedure(state: GameState, seat: Seat, action: A, dice: DiceSource): GameEvent[];
}
