import { isDeepStrictEqual } from 'node:util';
import type { GameState } from '@lames/rules';

type Board = GameState['board'];

/** The boards met so far, by scenario id: a few per id at most (a scenario's board changes only with a new version of it). */
const known = new Map<string, Board[]>();
const BOARDS_PER_SCENARIO = 4;

/**
 * The state with the board of every other battle of its scenario, when it
 * is the same (issue 9). A board never changes once built (rules
 * state/types.ts) and every state after an action keeps its board (rules
 * state/clone.ts), so the battles of one scenario can hold one board between
 * them instead of one each (4 KiB for the-ford, more for larger maps), with
 * what the rules and the server keep per board object: the board index, the
 * step tables, the altitudes, the board's text in the state hash. A board
 * read back from the store is equal to the scenario's, not the same object:
 * it is compared whole, once, when its room opens.
 */
export function withSharedBoard(state: GameState): GameState {
  const boards = known.get(state.scenarioId) ?? [];
  const same = boards.find((b) => b === state.board || isDeepStrictEqual(b, state.board));
  if (same) return same === state.board ? state : { ...state, board: same };
  if (boards.length < BOARDS_PER_SCENARIO) known.set(state.scenarioId, [...boards, state.board]);
  return state;
}
