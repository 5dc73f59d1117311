import { createGame } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { fordGame } from '@lames/rules/testing';
import type { BattleAccess, BattleRecord, BattleStore } from '../../src/persistence/store';

/** A hash-shaped string (43 base64url characters); stores never look inside. */
export const fakeHash = (c: string) => c.repeat(43).slice(0, 43);

/** Seats of a listed the-ford battle held by its creator (ardenne), black-teeth invited. */
export function makeAccess(overrides: Partial<BattleAccess> = {}): BattleAccess {
  return {
    listed: true,
    creatorSeat: 'ardenne',
    seats: {
      ardenne: { keyHash: fakeHash('a'), inviteHash: null, playerName: 'Gauvain' },
      'black-teeth': { keyHash: null, inviteHash: fakeHash('b'), playerName: null },
    },
    spectatorHash: fakeHash('s'),
    othersClaimed: false,
    ...overrides,
  };
}

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
    access: makeAccess(),
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

  const summary = (id: string, updatedAt: string, publicAt = '2025-01-02T10:00:00.000Z') => ({
    battleId: id,
    battleName: `Battle ${id}`,
    scenarioId: 'the-ford',
    // makeRecord holds the-ford as it opens: the Black Teeth, the last side to deploy (§4.5.2), are awaited.
    status: 'deploying',
    turn: 1,
    activeSide: 'ardenne',
    awaiting: 'black-teeth',
    sides: [
      { id: 'ardenne', name: 'Ardenne', claimed: true, playerName: 'Gauvain' },
      { id: 'black-teeth', name: 'Dents Noires', claimed: false, playerName: null },
    ],
    referee: { exists: false, claimed: false },
    listed: true,
    updatedAt,
    publicAt,
  });

  test('listListed pages through listed battles being played, latest public moment first, whatever their last action; never ended, unlisted or pre-key battles', async () => {
    // docs/secrets.md S4: the order is the last public moment's (publicAt), never the last write's (updatedAt)
    await store().save(makeRecord('old', { publicAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z' }));
    await store().save(makeRecord('new', { publicAt: '2025-03-01T00:00:00.000Z', updatedAt: '2025-03-01T00:00:00.000Z' }));
    await store().save(makeRecord('mid', { publicAt: '2025-02-01T00:00:00.000Z', updatedAt: '2025-05-01T00:00:00.000Z' }));
    await store().save(makeRecord('done', { status: 'ended' }));
    await store().save(makeRecord('hidden', { access: makeAccess({ listed: false }) }));
    await store().save(makeRecord('legacy', { access: undefined }));
    expect(await store().listListed(0, 2)).toEqual({
      battles: [summary('new', '2025-03-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z'), summary('mid', '2025-05-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z')],
      total: 3,
    });
    expect(await store().listListed(1, 2)).toEqual({ battles: [summary('old', '2025-06-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')], total: 3 });
    expect(await store().listListed(2, 2)).toEqual({ battles: [], total: 3 });
  });

  test('lookup gives the summaries of the ids it knows, listed or not, and nothing secret', async () => {
    await store().save(makeRecord('mine', { access: makeAccess({ listed: false }) }));
    await store().save(makeRecord('legacy', { access: undefined }));
    const found = await store().lookup(['mine', 'unknown', 'legacy']);
    expect(found).toEqual([{ ...summary('mine', '2025-01-02T10:05:00.000Z'), listed: false }]);
    expect(JSON.stringify(found)).not.toMatch(/Hash|aaaa|bbbb|ssss/);
  });

  test('§4.5.2 once every side has deployed, the summary shows the battle being played and awaits nobody', async () => {
    await store().save(makeRecord('deployed', { state: fordGame('seed') }));
    const [deployed] = await store().lookup(['deployed']);
    expect(deployed).toMatchObject({ battleId: 'deployed', status: 'playing', turn: 1, activeSide: 'ardenne' });
    expect(deployed).not.toHaveProperty('awaiting');
  });

  test('listExpired names the battles only their creator joined, idle since before the date; delete forgets them', async () => {
    await store().save(makeRecord('idle', { updatedAt: '2025-01-01T00:00:00.000Z' }));
    await store().save(makeRecord('recent', { updatedAt: '2025-03-01T00:00:00.000Z', publicAt: '2025-03-01T00:00:00.000Z' }));
    await store().save(makeRecord('joined', { updatedAt: '2025-01-01T00:00:00.000Z', access: makeAccess({ othersClaimed: true }) }));
    expect(await store().listExpired('2025-02-01T00:00:00.000Z')).toEqual(['idle']);
    await store().delete('idle');
    await store().delete('never-there');
    expect(await store().load('idle')).toBeNull();
    expect(await store().listExpired('2025-02-01T00:00:00.000Z')).toEqual([]);
    expect((await store().listListed(0, 10)).battles.map((b) => b.battleId)).toEqual(['recent', 'joined']);
  });
}
