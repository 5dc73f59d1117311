import type { GameState, RulesLevel, Seat } from '../state/types';
import { isSide } from '../state/query';
import { reject, Rejection } from './rejection';

/** Conditions shared by every action of the active player (§2.4). */
export function activePlayer(state: GameState, seat: Seat): Rejection | null {
  if (state.status !== 'playing') return reject('gameOver');
  if (!isSide(state, seat)) return reject('notAPlayer');
  if (seat !== state.activeSide) return reject('notYourTurn', { side: sideName(state, state.activeSide) });
  return null;
}

/** The active player's own unit or decoy, on the map. */
export function ownPiece(state: GameState, seat: Seat, piece: string): Rejection | null {
  const unit = state.units.find((u) => u.id === piece && u.side === seat);
  const decoy = state.decoys.find((d) => d.id === piece && d.side === seat);
  if (!unit && !decoy) return reject('unknownPiece');
  if ((unit ?? decoy)!.hex < 0) return reject('notOnMap');
  return null;
}

/** The piece must be the one under activation. */
export function underActivation(state: GameState, piece: string): Rejection | null {
  if (!state.activation || state.activation.piece !== piece) return reject('notActivated');
  return null;
}

/** An action of a later chapter is refused in a battle played at a lower level (§1: basic, intermediate, advanced rules). */
export function rulesLevelRefusal(state: GameState, needed: Exclude<RulesLevel, 'basic'>): Rejection | null {
  if (state.rulesLevel === 'advanced' || state.rulesLevel === needed) return null;
  return reject('intermediateRulesOnly');
}

export function sideName(state: GameState, side: string): string {
  return state.sides.find((s) => s.id === side)?.name ?? side;
}

export function firstRejection(...checks: Array<() => Rejection | null>): Rejection | null {
  for (const check of checks) {
    const r = check();
    if (r) return r;
  }
  return null;
}
