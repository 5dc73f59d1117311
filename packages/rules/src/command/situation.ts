import type { Directive, GameState, Unit } from '../state/types';

/**
 * Situation d'Ordre (§2.5): does a unit obey its wing's directive, and which?
 * Characters never do (§2.5, §2.9.4); a troop with a special order is free
 * for the turn (§2.5.5); an autonomous troop acts as if it always held one
 * unless routed (§2.5.5, §2.5.6); a charging troop without a special order
 * obeys an attack directive whatever its wing's (§2.5.1).
 */
export function directiveFor(state: GameState, unit: Unit): Directive | null {
  if (unit.kind === 'character') return null;
  if (holdsSpecialOrder(state, unit)) return null;
  if (unit.profiles.command.class === 'autonomous' && unit.cohesion !== 'routed') return null;
  if (unit.shock === 'charge') return 'attack';
  return state.wings.find((w) => w.id === unit.wing)?.directive ?? null;
}

/** The special order marker, on a unit or on a decoy moving as a unit (sheet 000, Leurres). */
export function holdsSpecialOrder(state: GameState, unit: Unit): boolean {
  if (unit.order === 'specialOrder') return true;
  return state.decoys.some((d) => d.id === unit.id && d.specialOrder === true);
}

/** Free of the directive: a character, a special order, or an autonomous profile. */
export function isFree(state: GameState, unit: Unit): boolean {
  return directiveFor(state, unit) === null;
}

/**
 * Who may take a command action other than distributing orders (§2.5.5,
 * §2.9.4): a character holding a special order (only the army commander
 * gives them to characters), the army commander himself, or an autonomous
 * character.
 */
export function mayTakeCommandAction(state: GameState, unit: Unit): boolean {
  if (unit.kind !== 'character') return false;
  if (unit.order === 'specialOrder' || unit.profiles.command.class === 'autonomous') return true;
  return state.sides.some((s) => s.id === unit.side && s.armyCommander === unit.id);
}

export function isArmyCommander(state: GameState, unit: Unit): boolean {
  return state.sides.some((s) => s.id === unit.side && s.armyCommander === unit.id);
}
