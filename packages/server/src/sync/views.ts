// Through colyseus-schema.mts: the copy of the library @colyseus/core uses (issue 9).
import { StateView } from './colyseus-schema.mjs';
import type { Seat } from '@lames/rules';
import type { BattleState, DeploymentSecretState, PieceState } from './schema';

/**
 * Who may look under a cover (Fiche mécanismes communs, Unités Cachées and
 * Leurres): the side that owns the piece and the referee. Spectators and the
 * enemy see only the cover markers.
 */
export function mayLookUnder(seat: Seat, side: string): boolean {
  return seat === 'referee' || seat === side;
}

/** A connection's StateView: every current secret its seat may see. */
export function viewForSeat(state: BattleState, seat: Seat): StateView {
  const view = new StateView();
  // What each side deploys (created when the room opened, before the pieces' secrets).
  state.deploymentSecrets.forEach((secret: DeploymentSecretState) => {
    if (mayLookUnder(seat, secret.side)) view.add(secret);
  });
  // In key order, which is creation order: ids the client learns come in the order they were drawn.
  state.secrets.forEach((piece: PieceState) => {
    if (mayLookUnder(seat, piece.side)) view.add(piece);
  });
  return view;
}
