import { createGame, scenarioById } from '@lames/rules';
import type { BattleRecord } from '../../src/persistence/store';

/** A battle record around a real opening state of "the-ford". */
export function makeRecord(id: string, overrides: Partial<BattleRecord> = {}): BattleRecord {
  const scenario = scenarioById('the-ford');
  if (!scenario) throw new Error('scenario the-ford is missing from @lames/rules');
  const state = createGame(scenario, 'seed');
  return {
    id,
    battleName: `Battle ${id}`,
    scenarioId: scenario.id,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:05:00.000Z',
    status: 'playing',
    state,
    log: [{ type: 'turnEnded', turn: 1, section: '3.1', audience: { to: 'all' } }],
    refereeCodeHash: null,
    ...overrides,
  };
}
