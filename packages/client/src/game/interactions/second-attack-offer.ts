import { legalActions, type GameState, type Seat } from '@lames/rules';
import * as api from '../rules-api';
import { secondAttack } from './attack-hex';

/**
 * The second attack of a formation's shock or fire (§3.3.8, FORM-56),
 * offered by itself: once the first attack is over (its losses absorbed),
 * the rules bind the formation to the second attack of the same kind or a
 * pass (`secondAttackOnly`); the page then opens that attack's interaction
 * at once, with its targets, odds and the pass button, instead of leaving
 * the player to look for it again.
 */

/** The interaction to open: the formation and the kind of its attack (a shock's second is a shock, a fire's a fire). */
export interface SecondAttackDue {
  piece: string;
  type: 'shock' | 'fire';
}

/** The second attack this seat's formation is bound to now, when the rules leave it open; null otherwise (not its turn, losses pending, no attack under way). */
export function secondAttackDue(view: GameState, seat: Seat): SecondAttackDue | null {
  const piece = view.activation?.piece;
  if (!piece || view.activeSide !== seat || view.pendingLosses) return null;
  const second = secondAttack(view, piece);
  if (!second) return null;
  // the rules' own word: between its two attacks the formation may only make the second or pass
  if (api.forcedAction(view, piece)?.reason.code !== 'secondAttackOnly') return null;
  const open = legalActions(view, seat, piece).some((a) => a.type === second.kind && a.allowed);
  return open ? { piece, type: second.kind } : null;
}

/** What tells one second attack from another: the formation and the hexes that have attacked. */
function keyOf(view: GameState, due: SecondAttackDue): string {
  return `${due.piece}@${secondAttack(view, due.piece)?.from.join(',') ?? ''}`;
}

/**
 * Offers each second attack once: a player who closes the panel is not
 * pressed with it again on every redraw (the action buttons still offer the
 * second attack and the pass). While something else is open (`busy`), the
 * offer waits for it to close.
 */
export class SecondAttackOffers {
  private offered = '';

  next(view: GameState, seat: Seat, busy: boolean): SecondAttackDue | null {
    const due = secondAttackDue(view, seat);
    const key = due ? keyOf(view, due) : '';
    if (!due) this.offered = '';
    if (!due || busy || key === this.offered) return null;
    this.offered = key;
    return due;
  }
}
