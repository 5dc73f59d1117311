import { reject, Rejection } from '../actions/rejection';
import type { ActionType } from '../actions/schema';
import { isSide } from '../state/query';
import type { DeploymentPlacement, GameState, Seat, SideId, Unit } from '../state/types';
import { placementRefusal, unitsToDeploy } from './placement';

/** While the hidden deployment is under way, every action but `deploy` waits (§4.5.2). */
export function deploymentUnderway(state: GameState, type: ActionType): Rejection | null {
  return state.deployment && type !== 'deploy' ? reject('deploymentUnderway') : null;
}

export interface DeploymentOptions {
  /** The side's deployment zone (§4.5.2), hex indexes. */
  zone: number[];
  /** Its hidden units, each to be placed once. */
  units: Unit[];
  /** At most one decoy per hidden unit (§4.5.1). */
  maxDecoys: number;
  /** The side has deployed (it may still deploy again until the phase ends). */
  done: boolean;
  /** Whether each other side has deployed. */
  othersDone: Record<SideId, boolean>;
}

/**
 * What a side deploys, read from its own view (or the referee's): for the
 * client's deployment panel. Nothing to deploy once the phase is over.
 */
export function deploymentOptions(view: GameState, seat: Seat): DeploymentOptions {
  const sides = view.deployment?.sides ?? {};
  const own = sides[seat];
  const othersDone = Object.fromEntries(Object.entries(sides).filter(([id]) => id !== seat).map(([id, s]) => [id, s.done]));
  if (!own) return { zone: [], units: [], maxDecoys: 0, done: true, othersDone };
  const units = unitsToDeploy(view, seat);
  return { zone: [...own.zone], units, maxDecoys: units.length, done: own.done, othersDone };
}

/** Why the deploy action would refuse this placement for the side `seat`, judged on its view; null when it would pass. */
export function deploymentRefusal(view: GameState, seat: Seat, placement: DeploymentPlacement): Rejection | null {
  if (!view.deployment) return reject('noDeployment');
  if (!isSide(view, seat)) return reject('deployWhichSide');
  return placementRefusal(view, seat, placement);
}
