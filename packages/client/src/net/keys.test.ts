import { SeatKeys, type HeldSeat, type KeyStorage } from './keys';

/** A storage in memory, standing for localStorage. */
function fakeStorage(): KeyStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const seat = (battleId: string, savedAt: number, extra: Partial<HeldSeat> = {}): HeldSeat => ({ battleId, seat: 'blue', key: `key-${battleId}`, battleName: `Battle ${battleId}`, scenarioId: 'ford', savedAt, ...extra });

describe('seat keys kept in the browser (issue 7)', () => {
  it('stores a seat and lists it back, most recent first', () => {
    const keys = new SeatKeys(fakeStorage());
    keys.save(seat('a', 1));
    keys.save(seat('b', 3));
    keys.save(seat('c', 2));
    expect(keys.list().map((s) => s.battleId)).toEqual(['b', 'c', 'a']);
    expect(keys.get('c')?.key).toBe('key-c');
    expect(keys.get('zz')).toBeNull();
  });

  it('a new key for the same battle replaces the old one', () => {
    const keys = new SeatKeys(fakeStorage());
    keys.save(seat('a', 1));
    keys.save(seat('a', 2, { key: 'new', seat: 'red' }));
    expect(keys.list()).toHaveLength(1);
    expect(keys.get('a')).toMatchObject({ key: 'new', seat: 'red' });
  });

  it('forgetting drops the key, and the last one empties the storage entry', () => {
    const storage = fakeStorage();
    const keys = new SeatKeys(storage);
    keys.save(seat('a', 1));
    keys.save(seat('b', 2));
    keys.forget('a');
    expect(keys.list().map((s) => s.battleId)).toEqual(['b']);
    keys.forget('b');
    expect(storage.data.size).toBe(0);
  });

  it('updating the battle name keeps the key and the seat', () => {
    const keys = new SeatKeys(fakeStorage());
    keys.save(seat('a', 1, { battleName: '' }));
    keys.update('a', { battleName: 'Le gué' });
    expect(keys.get('a')).toMatchObject({ battleName: 'Le gué', key: 'key-a', seat: 'blue' });
  });

  it('unreadable storage content is ignored, not thrown', () => {
    const storage = fakeStorage();
    storage.data.set('lames.seats', '{not json');
    expect(new SeatKeys(storage).list()).toEqual([]);
    storage.data.set('lames.seats', JSON.stringify([{ battleId: 'x' }, seat('ok', 1)]));
    expect(new SeatKeys(storage).list().map((s) => s.battleId)).toEqual(['ok']);
  });

  it('without storage (private mode), nothing is kept and nothing fails', () => {
    const keys = new SeatKeys(null);
    keys.save(seat('a', 1));
    expect(keys.list()).toEqual([]);
  });
});
