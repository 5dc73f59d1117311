/**
 * Brings a game state saved by an older version of the server up to the
 * shape the rules library now expects, in place. Only fields that were
 * added later and have an obvious "nothing yet" value are filled; the
 * record schema has already checked the envelope.
 *
 * Issue 8 (chapter 3) added, and battles saved before it lack:
 * - `light` (sheet 000, Jour/Nuit): every earlier scenario was played by day;
 * - `rulesLevel` (§1): every earlier battle played the basic rules;
 * - `board.features` (wood, village…): earlier boards had none;
 * - each unit's `faculties` (§3.1): earlier units had none.
 * A unit without `ammunition` has full ammunition (§3.2.3: no marker) and a
 * side without `ammunitionSource` draws from its army commander (§3.2.6), so
 * those absent fields already mean what an old battle needs.
 */
import type { GameState } from '@lames/rules';

/** What an old saved state may lack: the fields filled here are optional in it. */
type StoredState = Omit<GameState, 'light' | 'rulesLevel' | 'board' | 'units'> & {
  light?: GameState['light'];
  rulesLevel?: GameState['rulesLevel'];
  board: Omit<GameState['board'], 'features'> & { features?: GameState['board']['features'] };
  units: (Omit<GameState['units'][number], 'faculties'> & { faculties?: GameState['units'][number]['faculties'] })[];
};

export function upgradeState(state: StoredState): GameState {
  state.light ??= 'day';
  // Every battle saved before the intermediate rules was a basic one.
  state.rulesLevel ??= 'basic';
  state.board.features ??= {};
  for (const unit of state.units) unit.faculties ??= [];
  return state as GameState;
}
