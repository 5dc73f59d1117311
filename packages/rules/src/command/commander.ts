import { reject, Rejection } from '../actions/rejection';
import type { GameState, Unit } from '../state/types';
import { engagedBy, isEngaged } from '../units/engagement';
import { occupies } from '../units/body';
import { mayTakeCommandAction } from './situation';

/**
 * Who may command at all (§2.5.7, §2.5.9, §2.5.14, §2.5.15): a character, not
 * chaotic (§2.5.6), not routed, and not engaged alone — engaged by the enemy
 * with no friendly troop in his hex.
 */
export function commanderRefusal(state: GameState, unit: Unit | undefined): Rejection | null {
  if (!unit || unit.kind !== 'character') return reject('notACharacter');
  if (unit.profiles.command.class === 'chaotic') return reject('chaoticCommander');
  if (unit.cohesion === 'routed') return reject('routedCommander');
  if (engagedAlone(state, unit)) return reject('engagedAlone');
  return null;
}

/** The command actions other than distributing orders (§2.5.5, §2.9.4) also need a special order, the army command or autonomy. */
export function commandActionRefusal(state: GameState, unit: Unit | undefined): Rejection | null {
  const r = commanderRefusal(state, unit);
  if (r) return r;
  return mayTakeCommandAction(state, unit!) ? null : reject('commandActionNeedsOrder');
}

export function engagedAlone(state: GameState, unit: Unit): boolean {
  if (engagedBy(state, unit).length === 0) return false;
  return !state.units.some((o) => o.id !== unit.id && o.side === unit.side && occupies(o, unit.hex) && o.kind === 'troop');
}

/** Stacked with a friendly unit that is engaged (§2.5.8, §2.5.9). */
export function stackedWithEngaged(state: GameState, unit: Unit): boolean {
  return state.units.some((o) => o.id !== unit.id && o.side === unit.side && unit.hex >= 0 && occupies(o, unit.hex) && isEngaged(state, o));
}
