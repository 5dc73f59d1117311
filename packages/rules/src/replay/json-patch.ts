/**
 * The difference between two JSON values as a short list of changes, and
 * its application (issue 12, replays). A running battle's replay sends a
 * seat its view of the state after every action; views after successive
 * actions differ in a few fields, so each is sent as the changes from the
 * one before. Pure and deterministic: equal inputs give equal patches, so
 * two views the same byte for byte give the same replay data byte for byte.
 */

/** Where a change applies: object keys and array indexes from the root. */
export type JsonPath = (string | number)[];

/** Set the value at `p` (`v`), or delete the key at `p` (`del`). */
export type JsonChange = { p: JsonPath; v: unknown } | { p: JsonPath; del: true };

export type JsonPatch = JsonChange[];

type JsonObject = Record<string, unknown>;
const isObject = (x: unknown): x is JsonObject =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** The changes that turn `before` into `after` (both plain JSON: no undefined members, no functions). */
export function jsonDiff(before: unknown, after: unknown): JsonPatch {
  const out: JsonPatch = [];
  diffInto(before, after, [], out);
  return out;
}

function diffInto(a: unknown, b: unknown, path: JsonPath, out: JsonPatch): void {
  if (a === b) return;
  // Arrays of the same length are compared item by item; a longer or shorter one is replaced whole.
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) diffInto(a[i], b[i], [...path, i], out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a))
      if (!Object.hasOwn(b, k)) out.push({ p: [...path, k], del: true });
    for (const k of Object.keys(b)) diffInto(a[k], b[k], [...path, k], out);
    return;
  }
  out.push({ p: path, v: b });
}

/**
 * `base` with the changes applied, as a new value: `base` is left as it
 * was (a replay keeps every step's view), and what no change touches is
 * shared between the two.
 */
export function applyJsonPatch<T>(base: T, patch: JsonPatch): T {
  let root: unknown = base;
  for (const change of patch) root = applyChange(root, change, 0);
  return root as T;
}

function applyChange(node: unknown, change: JsonChange, depth: number): unknown {
  if (depth === change.p.length) {
    if ('del' in change) throw new Error('a patch cannot delete its root');
    return change.v;
  }
  const key = change.p[depth];
  const last = depth === change.p.length - 1;
  if (Array.isArray(node) && typeof key === 'number') {
    const copy = [...node];
    copy[key] = applyChange(node[key], change, depth + 1);
    return copy;
  }
  if (isObject(node) && typeof key === 'string') {
    const copy: JsonObject = { ...node };
    if (last && 'del' in change) delete copy[key];
    else copy[key] = applyChange(node[key], change, depth + 1);
    return copy;
  }
  throw new Error(`the patch does not fit the value at ${change.p.slice(0, depth + 1).join('.')}`);
}
