import { canFlee, fleeArrivals, viewFor } from '../src';
import { canFlee as previousCanFlee, fleeArrivals as previousFleeArrivals } from './previous/flee';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9: the flight's search (§2.6.13) tries its steps without wording
 * each refusal, reads step costs from the mover's table and works out
 * engagement once per hex and facing; the flights offered must be the
 * previous implementation's (test/previous/flee.ts), on positions of random
 * games of every shipped scenario and the stress battle, for every unit on
 * the map of each side — routed or not, the search is the same.
 */

const positions = recordedPositions('flee-search', { every: 25, stressLimit: 50 });

describe('§2.6.13 the flight search (issue 9): the same flights as before', () => {
  test.each(positions)('%s', (_id, state) => {
    let compared = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side);
      for (const u of view.units.filter((x) => x.side === side && x.hex >= 0).slice(0, 6)) {
        expect([u.id, fleeArrivals(view, side, u.id)]).toEqual([
          u.id,
          previousFleeArrivals(view, side, u.id),
        ]);
        expect([u.id, canFlee(view, u)]).toEqual([u.id, previousCanFlee(view, u)]);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
