import { apply } from '../actions/apply';
import { parseHexLabel } from '../geometry/hex';
import type { GameEvent } from '../state/events';
import type { DeploymentPlacement, GameState, Seat, SideId } from '../state/types';
import { viewFor } from '../fog/view';
import { deploymentOptions, deploymentRefusal } from '../deployment/options';
import { unitsToDeploy } from '../deployment/placement';

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

/**
 * Deploys every side still deploying, each piece in the first hex of its
 * zone where the rules accept it (deploymentRefusal on the side's view),
 * a decoy for each hidden unit when there is room: a quick, legal opening
 * for benchmarks and tests that need any deployment, not a particular one.
 */
export function deployFirstFit(state: GameState): GameState {
  for (const side of state.sides.map((s) => s.id)) {
    if (!state.deployment || state.deployment.sides[side]?.done) continue;
    const view = viewFor(state, side);
    const { zone, units } = deploymentOptions(view, side);
    const placement: DeploymentPlacement = { units: [], decoys: [] };
    const fits = (p: DeploymentPlacement) => deploymentRefusal(view, side, p) === null;
    const firstFit = (add: (hex: number) => DeploymentPlacement) => zone.map(add).find((p) => fitsSoFar(view, side, p));
    for (const u of units) {
      const next = firstFit((hex) => ({ ...placement, units: [...placement.units, { unit: u.id, hex, facing: u.facing }] }));
      if (next) placement.units = next.units;
    }
    for (const u of units) {
      const next = firstFit((hex) => ({ ...placement, decoys: [...placement.decoys, { mimic: u.id, hex, facing: u.facing }] }));
      if (next && fits(next)) placement.decoys = next.decoys;
    }
    const r = apply(state, side, { type: 'deploy', ...placement });
    if (!r.ok) throw new Error(`deploy refused for ${side}: ${r.rejection.code}`);
    state = r.state;
  }
  return state;
}

/**
 * Whether a partial placement breaks no rule but the units still missing:
 * checked as if the side had only the units placed so far to deploy, since
 * the rules name a missing unit before they look at hexes and stacks.
 */
function fitsSoFar(view: GameState, side: SideId, p: DeploymentPlacement): boolean {
  const placed = new Set(p.units.map((u) => u.unit));
  const waiting = new Set(unitsToDeploy(view, side).map((u) => u.id));
  const partial = { ...view, units: view.units.filter((u) => !waiting.has(u.id) || placed.has(u.id)) };
  return deploymentRefusal(partial, side, p) === null;
}
