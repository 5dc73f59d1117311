import { createHash } from 'node:crypto';
import { canonicalJson } from '@lames/rules';

/**
 * The rules' `stateHash` (SHA-256 of the state's canonical JSON), computed
 * with node:crypto: the server hashes the whole state after every action, a
 * hot path where the rules' pure-JS SHA-256 (kept for the browser) costs
 * several times more. Same text, same digest (packages/rules/test/state-hash.test.ts checks
 * the two agree), so exports verify under the rules' own function.
 */
export function serverStateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
