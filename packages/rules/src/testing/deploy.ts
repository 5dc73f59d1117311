import { apply } from '../actions/apply';
import { parseHexLabel } from '../geometry/hex';
import type { GameEvent } from '../state/events';
import type { GameState, Seat, SideId } from '../state/types';

/** A placement written with hex labels, as a player reads them off the map. */
export interface LabelledPlacement {
  units: { unit: string; hex: string; facing: number }[];
  decoys: { mimic: string; hex: string; facing: number }[];
}

/**
 * Deploys the given sides (§4.5.2) through the deploy action, each in turn,
 * and returns the state once the battle opens with every event told. A side
 * left out that still has to deploy deploys nothing (it must have nothing
 * to place). Throws on a refusal: a test fixture, not a game path.
 */
export function deploySides(state: GameState, placements: Record<SideId, LabelledPlacement>, seat?: Seat): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const side of state.sides.map((s) => s.id)) {
    if (!state.deployment) break;
    const p = placements[side];
    if (!p && state.deployment.sides[side]?.done) continue;
    const hex = (label: string) => parseHexLabel(state.board, label);
    const action = {
      type: 'deploy',
      ...(seat === 'referee' ? { side } : {}),
      units: (p?.units ?? []).map((u) => ({ ...u, hex: hex(u.hex) })),
      decoys: (p?.decoys ?? []).map((d) => ({ ...d, hex: hex(d.hex) })),
    };
    const r = apply(state, seat ?? side, action);
    if (!r.ok) throw new Error(`deploy refused for ${side}: ${r.rejection.code} ${r.rejection.message.en}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}
