import { createGame, RULES_VERSION, seedHash, type GameState, type Scenario } from '@lames/rules';
import { serverStateHash } from './state-hash';
import type { BattleRecord } from './store';

/**
 * What every new battle's record starts with, whoever opens it (a room from
 * the lobby, or an organiser's round): the state dealt from a secret seed,
 * the dice commitment shown to every seat (issue 12), the rules version that
 * plays it, and an empty list of played actions for the export. One place,
 * so a tournament battle can be exported and verified like any other.
 */
export function newBattleFacts(scenario: Scenario, seed: string): { state: GameState } & Required<Pick<BattleRecord, 'dice' | 'rulesVersion' | 'played'>> {
  const state = createGame(scenario, seed);
  return { state, dice: { seed, seedHash: seedHash(seed), initialStateHash: serverStateHash(state) }, rulesVersion: RULES_VERSION, played: [] };
}
