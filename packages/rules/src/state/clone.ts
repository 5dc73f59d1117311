import type { GameState, Unit } from './types';

/**
 * Unit fields no rule ever changes in place once the game is created (the
 * profiles, the faculties): a copy of a state shares them with the original.
 */
const SHARED: ReadonlySet<string> = new Set<keyof Unit>(['profiles', 'faculties']);

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
  const copy = { ...u };
  for (const key in copy) {
    const v = (copy as Record<string, unknown>)[key];
    if (v !== null && typeof v === 'object' && !SHARED.has(key)) (copy as Record<string, unknown>)[key] = deepCopy(v);
  }
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
