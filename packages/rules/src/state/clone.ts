import type { GameState } from './types';

/** A deep copy of everything that changes; the static board is shared. */
export function cloneState(state: GameState): GameState {
  const { board, ...rest } = state;
  const copy = structuredClone(rest) as Omit<GameState, 'board'>;
  return { ...copy, board };
}
