import { createGame } from '../scenario/create';
import { scenarioById } from '../scenarios';
import type { GameState } from '../state/types';
import { deploySides, LabelledPlacement } from './deploy';

/** The Black Teeth's deployment the tests play: the goblin ambush in the wood at 1303, its decoy at 1204, both facing 7. */
export const FORD_PLACEMENT: LabelledPlacement = {
  units: [{ unit: 'o-ambush', hex: '1303', facing: 7 }],
  decoys: [{ mimic: 'o-ambush', hex: '1204', facing: 7 }],
};

/** The id the Black Teeth's decoy gets when the deployment ends. */
export const FORD_DECOY = 'black-teeth-decoy-1';

/** Deploys the-ford as the tests play it (FORD_PLACEMENT); Ardenne has nothing to deploy. */
export function deployFord(state: GameState, placement: LabelledPlacement = FORD_PLACEMENT): GameState {
  return deploySides(state, { 'black-teeth': placement }).state;
}

/** The-ford, deployed as the tests play it, ready for turn 1. */
export function fordGame(seed: string): GameState {
  return deployFord(createGame(scenarioById('the-ford')!, seed));
}
