import type { GameState } from './types';
import { copyUnit } from './unit-copy';

/**
 * A shallow record of a state: its own fields, and those of its activation,
 * wings, units and decoys. `unchangedSince` tells whether the state was
 * changed in place since the record was taken (a field set, a unit moved,
 * turned, routed…), so that an answer worked out once for a state object can
 * be served again only while it still holds (issue 9: the end-turn verdict,
 * asked once per piece of a side). Deeper objects are compared by identity:
 * the rules replace them rather than change them (profiles and faculties are
 * never changed in place, state/clone.ts), and a caller that changes one in
 * place gets a fresh answer as soon as anything else moves.
 */
export interface Snapshot {
  readonly top: object;
  readonly activation: object | null;
  readonly parts: readonly object[][];
}

type Fields = Record<string, unknown>;

const copy = (o: object): object => ({ ...o });
const partsOf = (state: GameState): readonly object[][] => [state.units, state.decoys, state.wings];

export function snapshotOf(state: GameState): Snapshot {
  return {
    top: copy(state),
    activation: state.activation ? copy(state.activation) : null,
    // The units by their copy (state/unit-copy.ts): a spread that sees every unit shape is slow.
    parts: [state.units.map(copyUnit), state.decoys.map(copy), state.wings.map(copy)],
  };
}

export function unchangedSince(state: GameState, snap: Snapshot): boolean {
  if (!sameFields(state, snap.top)) return false;
  if (
    state.activation === null
      ? snap.activation !== null
      : snap.activation === null || !sameFields(state.activation, snap.activation)
  )
    return false;
  const parts = partsOf(state);
  for (let p = 0; p < parts.length; p++) {
    const now = parts[p];
    const then = snap.parts[p];
    if (now.length !== then.length) return false;
    for (let i = 0; i < now.length; i++) if (!sameFields(now[i], then[i])) return false;
  }
  return true;
}

function sameFields(now: object, then: object): boolean {
  const a = now as Fields;
  const b = then as Fields;
  let count = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    count += 1;
  }
  for (const _k in b) count -= 1;
  return count === 0;
}
