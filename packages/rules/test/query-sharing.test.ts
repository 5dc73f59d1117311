import {
  canFlee,
  forcedAction,
  legalActions,
  nearestThreats,
  piecesToActivate,
  reachable,
  sharingViews,
  viewFor,
  withdrawOptions,
  type GameState,
} from '../src';
import type { MoveMode } from '../src/movement/mover';
import { nearestFirst } from '../src/geometry/nearest-first';
import { threatField } from '../src/movement/threat-field';
import { seededDice, seedRng } from '../src';
import { sharedView } from '../src/fog/view';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9, fifth pass: what the queries now work out once must answer as
 * when worked out each time. `legalActions` builds one view per seat of the
 * state it is asked about (fog/view.ts sharingViews), which holds only if
 * the state does not change while it runs; the threats are ordered by a
 * counting sort; a unit's threat field is found again by its profiles
 * (movement/recent-fields.ts) and must follow an in-place change of them.
 */

const MODES: MoveMode[] = ['normal', 'extra', 'minimal'];
const positions = recordedPositions('query-sharing', { every: 40, stressLimit: 80 });

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const key of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[key]);
  }
  return v;
}

describe('§2.4 legal actions share one view of the state asked about (issue 9)', () => {
  test.each(positions)(
    '%s: the same verdicts, the state never changed while they are worked out',
    (_id, state) => {
      const side = state.activeSide;
      const pieces = [...piecesToActivate(state, side), state.activation?.piece]
        .filter((p): p is string => !!p)
        .slice(0, 12);
      // A frozen copy throws on any change in place (strict mode): the shared views cannot go stale.
      const frozen = deepFreeze(structuredClone(state)) as GameState;
      for (const piece of pieces)
        expect([piece, legalActions(frozen, side, piece)]).toEqual([
          piece,
          legalActions(structuredClone(state), side, piece),
        ]);
    },
  );
});

describe('§2.5.3.1 the threats nearest in hexes first (issue 9)', () => {
  test('the counting sort orders as the stable comparison sort, ties in their given order', () => {
    const pick = seededDice(seedRng('nearest-first'));
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: pick.roll(40) }, (_, i) => ({ i, d: pick.roll(12) - 1 }));
      expect(nearestFirst(items, (x) => x.d)).toEqual([...items].sort((a, b) => a.d - b.d));
    }
  });

  test('keys that are not whole numbers fall back to the comparison sort', () => {
    const items = [{ d: 2.5 }, { d: -1 }, { d: 2.5 }, { d: 0 }];
    expect(nearestFirst(items, (x) => x.d)).toEqual([items[1], items[3], items[0], items[2]]);
  });
});

describe("§2.5.3.1 a unit's threat field found again by its profiles (issue 9)", () => {
  test.each(positions.slice(0, 6))(
    '%s: a movement profile changed in place gives the field of the new profile',
    (_id, state) => {
      const side = state.activeSide;
      const view = viewFor(state, side);
      const threat = view.units.find(
        (e) =>
          e.side !== side && e.hex >= 0 && !e.hidden && !e.destroyed && e.secondHex === undefined,
      );
      if (!threat) return;
      const before = Array.from(threatField(view, threat).whole());
      // The same unit in a copy of the view (other objects, the same profiles): the same field.
      const copy = viewFor(state, side).units.find((u) => u.id === threat.id)!;
      expect(Array.from(threatField(view, copy).whole())).toEqual(before);
      // The profiles are the recorded state's too: changed in place for this check only.
      const movement = threat.profiles.movement;
      try {
        threat.profiles.movement = {
          ...movement,
          class: movement.class === 'flying' ? 'pedestrian' : 'flying',
        };
        const changed = Array.from(threatField(view, threat).whole());
        expect(changed).toEqual(Array.from(threatField(view, structuredClone(threat)).whole()));
        expect(changed).not.toEqual(before);
      } finally {
        threat.profiles.movement = movement;
      }
      expect(Array.from(threatField(view, threat).whole())).toEqual(before);
    },
  );

  test.each(positions.slice(0, 6))(
    '%s: the nearest threats of a copy of the state are those of the state',
    (_id, state) => {
      const side = state.activeSide;
      const view = viewFor(state, side);
      const copy = structuredClone(view);
      for (const u of view.units.filter((x) => x.side === side && x.hex >= 0).slice(0, 8)) {
        const twin = copy.units.find((x) => x.id === u.id)!;
        expect(nearestThreats(view, u).units.map((t) => t.id)).toEqual(
          nearestThreats(copy, twin).units.map((t) => t.id),
        );
      }
    },
  );
});

