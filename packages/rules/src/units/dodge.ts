import type { GameState, Unit } from '../state/types';
import { mod, Modifier } from '../tests/roll';
import { hasFaculty } from './abilities';
import { adjacentEnemies } from './engagement';

/**
 * Esquive (§3.1, l.1797): "l'Unité peut plus facilement se désengager d'un
 * combat (bonus de -2 aux Tests de Dégagement, de Traversée et de
 * Poursuite). Une Unité qui a l'Esquive et qui ne Charge pas n'est jamais
 * obligée de Combattre au Choc et peut choisir une Action de Repli ou de
 * Fuite à la place."
 */

/**
 * The −2 on a disengagement, crossing or pursuit test the dodging unit itself
 * takes (FAC-02..04; A-31: never on the tests of the units it crosses).
 */
export function dodgeModifiers(tested: Pick<Unit, 'faculties'>): Modifier[] {
  return hasFaculty(tested, 'dodge') ? [mod(-2, 'Esquive', 'Dodge', '§3.1')] : [];
}

/**
 * FAC-05: a dodging unit without a charge marker, adjacent to the enemy
 * (where an attack directive would have it shock, §2.5.1 "Une Troupe au
 * Contact de l'ennemi attaque cet ennemi"), may withdraw or flee instead.
 * With a charge marker it stays bound (§2.9.1): the charge rules refuse it.
 */
export function dodgeMayDisengage(view: GameState, unit: Unit): boolean {
  return hasFaculty(unit, 'dodge') && unit.shock !== 'charge' && adjacentEnemies(view, unit).length > 0;
}
