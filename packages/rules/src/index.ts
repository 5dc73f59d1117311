/**
 * @lames/rules — Les Lames Maudites as a pure, deterministic library:
 * state + seat + intended action + dice → new state + events, or the rule
 * that refuses it. Shared by the server (authority) and the client (previews).
 */
export * from './state/types';
export * from './state/events';
export { DiceSource, fixedDice, seededDice, seedRng, DiceExhaustedError } from './state/dice';
export { cloneState } from './state/clone';
export * from './geometry/hex';
export * from './geometry/facing';
export { boardIndex, terrainAt, hexsideAt, neighbour, hexsideKey } from './terrain/board';
export * from './data';
export { movementPoints, mayEnterTerrain, mayCrossHexside, isFlying } from './units/abilities';
export { stackAt, stackPlace, stackPoints, STACK_LIMIT } from './units/stacking';
export { engages, engagedBy, engagedTargets, isAdjacent, isEngaged } from './units/engagement';
export { stepCost, reorientCost } from './movement/costs';
export { pathDistance, distanceField } from './movement/distance';
export type { Arrival, MoveStep } from './movement/reachable';
export type { MoveMode } from './movement/mover';
export { coversOf } from './fog/covers';
export { viewFor } from './fog/view';
export { apply, ApplyResult, ACTION_RULES } from './actions/apply';
export { legalActions, reachable, LegalAction } from './actions/legal';
export { actionSchema, Action, ActionInput, ActionType, moveStepSchema } from './actions/schema';
export { Rejection, reject, isRejection } from './actions/rejection';
export { REJECTIONS, RejectionCode } from './actions/rejection-texts';
export { piecesToActivate } from './turn/pieces';
export { scenarioSchema, Scenario, ScenarioInput } from './scenario/schema';
export { loadScenario, ScenarioError, buildBoard } from './scenario/load';
export { createGame } from './scenario/create';
export { SCENARIOS, scenarioById, scenarioSummaries } from './scenarios';
export type { Text } from './i18n/text';
