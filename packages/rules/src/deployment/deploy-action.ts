import type { ActionRule } from '../actions/action-rule';
import { reject, Rejection } from '../actions/rejection';
import type { DeployAction } from '../actions/schema';
import { event, GameEvent } from '../state/events';
import { isSide } from '../state/query';
import type { GameState, Seat, SideId } from '../state/types';
import { endDeployment } from './end';
import { placementRefusal } from './placement';

/**
 * §4.5.2 Poser un Cache: "Si le scénario précise que des Unités peuvent être
 * déployées Cachées, alors le joueur pose un Cache sur ces Unités et pour
 * chacune d'elle, il peut poser en plus un Leurre dans sa zone de
 * déploiement telle que définie dans le scénario."
 *
 * Conditions: the deployment is under way; a player deploys his own side,
 * the referee names the side he deploys for (an absent player's); the
 * placement keeps the rules (deployment/placement.ts).
 * Procedure: the placement is kept secret (its side and the referee see it)
 * and the side has deployed, which everyone is told and nothing more; it
 * may deploy again, replacing its placement, until the last side deploys.
 * Then the pieces go on the board under their covers (deployment/end.ts).
 */
export const deployRule: ActionRule<DeployAction> = {
  section: '§4.5.2',
  conditions(state, seat, action) {
    if (state.status !== 'playing') return reject('gameOver');
    if (!state.deployment) return reject('noDeployment');
    const side = deployingSide(state, seat, action.side);
    if (typeof side !== 'string') return side;
    return placementRefusal(state, side, { units: action.units, decoys: action.decoys });
  },
  procedure(state, seat, action, dice) {
    const side = deployingSide(state, seat, action.side) as SideId;
    const sides = state.deployment!.sides;
    sides[side] = { ...sides[side], done: true, placement: { units: action.units, decoys: action.decoys } };
    const events: GameEvent[] = [event({ type: 'deployed', side }, '§4.5.2')];
    if (Object.values(sides).every((s) => s.done)) events.push(...endDeployment(state, dice));
    return events;
  },
};

/** The side a seat deploys: its own, or for the referee the side he names. */
export function deployingSide(state: GameState, seat: Seat, named: SideId | undefined): SideId | Rejection {
  if (seat === 'referee') return named !== undefined && isSide(state, named) ? named : reject('deployWhichSide');
  if (!isSide(state, seat)) return reject('notAPlayer');
  if (named !== undefined && named !== seat) return reject('deployOwnSideOnly');
  return seat;
}
