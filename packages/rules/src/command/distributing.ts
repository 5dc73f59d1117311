import { reject, Rejection } from '../actions/rejection';
import type { GameState } from '../state/types';

/**
 * While a character distributes special orders (§2.5.9) his activation holds
 * nothing but orders and its end: every other action naming him is refused,
 * whether or not its own rule asks the directive.
 */
export function distributingRefusal(state: GameState, piece: string | undefined, type: string): Rejection | null {
  if (!piece || state.activation?.piece !== piece || state.activation.commandPoints === undefined) return null;
  return type === 'giveOrder' || type === 'pass' || type === 'distributeOrders' ? null : reject('distributingOrders');
}
