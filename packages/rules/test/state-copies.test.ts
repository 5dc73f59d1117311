import { cloneState, stateHash, viewFor } from '../src';
import { sharedView } from '../src/fog/view';
import type { GameState } from '../src';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9: `apply` copies the state with `cloneState`, plain code sharing only
 * the board and the units' profiles and faculties, instead of
 * `structuredClone`; the rules' own queries read a seat's view built without
 * copying (`sharedView`). Both must hold exactly what the previous copies
 * held, on positions of random games of every shipped scenario and the
 * stress battle, and leave the state as it was.
 */

const positions = recordedPositions('state-copies', { every: 10 });

/** Every object reachable from `a` that is also reachable from `b`, by path, outside the parts allowed to be shared. */
function sharedObjects(a: unknown, b: unknown, path: string, out: string[]): void {
  if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') return;
  if (/\.board$|\.profiles$|\.faculties$/.test(path)) return;
  if (a === b) out.push(path);
  for (const key of Object.keys(a))
    sharedObjects(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
      out,
    );
}

describe('issue 9: copies of the state hold what the previous copies held', () => {
  test.each(positions)('%s', (_id, state: GameState) => {
    const before = stateHash({ ...state, board: null });
    const { board, ...rest } = state;
    const copy = cloneState(state);
    expect(copy).toEqual({ ...structuredClone(rest), board });
    expect(copy.board).toBe(board);
    const shared: string[] = [];
    sharedObjects(copy, state, 'state', shared);
    expect(shared).toEqual([]);
    for (const seat of [...state.sides.map((s) => s.id), 'referee', 'spectator'])
      expect(sharedView(state, seat)).toEqual(viewFor(state, seat));
    expect(stateHash({ ...state, board: null })).toBe(before);
  });
});
