import type { GameState, Seat } from '@lames/rules';
import { toView } from '../../../client/src/state/to-view';
import type { DecodedState } from '../../../client/src/state/decoded';
import type { Seated } from '../helpers';

/** What a seat's connection decodes of the synced state, through the client's own toView. */
export const decoded = (s: Seated, seat: Seat): GameState =>
  toView(s.room.state.toJSON() as DecodedState, seat);

/** What comparing a decoded view with the rules' viewFor looks at (stack places as an order per hex, as large-state.test.ts explains). */
export function comparable(view: GameState) {
  const byId = <T extends { id: string }>(xs: T[]) =>
    [...xs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const placeless = <T extends { stackRank: number }>(xs: T[]) =>
    xs.map(({ stackRank: _rank, ...rest }) => rest);
  return {
    status: view.status,
    turn: view.turn,
    result: view.result,
    units: placeless(byId(view.units)),
    decoys: placeless(byId(view.decoys)),
    covers: byId(view.covers ?? []),
  };
}
