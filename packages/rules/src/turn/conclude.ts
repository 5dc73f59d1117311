import { announce } from '../fog/announce';
import { event, GameEvent } from '../state/events';
import type { GameState, SideId } from '../state/types';
import { hasPieces, piecesToActivate } from './pieces';
import { wingMoralePending } from '../command/wing-pending';
import { endAtTurnLimit } from './victory';
import { concludeCharge } from './charge-conclusion';

/**
 * Concluding operations of an activation (§2.4.3): a charge that could
 * engage nobody next turn is cancelled, the special order is
 * removed and the activated marker placed (one order marker at a time,
 * §2.1.2). When the side has activated everything, its turn ends.
 */
export function concludeActivation(state: GameState, acted: boolean): GameEvent[] {
  const piece = state.activation?.piece;
  if (!piece) return [];
  const unit = state.units.find((u) => u.id === piece);
  const decoy = state.decoys.find((d) => d.id === piece);
  // A charge that could engage nobody next turn is cancelled (§2.4.3); told before the activation ends.
  const cancelled = concludeCharge(state, unit);
  if (unit) unit.order = 'activated';
  if (decoy) decoy.activated = true;
  if (decoy) delete decoy.specialOrder;
  state.activation = null;
  const side = unit?.side ?? decoy?.side ?? state.activeSide;
  const events = [...cancelled, ...(unit || decoy ? announce(state, piece, (p) => ({ type: 'activationEnded', piece: p, side, acted }), '§2.4.3') : [])];
  // A wing morale marker carrying shaken markers must be activated first (§2.5.10.1).
  if (piecesToActivate(state, state.activeSide).length === 0 && !wingMoralePending(state, state.activeSide)) events.push(...endSideTurn(state));
  return events;
}

/**
 * The active player has played every piece (§2.4): his activated and
 * special-order markers come off (§2.1.2) and the next player takes over;
 * after the last player the turn ends, and the game at the turn limit.
 */
export function endSideTurn(state: GameState): GameEvent[] {
  const side = state.activeSide;
  for (const u of state.units) if (u.side === side && u.order !== 'none') u.order = 'none';
  for (const d of state.decoys) if (d.side === side) d.activated = false;
  for (const d of state.decoys) if (d.side === side) delete d.specialOrder;
  const events: GameEvent[] = [];
  const order = state.sides.map((s) => s.id);
  let index = order.indexOf(side);
  for (let tries = 0; tries < order.length; tries++) {
    index += 1;
    if (index >= order.length) {
      index = 0;
      events.push(event({ type: 'turnEnded', turn: state.turn }, '§2.4'));
      // The last turn played stays the game's turn: a battle of 8 turns ends "turn 8 / 8", not 9 (issue 11).
      if (state.turn >= state.turnLimit) return [...events, ...endAtTurnLimit(state)];
      state.turn += 1;
    }
    if (hasPieces(state, order[index])) break;
  }
  const next: SideId = order[index];
  state.activeSide = next;
  events.unshift(event({ type: 'sideTurnEnded', side, next }, '§2.4'));
  return events;
}
