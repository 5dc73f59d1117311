import { createGame, scenarioById } from '@lames/rules';
import type { BattleRecord, BattleStore } from '../../src/persistence/store';

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

/**
 * What every BattleStore must do, whatever keeps the battles: the same tests
 * run on the embedded file store and on PostgreSQL. `store` is read at run
 * time, after each suite's own set-up.
 */
export function storeContract(store: () => BattleStore): void {
  test('overlapping saves of one battle land in call order', async () => {
    const saves = [];
    for (let turn = 1; turn <= 10; turn++) {
      const r = makeRecord('b1');
      r.state.turn = turn;
      saves.push(store().save(r));
    }
    await Promise.all(saves);
    expect((await store().load('b1'))?.state.turn).toBe(10);
  });

  test('listUnfinished lists battles being played, most recent first, and excludes ended ones', async () => {
    await store().save(makeRecord('old', { updatedAt: '2025-01-01T00:00:00.000Z' }));
    await store().save(makeRecord('new', { updatedAt: '2025-03-01T00:00:00.000Z', refereeCodeHash: 'scrypt$salt$hash' }));
    await store().save(makeRecord('done', { status: 'ended' }));
    const sides = [
      { id: 'ardenne', name: 'Ardenne' },
      { id: 'black-teeth', name: 'Dents Noires' },
    ];
    expect(await store().listUnfinished()).toEqual([
      { id: 'new', battleName: 'Battle new', scenarioId: 'the-ford', updatedAt: '2025-03-01T00:00:00.000Z', sides, hasReferee: true },
      { id: 'old', battleName: 'Battle old', scenarioId: 'the-ford', updatedAt: '2025-01-01T00:00:00.000Z', sides, hasReferee: false },
    ]);
  });
}
