import * as rules from '@lames/rules';
import type { Arrival, Directive, Facing, GameState, Rejection, Seat, Text } from '@lames/rules';

/**
 * The chapter-2 option functions the client calls (docs/chapter2-plan.md),
 * typed from the plan's contracts and looked up on @lames/rules at run time:
 * the rules land them one by one, and the client builds and runs before and
 * after each one does. A missing function reads as "no options yet".
 */

export interface Modifier {
  value: number;
  label: Text;
  section: string;
}

/** One way to attack an adjacent enemy (§2.7). */
export interface ShockOption {
  type: 'shock' | 'duel';
  target: string;
  supported: boolean;
  advantage: number;
  modifiers: Modifier[];
  /** Probability of each number of losses, keyed by the number (0, 1, 2…). */
  odds: Record<number, number>;
  allowed: boolean;
  rejection?: Rejection;
}

export interface OrderOption {
  unit: string;
  cost: number;
  allowed: boolean;
  rejection?: Rejection;
}

/** The actions the rules impose on a piece (any one of `types`), and why. */
export interface ForcedAction {
  types: string[];
  reason: Text | Rejection | string;
}

/** A place a withdrawal or a return may go: a hex, or an edge hexside to leave by. */
export interface PlaceOption {
  to: number | null;
  exit?: number;
  /** Only a minimal movement reaches it (§2.6.5). */
  minimal?: boolean;
  allowed: boolean;
  rejection?: Rejection;
}

/** A flee arrival: previewed as a move arrival, with the threat fled and the edge left by. */
export type FleeArrival = Arrival & { threat?: string; exit?: number; minimal?: boolean };

type Fn<A extends unknown[], R> = (...args: A) => R;
const lib = rules as unknown as Record<string, unknown>;

function optional<A extends unknown[], R>(name: string): Fn<A, R> | undefined {
  const f = lib[name];
  return typeof f === 'function' ? (f as Fn<A, R>) : undefined;
}

/** Calls an option function if the rules have it; a throw or a missing function gives `fallback`. */
function call<A extends unknown[], R>(name: string, fallback: R, ...args: A): R {
  const f = optional<A, R>(name);
  if (!f) return fallback;
  try {
    return f(...args) ?? fallback;
  } catch (e) {
    console.warn(`@lames/rules ${name} failed`, e);
    return fallback;
  }
}

export const has = (name: string): boolean => !!optional(name);

export function shockOptions(view: GameState, seat: Seat, piece: string): ShockOption[] {
  return call('shockOptions', [] as ShockOption[], view, seat, piece);
}

/** Where the unit may withdraw (§2.6.10), each with its verdict. */
export function withdrawOptions(view: GameState, seat: Seat, piece: string): PlaceOption[] {
  return placesOf(call('withdrawOptions', [] as unknown[], view, seat, piece));
}

export function returnOptions(view: GameState, seat: Seat, piece: string): PlaceOption[] {
  return placesOf(call('returnOptions', [] as unknown[], view, seat, piece));
}

export function fleeArrivals(view: GameState, seat: Seat, piece: string): FleeArrival[] {
  return call('fleeArrivals', [] as FleeArrival[], view, seat, piece);
}

export function faceOptions(view: GameState, seat: Seat, piece: string): Facing[] {
  const list = call('faceOptions', [] as unknown[], view, seat, piece);
  return list
    .map((f) => (typeof f === 'number' ? f : (f as { facing: number }).facing) as Facing)
    .filter((f) => Number.isInteger(f));
}

export function forcedAction(view: GameState, piece: string): ForcedAction | null {
  const f = call(
    'forcedAction',
    null as (Partial<ForcedAction> & { type?: string }) | null,
    view,
    piece,
  );
  if (!f) return null;
  const types = f.types ?? (f.type ? [f.type] : []);
  return types.length ? { types, reason: f.reason ?? '' } : null;
}

export function orderOptions(view: GameState, seat: Seat, piece: string): OrderOption[] {
  return call('orderOptions', [] as OrderOption[], view, seat, piece);
}

export function commandPointsLeft(view: GameState): number | null {
  const n = call('commandPointsLeft', null as number | null, view);
  return typeof n === 'number' ? n : null;
}

export const DIRECTIVES: Directive[] = ['attack', 'defend', 'regroup', 'retreat'];

/** Places in any of the forms the rules may give: hex indices, {hex}, or {to, exit, allowed, rejection}. */
export function placesOf(list: unknown[]): PlaceOption[] {
  const out: PlaceOption[] = [];
  for (const x of list) {
    if (typeof x === 'number') {
      if (Number.isInteger(x) && x >= 0) out.push({ to: x, allowed: true });
      continue;
    }
    if (typeof x !== 'object' || x === null) continue;
    const o = x as Partial<PlaceOption> & { hex?: number };
    const to =
      typeof o.to === 'number' && o.to >= 0
        ? o.to
        : typeof o.hex === 'number' && o.hex >= 0
          ? o.hex
          : null;
    if (to === null && typeof o.exit !== 'number') continue;
    out.push({
      to,
      ...(typeof o.exit === 'number' ? { exit: o.exit } : {}),
      minimal: !!o.minimal,
      allowed: o.allowed !== false,
      ...(o.rejection ? { rejection: o.rejection } : {}),
    });
  }
  return out;
}

/** A forced action's reason as text, with its section when it has one. */
export function reasonOf(
  r: ForcedAction['reason'],
  pick: (t: Text) => string,
): { text: string; section: string } {
  if (typeof r === 'string') return { text: r, section: '' };
  if ('message' in r) return { text: pick(r.message), section: r.section };
  return { text: pick(r), section: '' };
}

/** Whether a move arrival opens a charge (arrivals carry `charge` once the manoeuvre rules land). */
export function arrivalCharges(a: Arrival): boolean {
  return (a as Arrival & { charge?: boolean }).charge === true;
}

/**
 * Loss probabilities as a sorted list [losses, probability]; accepts the
 * plan's record form or an array of probabilities.
 */
export function oddsList(odds: ShockOption['odds'] | number[] | undefined): [number, number][] {
  if (!odds) return [];
  const entries: [number, number][] = Array.isArray(odds)
    ? odds.map((p, i) => [i, p])
    : Object.entries(odds).map(([k, p]) => [Number(k), p]);
  return entries
    .filter(([k, p]) => Number.isFinite(k) && typeof p === 'number')
    .sort((a, b) => a[0] - b[0]);
}
