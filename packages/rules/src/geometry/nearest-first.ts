/**
 * The items ordered by a small whole number (a distance in hexes), nearest
 * first, ties kept in their given order: what `[...items].sort((a, b) =>
 * key(a) - key(b))` gives, with each key worked out once instead of twice
 * per comparison (issue 9: the threat searches order the 75 enemies of the
 * stress battle by hex distance for every hex a preview asks about). A
 * counting sort, stable; any key that is not a whole number ≥ 0 falls back
 * to the comparison sort on the keys worked out once.
 */
export function nearestFirst<T>(items: readonly T[], key: (item: T) => number): T[] {
  const n = items.length;
  const keys = new Array<number>(n);
  let max = 0;
  let whole = true;
  for (let i = 0; i < n; i++) {
    const k = key(items[i]);
    keys[i] = k;
    if (!(Number.isInteger(k) && k >= 0)) whole = false;
    else if (k > max) max = k;
  }
  if (!whole) {
    const order = keys.map((_, i) => i).sort((a, b) => keys[a] - keys[b]);
    return order.map((i) => items[i]);
  }
  const starts = new Int32Array(max + 2);
  for (let i = 0; i < n; i++) starts[keys[i] + 1] += 1;
  for (let k = 1; k <= max + 1; k++) starts[k] += starts[k - 1];
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[starts[keys[i]]++] = items[i];
  return out;
}
