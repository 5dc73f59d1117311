/**
 * stateHash (state/hash.ts): SHA-256 of canonical JSON, written in the rules
 * so that the browser can use it too; checked against node:crypto.
 */
import { createHash } from 'node:crypto';
import { canonicalJson, createGame, sha256Hex, stateHash } from '../src';
import { scenarioById } from '../src/scenarios';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('sha256Hex gives what node:crypto gives, at every padding boundary and for non-ASCII text', () => {
  // FIPS 180-4 example "abc".
  expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (const n of [1, 55, 56, 63, 64, 65, 119, 120, 1000]) expect(sha256Hex('x'.repeat(n))).toBe(nodeSha('x'.repeat(n)));
  for (const text of ['Lisière des Murmures', '⚔️ 𝔏ames', 'é'.repeat(70)]) expect(sha256Hex(text)).toBe(nodeSha(text));
});

test('canonicalJson sorts keys at every depth and drops undefined members, as JSON does', () => {
  expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
});

test('stateHash is the same for a state, its JSON copy and a copy with keys in another order; it changes with the dice state', () => {
  const state = createGame(scenarioById('the-ford')!, 'hash-test');
  const reordered = JSON.parse(JSON.stringify(state, Object.keys(flatKeys(state)).reverse()));
  expect(stateHash(JSON.parse(JSON.stringify(state)))).toBe(stateHash(state));
  expect(stateHash(reordered)).toBe(stateHash(state));
  const rolled = structuredClone(state);
  rolled.rng!.word += 1;
  expect(stateHash(rolled)).not.toBe(stateHash(state));
  expect(stateHash(state)).toMatch(/^[0-9a-f]{64}$/);
});

/** Every key used anywhere in the value (for a JSON.stringify whitelist in another order). */
function flatKeys(value: unknown, into: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!Array.isArray(value)) into[k] = true;
      flatKeys(v, into);
    }
  }
  return into;
}
