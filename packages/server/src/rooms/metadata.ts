import type { GameState, Scenario } from '@lames/rules';
import type { BattleRecord } from '../persistence/store';
import type { BattleState } from '../sync/schema';

/**
 * What the lobby shows of an open battle (room metadata, read back through
 * matchMaker.query). Public facts only: never the referee code or its hash,
 * never anything about hidden pieces.
 */
export interface BattleMetadata {
  battleId: string;
  battleName: string;
  scenarioId: string;
  scenarioName: { fr: string; en: string } | null;
  status: 'playing' | 'ended';
  sides: Array<{ id: string; name: string; taken: boolean }>;
  /** The battle was opened with a referee code. */
  hasReferee: boolean;
  refereeSeated: boolean;
  spectators: number;
}

export function lobbyMetadata(
  head: Pick<BattleRecord, 'id' | 'battleName' | 'scenarioId' | 'refereeCodeHash'>,
  game: GameState,
  state: BattleState,
  scenarios: ReadonlyMap<string, Scenario>,
): BattleMetadata {
  return {
    battleId: head.id,
    battleName: head.battleName,
    scenarioId: head.scenarioId,
    scenarioName: scenarioName(head.scenarioId, scenarios),
    status: game.status,
    sides: state.sides.map((s) => ({ id: s.id, name: s.name, taken: s.seated })),
    hasReferee: head.refereeCodeHash !== null,
    refereeSeated: state.refereeSeated,
    spectators: state.spectators,
  };
}

export function scenarioName(id: string, scenarios: ReadonlyMap<string, Scenario>): { fr: string; en: string } | null {
  for (const s of scenarios.values()) if (s.id === id) return { fr: s.name.fr, en: s.name.en };
  return null;
}
