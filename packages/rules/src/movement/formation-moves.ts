import { zoneOf, type Facing, type Zone } from '../geometry/facing';
import type { Direction } from '../geometry/hex';

/**
 * The elementary moves of a two-hex body (§3.3.7, docs/formations.md): pure
 * geometry on the board's neighbour table, no rule. The walker
 * (formation-walker.ts) prices and checks them.
 *
 * A body is its two hexes and its vertex facing; which hex is "first" has no
 * rule meaning, but a move keeps each hex in its slot (the one a pivot keeps
 * stays where it was) so that a path reads as the player drew it.
 */
export interface BodyPlace {
  hex: number;
  second: number;
  facing: Facing;
}

/** A formation's own elementary moves; the half-turn is a `{ face }` step (§3.3.7, FORM-51). */
export type FormationStep =
  /** Both hexes one hex across hexside `shift`: an advance into the front zone, or back into the rear zone (withdrawal, A-70). */
  | { shift: number }
  /** The hex `pivot` stays; the other swings onto `onto`, a hex both touch, turning the facing 60° (§3.3.3, FORM-50). */
  | { pivot: number; onto: number };

export const isFormationStep = (s: object): s is FormationStep => 'shift' in s || 'pivot' in s;

/** The direction from `from` to an adjacent `to` on the neighbour table, or -1. */
export function dirBetween(nb: Int32Array, from: number, to: number): Direction | -1 {
  for (let d = 0; d < 6; d++) if (nb[from * 6 + d] === to) return d as Direction;
  return -1;
}

/** Where a shift puts the body (either hex -1 when it would leave the map). */
export function shifted(nb: Int32Array, b: BodyPlace, dir: Direction): BodyPlace {
  return { hex: nb[b.hex * 6 + dir], second: nb[b.second * 6 + dir], facing: b.facing };
}

/** The half-turn (§3.3.7, FORM-51): same hexes, the facing turned 180°. */
export function halfTurn(b: BodyPlace): BodyPlace {
  return { hex: b.hex, second: b.second, facing: (b.facing + 6) % 12 };
}

/**
 * One pivot: the kept hex P, the moving hex Q (at direction d from P) and
 * where Q goes. The two hexes touching both P and Q lie at d − 1 and d + 1
 * from P; swinging Q onto P + (d + 1) turns the body 60° clockwise, and the
 * facing with it (+2 in 30° steps), onto P + (d − 1) 60° anticlockwise.
 */
export interface Pivot {
  kept: number;
  moving: number;
  onto: number;
  /** The hexside of the moving hex it leaves by (to price the half-formation's move, FORM-53). */
  leaveBy: Direction;
  /** The body after the pivot. */
  body: BodyPlace;
  /** Forward (into the front zone: movement, face) or back (into the rear zone: withdrawal, recoil), §3.3.7. */
  way: Extract<Zone, 'front' | 'rear'>;
}

/** The pivot the step names, or null when `pivot` is not one of the body's hexes or `onto` not a hex both touch. */
export function pivotOf(nb: Int32Array, b: BodyPlace, pivot: number, onto: number): Pivot | null {
  if (pivot !== b.hex && pivot !== b.second) return null;
  const moving = pivot === b.hex ? b.second : b.hex;
  const d = dirBetween(nb, pivot, moving);
  if (d === -1 || onto < 0) return null;
  for (const turn of [1, -1] as const) {
    const side = ((d + turn + 6) % 6) as Direction;
    if (nb[pivot * 6 + side] !== onto) continue;
    const facing = (b.facing + 2 * turn + 12) % 12;
    const body = pivot === b.hex ? { hex: pivot, second: onto, facing } : { hex: onto, second: pivot, facing };
    // From the moving hex, the common neighbour lies two hexsides round from the kept hex's direction.
    const leaveBy = ((d + 3 + 6 - turn) % 6) as Direction;
    const zone = zoneOf('large', b.facing, side);
    return { kept: pivot, moving, onto, leaveBy, body, way: zone === 'front' ? 'front' : 'rear' };
  }
  return null;
}

/** The four pivots of a body: about each hex, forward and back (on the map or not: `onto` is -1 off it). */
export function pivotsOf(nb: Int32Array, b: BodyPlace): Array<{ pivot: number; onto: number }> {
  const out: Array<{ pivot: number; onto: number }> = [];
  for (const [p, q] of [[b.hex, b.second], [b.second, b.hex]]) {
    const d = dirBetween(nb, p, q);
    if (d === -1) continue;
    for (const turn of [1, 5]) {
      const onto = nb[p * 6 + ((d + turn) % 6)];
      if (onto >= 0) out.push({ pivot: p, onto });
    }
  }
  return out;
}

/** Where a shift or pivot takes the body, or null when it names no move of this body or leaves the map. */
export function bodyAfter(nb: Int32Array, b: BodyPlace, step: FormationStep): BodyPlace | null {
  if ('pivot' in step) return pivotOf(nb, b, step.pivot, step.onto)?.body ?? null;
  if (!Number.isInteger(step.shift) || step.shift < 0 || step.shift > 5) return null;
  const to = shifted(nb, b, step.shift as Direction);
  return to.hex >= 0 && to.second >= 0 ? to : null;
}

/**
 * A shift or pivot as the ground prices it: the body after it, the hexes it
 * enters — each from a hex of the body across one of its hexsides: both for
 * a shift (FORM-52), the moving one for a pivot (FORM-53) — and which way it
 * goes (a shift across a flank hexside goes neither forward nor back).
 */
export interface BodyMove {
  body: BodyPlace;
  entries: Array<{ from: number; dir: Direction }>;
  way: Zone;
}

/** The move a shift or pivot makes, or null when it names no move of this body (the body may end off the map: its entry says so). */
export function bodyMove(nb: Int32Array, b: BodyPlace, step: FormationStep): BodyMove | null {
  if ('pivot' in step) {
    const p = pivotOf(nb, b, step.pivot, step.onto);
    return p && { body: p.body, entries: [{ from: p.moving, dir: p.leaveBy }], way: p.way };
  }
  const dir = step.shift as Direction;
  return { body: shifted(nb, b, dir), entries: [{ from: b.hex, dir }, { from: b.second, dir }], way: zoneOf('large', b.facing, dir) };
}

/**
 * What a move costs from what each hex entered costs (§3.3.7): the dearer of
 * the two hexes of a shift, the one hex of a pivot. `price` may refuse an
 * entry instead (any value not a number): the first refusal is the answer.
 */
export function moveHalves<R>(m: BodyMove, price: (from: number, dir: Direction) => number | R): number | R {
  let dearest = 0;
  for (const e of m.entries) {
    const p = price(e.from, e.dir);
    if (typeof p !== 'number') return p;
    dearest = Math.max(dearest, p);
  }
  return dearest;
}

/** The elementary moves worth trying from a body (§3.3.7): the shifts and pivots the way allows, and going forward the half-turn, never twice without a move between (§2.6.6). */
export function bodySteps(nb: Int32Array, b: BodyPlace, way: Extract<Zone, 'front' | 'rear'>, reorientedSinceStep: boolean): Array<FormationStep | { face: Facing }> {
  const steps: Array<FormationStep | { face: Facing }> = [];
  for (let d = 0; d < 6; d++) if (zoneOf('large', b.facing, d as Direction) === way) steps.push({ shift: d });
  for (const p of pivotsOf(nb, b)) if (pivotOf(nb, b, p.pivot, p.onto)?.way === way) steps.push(p);
  if (way === 'front' && !reorientedSinceStep) steps.push({ face: (b.facing + 6) % 12 });
  return steps;
}
