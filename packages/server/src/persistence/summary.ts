import type { BattleRecord, BattleSummary } from './store';

/** What the lobby lists of a saved battle: never its log, state or referee code. */
export function summaryOf(record: BattleRecord): BattleSummary {
  const { id, battleName, scenarioId, updatedAt } = record;
  const sides = record.state.sides.map((s) => ({ id: s.id, name: s.name }));
  return { id, battleName, scenarioId, updatedAt, sides, hasReferee: record.refereeCodeHash !== null };
}
