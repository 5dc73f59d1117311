import type { GameState, Unit } from './types';
import { copyUnit } from './unit-copy';

/**
 * The unit fields that hold objects. No rule changes `profiles` nor
 * `faculties` in place once the game is created: a copy of a state shares
 * them with the original. The others are copied.
 */
type ObjectField = { [K in keyof Unit]-?: NonNullable<Unit[K]> extends object ? K : never }[keyof Unit];
/** Compiles only while every object field of Unit is one of these: a new one must be added to `cloneUnit`. */
const OBJECT_FIELDS: Record<ObjectField, 'shared' | 'copied'> = { profiles: 'shared', faculties: 'shared', testedAgainst: 'copied', offMap: 'copied' };
void OBJECT_FIELDS;

/**
 * A deep copy of everything that changes; the static board, and each unit's
 * profiles and faculties, are shared (issue 9: `apply` copies the state once
 * per action, and `structuredClone` of a 150-unit battle cost about 2 ms —
 * this is the same data, as plain objects, for a small part of it).
 */
export function cloneState(state: GameState): GameState {
  const copy = { ...state };
  for (const key in copy) {
    if (key === 'board') continue;
    const k = key as keyof GameState;
    (copy as Record<string, unknown>)[k] = k === 'units' ? state.units.map(cloneUnit) : deepCopy(state[k]);
  }
  return copy;
}

function cloneUnit(u: Unit): Unit {
  // The object fields by name rather than a loop over every key, the rest by one literal for most units
  // (issue 9: `apply` copies every unit of the state; state/unit-copy.ts).
  const copy = copyUnit(u);
  if (u.testedAgainst) copy.testedAgainst = u.testedAgainst.slice();
  if (u.offMap) copy.offMap = { ...u.offMap };
  return copy;
}

/** A copy of plain data (objects, arrays, primitives), as JSON holds it. */
function deepCopy<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  const copy: Record<string, unknown> = {};
  for (const key in v) copy[key] = deepCopy((v as Record<string, unknown>)[key]);
  return copy as T;
}
