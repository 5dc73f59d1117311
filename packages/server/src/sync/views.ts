// Through colyseus-schema.mts: the copy of the library @colyseus/core uses (issue 9).
import { StateView } from './colyseus-schema.mjs';
import { seesEverything, type Seat } from '@lames/rules';
import type { BattleState, DeploymentSecretState, PieceState } from './schema';

/**
 * Who may look under a cover (Fiche mécanismes communs, Unités Cachées and
 * Leurres): the side that owns the piece and the referee. Spectators and the
 * enemy see only the cover markers, until the battle has ended.
 */
export function mayLookUnder(seat: Seat, side: string, status: string = 'playing'): boolean {
  // once the battle has ended every seat looks under every cover, as the rules' viewFor decides (issue 11)
  return seat === side || seesEverything({ status: status === 'ended' ? 'ended' : 'playing' }, seat);
}

/** A connection's StateView: every current secret its seat may see. */
export function viewForSeat(state: BattleState, seat: Seat): StateView {
  const view = new StateView();
  // What each side deploys (created when the room opened, before the pieces' secrets).
  state.deploymentSecrets.forEach((secret: DeploymentSecretState) => {
    if (mayLookUnder(seat, secret.side, state.status)) view.add(secret);
  });
  // In key order, which is creation order: ids the client learns come in the order they were drawn.
  state.secrets.forEach((piece: PieceState) => {
    if (mayLookUnder(seat, piece.side, state.status)) view.add(piece);
  });
  forgetPendingAdds(view);
  return view;
}

/**
 * A new connection's view goes out whole with its full state, which encodes
 * every object the view sees; the adds the view also queued for the next
 * patch would send the seat its secrets a second time (issue 9: 5 KB more
 * on joining the stress battle). The queue is only the adds made here: a
 * secret shown later (showSecret, revealAtEnd) queues its own.
 */
function forgetPendingAdds(view: StateView): void {
  view.changes.clear();
}

/** At the end of the battle: every secret still on the board goes into a connection's view (issue 11). */
export function revealAtEnd(state: BattleState, view: StateView): void {
  if (state.status !== 'ended') return;
  state.secrets.forEach((piece: PieceState) => view.add(piece));
}
