import { engageCost, GameState, nearestThreats, seededDice, seedRng, Unit, viewFor } from '../src';
import { threatField } from '../src/movement/threat-field';
import {
  engageField as previousEngageField,
  nearestThreats as previousNearestThreats,
} from './previous/engage-field';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9: the threats' costs (§2.5.3.1 la menace la plus proche, the
 * regroup directive, the flight's "away", §2.4.3 the charge's conclusion)
 * come from one lazily settled field per threat (movement/threat-field.ts),
 * kept between states, instead of one search per hex and per threat. The
 * answers must be the previous implementation's (test/previous), on
 * positions of random games of every shipped scenario and the stress battle.
 */

const positions = recordedPositions('threat-field');

function threatsOf(view: GameState, side: string): Unit[] {
  return view.units.filter(
    (e) => e.side !== side && !e.hidden && !e.destroyed && e.hex >= 0 && e.cohesion !== 'routed',
  );
}

describe('§2.5.3.1 threat fields (issue 9): the same costs as the previous searches', () => {
  test('positions were recorded on every battle', () => {
    expect(new Set(positions.map(([id]) => id.split(' ')[0])).size).toBeGreaterThanOrEqual(5);
  });

  test.each(positions)('%s', (id, state) => {
    const pick = seededDice(seedRng(id));
    let compared = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side);
      const own = view.units.filter((u) => u.side === side && u.hex >= 0);
      for (const e of threatsOf(view, side).slice(0, 3)) {
        // The whole field: the flight's measure of "away" (§2.6.13).
        expect(Array.from(threatField(view, e).whole())).toEqual(
          Array.from(previousEngageField(view, e)),
        );
        for (let i = 0; i < 12; i++) {
          const hex = pick.roll(view.board.cols * view.board.rows) - 1;
          const target = { ...(own[0] ?? e), hex };
          const bound = pick.roll(30);
          // A fresh field each time: the lazy search must answer the same whatever was asked before.
          expect([e.id, hex, threatField(view, e).at(hex)]).toEqual([
            e.id,
            hex,
            engageCost(view, e, target),
          ]);
          expect([e.id, hex, bound, threatField(view, e).at(hex, bound)]).toEqual([
            e.id,
            hex,
            bound,
            engageCost(view, e, target, bound),
          ]);
          compared += 1;
        }
      }
      for (const u of own.slice(0, 6)) {
        const now = nearestThreats(view, u);
        const before = previousNearestThreats(view, u);
        expect([u.id, now.distance, now.units.map((t) => t.id)]).toEqual([
          u.id,
          before.distance,
          before.units.map((t) => t.id),
        ]);
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

/**
 * nearestThreats skips an enemy whose field's floor is above the best cost
 * found so far (issue 9): the floor must never exceed the field's answer at
 * any hex, for every threat, off the map ones (their entry cost) included.
 */
describe('§2.5.3.1 a threat field\'s floor (issue 9): never above the cost it bounds', () => {
  test.each(positions.slice(0, 24))('%s', (_id, state) => {
    let compared = 0;
    for (const side of state.sides.map((s) => s.id)) {
      const view = viewFor(state, side);
      const threats = view.units.filter((e) => e.side !== side && !e.hidden && !e.destroyed && (e.hex >= 0 || e.offMap));
      for (const e of threats.slice(0, 8)) {
        const field = threatField(view, e);
        const whole = field.whole();
        const above = Array.from(whole.keys()).filter((hex) => field.floor(hex) > whole[hex]);
        expect([e.id, above]).toEqual([e.id, []]);
        compared += whole.filter((c) => c < Number.POSITIVE_INFINITY).length;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
