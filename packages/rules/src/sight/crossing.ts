/**
 * The hexes a line of sight crosses (§3.2.4, sheet 000 *Ligne de Vue*): the
 * straight line from the centre of the source's hex to the centre of the
 * target's, judged exactly. The pattern depends only on the step between the
 * two hexes in cube coordinates, so it is worked out once per step and
 * shared by every board.
 *
 * In cube coordinates the hex of centre c holds the points p with
 * |dx − dy| ≤ 1, |dy − dz| ≤ 1, |dz − dx| ≤ 1 for d = p − c. Along the line
 * p(t) = t·D (source at the origin, 0 ≤ t ≤ 1) each of these three bounds is
 * an interval of t with rational ends, so a hex is crossed exactly when the
 * three intervals meet in more than a point. A hex met at a single point (a
 * vertex the line passes through) is not crossed. When one component
 * difference of D is zero the line runs along hexsides: the hexes on either
 * side then touch it along their border only (`side` ±1), the two hexes of a
 * pair on opposite sides, and the sheet's rule needs the line clear through
 * both (LOS-11).
 */

/** Packed crossings: for each hex crossed, in order from the source, its cube step (x, z) from the source, its side and where it lies. */
export interface Crossings {
  /** `data[i * 4 ..]`: x, z, side (−1, 0, +1), place (PLACE_*). */
  readonly data: Int16Array;
  readonly length: number;
  /** Whether the line runs along hexsides (some hexes have side ±1). */
  readonly alongHexside: boolean;
}

/** Place bits of a crossed hex: strictly closer to the source, or to the target, than to the other. */
export const NEAR_SOURCE = 1;
export const NEAR_TARGET = 2;

/** A fraction n/d with d > 0. */
interface Frac {
  n: number;
  d: number;
}

const less = (a: Frac, b: Frac) => a.n * b.d < b.n * a.d;

/** Narrows [lo, hi] to the t where |t·a − b| ≤ 1; false when the bound holds for no t. */
function narrow(span: { lo: Frac; hi: Frac }, a: number, b: number): boolean {
  if (a === 0) return Math.abs(b) <= 1;
  const lo = a > 0 ? { n: b - 1, d: a } : { n: -b - 1, d: -a };
  const hi = a > 0 ? { n: b + 1, d: a } : { n: -b + 1, d: -a };
  if (less(span.lo, lo)) span.lo = lo;
  if (less(hi, span.hi)) span.hi = hi;
  return true;
}

const cubeDistance = (x: number, z: number) => Math.max(Math.abs(x), Math.abs(z), Math.abs(x + z));

interface Crossed {
  x: number;
  z: number;
  side: number;
  at: number;
}

/** Whether the line t·D (D = dx, dy, dz) crosses the hex at (x, z); its order along the line and its side if so. */
function crossing(dx: number, dy: number, dz: number, x: number, z: number): Crossed | null {
  const y = -x - z;
  const span = { lo: { n: 0, d: 1 }, hi: { n: 1, d: 1 } };
  const bounds: [number, number][] = [[dx - dy, x - y], [dy - dz, y - z], [dz - dx, z - x]];
  let side = 0;
  for (const [a, b] of bounds) {
    if (!narrow(span, a, b)) return null;
    if (a === 0 && b !== 0) side = Math.sign(b);
  }
  if (!less(span.lo, span.hi)) return null;
  return { x, z, side, at: span.lo.n / span.lo.d + span.hi.n / span.hi.d };
}

/** The hex holding the point (x, z) (either one on a border). */
function cubeRound(x: number, z: number): [number, number] {
  const y = -x - z;
  let rx = Math.round(x);
  let rz = Math.round(z);
  const ry = Math.round(y);
  const ex = Math.abs(rx - x);
  const ey = Math.abs(ry - y);
  const ez = Math.abs(rz - z);
  if (ex > ey && ex > ez) rx = -ry - rz;
  else if (ez > ey) rz = -rx - ry;
  return [rx, rz];
}

function compute(dx: number, dz: number): Crossings {
  const dy = -dx - dz;
  const n = cubeDistance(dx, dz);
  // Every point of the line lies within one hex of a hex holding one of the n + 1 samples t = k/n.
  const seen = new Set<number>();
  const found: Crossed[] = [];
  for (let k = 0; k <= n; k++) {
    const [sx, sz] = cubeRound((dx * k) / n, (dz * k) / n);
    for (let x = sx - 1; x <= sx + 1; x++) {
      for (let z = sz - 1; z <= sz + 1; z++) {
        const key = (x + 1024) * 4096 + (z + 1024);
        if (seen.has(key)) continue;
        seen.add(key);
        if ((x === 0 && z === 0) || (x === dx && z === dz)) continue; // LOS-04: the two end hexes are not part of the line
        const c = crossing(dx, dy, dz, x, z);
        if (c) found.push(c);
      }
    }
  }
  found.sort((a, b) => a.at - b.at || b.side - a.side);
  const data = new Int16Array(found.length * 4);
  found.forEach((c, i) => {
    const fromSource = cubeDistance(c.x, c.z);
    const fromTarget = cubeDistance(c.x - dx, c.z - dz);
    data.set([c.x, c.z, c.side, fromSource < fromTarget ? NEAR_SOURCE : fromTarget < fromSource ? NEAR_TARGET : 0], i * 4);
  });
  return { data, length: found.length, alongHexside: found.some((c) => c.side !== 0) };
}

const cache = new Map<number, Crossings>();

/** The hexes crossed by the line from the origin to cube step (dx, dz), cached per step. */
export function crossingsOf(dx: number, dz: number): Crossings {
  const key = (dx + 1024) * 4096 + (dz + 1024);
  let found = cache.get(key);
  if (!found) {
    found = compute(dx, dz);
    cache.set(key, found);
  }
  return found;
}