describe('§2.6 a move search and the withdrawal hexes asked twice about one state (issue 9, seventh pass)', () => {
  const activated = positions.filter(([, state]) => state.activation?.piece);
  test('the positions hold pieces under activation', () =>
    expect(activated.length).toBeGreaterThan(3));
  test.each(activated)(
    '%s: worked out once in a scope, the same answers as afresh',
    (_id, state) => {
      const side = state.activeSide;
      const piece = state.activation!.piece;
      const ask = (s: GameState) => [
        ...MODES.map((m) => reachable(s, side, piece, m)),
        withdrawOptions(s, side, piece),
      ];
      const first = sharingViews(state, () => {
        const once = ask(state);
        // The second question of the scope gets the answer of the first (fog/view.ts sharedAnswer).
        ask(state).forEach((again, i) => expect(again).toBe(once[i]));
        return once;
      });
      // Outside the scope, and on a copy, each is worked out again: the same answers.
      const afresh = ask(structuredClone(state));
      afresh.forEach((a, i) => expect(a).not.toBe(first[i]));
      expect(afresh).toEqual(first);
      ask(state).forEach((a, i) => expect(a).not.toBe(first[i]));
      // Shared answers are frozen; one worked out outside a scope is the caller's own (a caller may sort it).
      first.forEach((a) => expect(Object.isFrozen(a)).toBe(true));
      ask(state).forEach((a) => expect(Object.isFrozen(a)).toBe(false));
    },
  );
});

describe('§2.5.3.1, §2.6.13, §2.9.1 the nearest threats, canFlee and the forced actions asked again about one state (issue 9, eighth pass)', () => {
  // fog/view.ts answerAbout: within a scope, about the scope's state or one of its shared views, worked out once.
  test.each(positions.slice(0, 8))(
    '%s: worked out once in a scope, the same answers as afresh, one view apart from another',
    (_id, state) => {
      const ask = (s: GameState) =>
        s.sides.flatMap(({ id: side }) => {
          const view = sharedView(s, side);
          return view.units
            .filter((u) => u.side === side && u.hex >= 0)
            .slice(0, 8)
            .map((u) => ({
              threats: nearestThreats(view, u),
              flees: canFlee(s, u),
              forced: forcedAction(s, u.id),
            }));
        });
      const first = sharingViews(state, () => {
        const once = ask(state);
        // Asked again in the scope: the very answers of the first questions.
        ask(state).forEach((again, i) => {
          expect(again.threats).toBe(once[i].threats);
          expect(again.forced).toBe(once[i].forced);
        });
        // A copy of a view is no view of the scope: worked out afresh (a question may change its copy as it goes).
        const view = sharedView(state, state.activeSide);
        const u = view.units.find((x) => x.side === state.activeSide && x.hex >= 0)!;
        expect(nearestThreats({ ...view }, u)).not.toBe(nearestThreats(view, u));
        // The same question about another seat's view is answered apart: that seat sees other units.
        const other = state.sides.find((s) => s.id !== state.activeSide)!.id;
        expect(nearestThreats(sharedView(state, other), u)).not.toBe(nearestThreats(view, u));
        expect(nearestThreats(sharedView(state, other), u)).toBe(nearestThreats(sharedView(state, other), u));
        return once;
      });
      expect(first.length).toBeGreaterThan(0);
      // Outside the scope, and on a copy of the state, each is worked out again: the same answers.
      const afresh = ask(structuredClone(state));
      afresh.forEach((a, i) => expect(a.threats).not.toBe(first[i].threats));
      expect(afresh).toEqual(first);
    },
  );
});
