/**
 * @lames/rules/testing — helpers for tests only (rules, server, e2e): they
 * know the shipped scenarios' secret placements. Never imported by the
 * client nor by the main entry point.
 */
export { deployFirstFit, deploySides } from './deploy';
export type { LabelledPlacement } from './deploy';
export { deployFord, fordGame, FORD_DECOY, FORD_PLACEMENT } from './deploy-ford';
export { stressGame, stressScenario, stressScenarioInput } from './stress-battle';
export { randomGame, randomPlayer } from './random-player';
export type { PlayedAction, RandomGame } from './random-player';
export { asSent } from './as-sent';
export { exportLostOnTime, recordScript } from './recorded';
