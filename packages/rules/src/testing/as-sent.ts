/**
 * A value as a message carried it before issue 9 (Colyseus' MessagePack):
 * the same, less the object fields left undefined (JSON drops them too);
 * an undefined array element becomes null. Not JSON itself: MessagePack
 * kept an Infinity (a move's unlimited allowance) and the compact events
 * (wire/events.ts) do too. Tests compare what a seat decodes with it.
 */
export function asSent<T>(x: T): T {
  if (Array.isArray(x)) return x.map((v) => (v === undefined ? null : asSent(v))) as T;
  if (x && typeof x === 'object') {
    return Object.fromEntries(
      Object.entries(x).flatMap(([k, v]) => (v === undefined ? [] : [[k, asSent(v)]])),
    ) as T;
  }
  return x;
}
