import { unitToWire, type GameState } from '@lames/rules';
import { awaitingDeployment } from './entries';
import { DeploymentSecretState, DeploymentSideState, type BattleState } from './schema';

/**
 * The hidden deployment (§4.5.2) in the schema state. Public: each side's
 * zone (from the scenario) and whether it has deployed. Secret, for the
 * side's own connections and the referee: the units it has to place and
 * its current placement, in ONE object per side (see DeploymentSecretState).
 */

/** When the room opens, before any connection: the zones and the per-side secret objects. */
export function initDeployment(target: BattleState, game: GameState): void {
  if (!game.deployment) return;
  for (const [side, d] of Object.entries(game.deployment.sides)) {
    target.deployment.push(
      Object.assign(new DeploymentSideState(), { side, zone: d.zone.join(','), deployed: d.done }),
    );
    target.deploymentSecrets.set(
      side,
      Object.assign(new DeploymentSecretState(), { side, ...secretOf(game, side) }),
    );
  }
}

/** After each action: the flags and secrets follow the rules state; when the deployment ends the secrets go. */
export function syncDeployment(target: BattleState, game: GameState): void {
  if (target.deploying !== !!game.deployment) target.deploying = !!game.deployment;
  for (const side of target.deployment) {
    const deployed = game.deployment?.sides[side.side]?.done ?? true;
    if (side.deployed !== deployed) side.deployed = deployed;
  }
  for (const [side, secret] of [...target.deploymentSecrets.entries()]) {
    if (!game.deployment) {
      target.deploymentSecrets.delete(side);
      continue;
    }
    const wanted = secretOf(game, side);
    if (secret.units !== wanted.units) secret.units = wanted.units;
    if (secret.placement !== wanted.placement) secret.placement = wanted.placement;
  }
}

function secretOf(game: GameState, side: string): { units: string; placement: string } {
  const units = game.units
    .filter((u) => u.side === side && awaitingDeployment(game, u))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((u) => unitToWire(u, 0, false));
  const placement = game.deployment?.sides[side]?.placement;
  return { units: JSON.stringify(units), placement: placement ? JSON.stringify(placement) : '' };
}
