import type { GameState, Unit } from '../state/types';
import { occupies, stackPoints, stackPointsIn } from './body';
import { modeEffects } from './formation';

export { stackPoints };

/** Stacking (§2.3.1 and the common-mechanics sheet). */
export const STACK_LIMIT = 10;

export type StackPlace = 'alone' | 'front' | 'middle' | 'back';

/** The units of a hex, front of the stack first; a formation is in the stack of each of its hexes, ranked by its one stack rank. */
export function stackAt(state: Pick<GameState, 'units'>, hex: number): Unit[] {
  return state.units.filter((u) => occupies(u, hex)).sort((a, b) => a.stackRank - b.stackRank);
}

export function stackPointsAt(state: GameState, hex: number, except?: string): number {
  let points = 0;
  for (const u of state.units) if (u.id !== except) points += stackPointsIn(u, hex);
  for (const d of state.decoys) if (d.hex === hex && d.id !== except) points += decoyPoints(state, d.mimic);
  return points;
}

/** A decoy stacks as the unit it imitates, so that it moves exactly as a hidden unit would. */
function decoyPoints(state: GameState, mimic: string): number {
  const u = state.units.find((x) => x.id === mimic);
  return u ? stackPoints(u) : 4;
}

/**
 * Front, middle or back of its stack (§2.3.1): only large units count when
 * the stack holds any; small units with large ones are always in the middle.
 * A formation has a place in each of its hexes' stacks: `hex` names which
 * (its first hex by default).
 */
export function stackPlace(state: GameState, unit: Unit, hex: number = unit.hex): StackPlace {
  const stack = stackAt(state, hex);
  if (stack.length <= 1) return 'alone';
  const large = stack.filter((u) => u.size === 'large');
  const ranked = large.length > 0 ? large : stack;
  if (unit.size === 'small' && large.length > 0) return 'middle';
  // A lone large unit among small ones is both the front and the back of its stack.
  if (ranked.length === 1) return 'alone';
  if (ranked[0].id === unit.id) return 'front';
  if (ranked[ranked.length - 1].id === unit.id) return 'back';
  return 'middle';
}

/** Puts a unit on top of its stack (after a withdrawal or recoil) or at the bottom (after moving forward). */
export function placeInStack(state: GameState, unit: { stackRank: number }, where: 'top' | 'bottom'): void {
  state.stackCounter += 1;
  unit.stackRank = where === 'top' ? -state.stackCounter : state.stackCounter;
}

type Stackable = Pick<Unit, 'size' | 'profiles'> & Partial<Pick<Unit, 'formationMode'>>;

/**
 * Sheet 000 Empilement: "pas d'Empilement possible avec une Grande Unité au
 * Profil de Commandement Inférieur sauf Petites Unités", nor "avec une
 * Formation en mode Herrisson, sauf Petite Unité" (S0 l.221, FORM-41: the
 * mode's data).
 */
export function stacksWithSmallOnly(u: Stackable): boolean {
  return u.size === 'large' && (u.profiles.command.capacity === 'inferior' || modeEffects(u).smallStackOnly);
}

/** Whether two friendly units may share a position on that account: never two large units when either has an inferior command profile. */
export function mayStackTogether(a: Stackable, b: Stackable): boolean {
  return !(a.size === 'large' && b.size === 'large' && (stacksWithSmallOnly(a) || stacksWithSmallOnly(b)));
}

/**
 * Whether `movers` would break that rule in `hex`, with the friends standing
 * there (`except` those moving), a decoy counting as the unit it imitates.
 */
export function inferiorStackClash(state: GameState, movers: Array<Stackable & Pick<Unit, 'side'>>, hex: number, except: string[] = []): boolean {
  const side = movers[0]?.side;
  const here: Stackable[] = state.units.filter((u) => occupies(u, hex) && u.side === side && !except.includes(u.id));
  for (const d of state.decoys) {
    const model = d.hex === hex && d.side === side && !except.includes(d.id) ? state.units.find((u) => u.id === d.mimic) : undefined;
    if (model) here.push(model);
  }
  return movers.some((m) => here.some((o) => !mayStackTogether(m, o)));
}
