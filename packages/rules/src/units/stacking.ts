import type { GameState, Unit } from '../state/types';

/** Stacking (§2.3.1 and the common-mechanics sheet). */
export const STACK_LIMIT = 10;

export type StackPlace = 'alone' | 'front' | 'middle' | 'back';

/** A large unit counts 4 stacking points, a small one 1; steps do not count. */
export function stackPoints(u: Pick<Unit, 'size'>): number {
  return u.size === 'large' ? 4 : 1;
}

/** The units of a hex, front of the stack first. */
export function stackAt(state: GameState, hex: number): Unit[] {
  return state.units.filter((u) => u.hex === hex).sort((a, b) => a.stackRank - b.stackRank);
}

export function stackPointsAt(state: GameState, hex: number, except?: string): number {
  let points = 0;
  for (const u of state.units) if (u.hex === hex && u.id !== except) points += stackPoints(u);
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
 */
export function stackPlace(state: GameState, unit: Unit): StackPlace {
  const stack = stackAt(state, unit.hex);
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
