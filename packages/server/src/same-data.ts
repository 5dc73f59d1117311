/**
 * Whether two values of plain data (JSON's: objects, arrays, strings,
 * numbers, booleans, null, and undefined members) hold the same: the same
 * keys and, member by member, the same values. Objects met by identity are
 * equal at once (a unit's profiles and faculties, shared by every copy of
 * the state: rules state/clone.ts).
 *
 * Why (issue 9): the rules copy every unit on every action, so identity
 * cannot tell which units an action changed; reading two copies member by
 * member allocates nothing and costs a small part of rebuilding what is
 * derived from a unit (its synced payload, its text in the state hash).
 * Strict: a value JSON writes alike but that differs here (NaN, an
 * undefined member against an absent one) counts as changed, which only
 * costs a rebuild.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!Object.prototype.hasOwnProperty.call(y, key) || !sameData(x[key], y[key])) return false;
    keys++;
  }
  for (const _key in y) keys--;
  return keys === 0;
}
