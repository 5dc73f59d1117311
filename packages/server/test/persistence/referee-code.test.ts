import { checkRefereeCode, hashRefereeCode } from '../../src/persistence/store';

describe('referee code hashing', () => {
  test('the right code matches its hash', () => {
    const hash = hashRefereeCode('corbeau-42');
    expect(checkRefereeCode('corbeau-42', hash)).toBe(true);
  });

  test('a wrong code does not match', () => {
    const hash = hashRefereeCode('corbeau-42');
    expect(checkRefereeCode('corbeau-43', hash)).toBe(false);
    expect(checkRefereeCode('', hash)).toBe(false);
  });

  test('a null hash (no referee seat) matches nothing', () => {
    expect(checkRefereeCode('corbeau-42', null)).toBe(false);
    expect(checkRefereeCode('', null)).toBe(false);
  });

  test('the hash is "salt:hash", salted so that one code never hashes the same twice', () => {
    const a = hashRefereeCode('corbeau-42');
    const b = hashRefereeCode('corbeau-42');
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('corbeau');
    expect(checkRefereeCode('corbeau-42', b)).toBe(true);
  });

  test('a malformed hash matches nothing instead of throwing', () => {
    for (const bad of ['', 'nonsense', 'ab:cd', `${'0'.repeat(32)}:${'0'.repeat(63)}`]) {
      expect(checkRefereeCode('corbeau-42', bad)).toBe(false);
    }
  });
});
