/**
 * @lames/rules — Les Lames Maudites as a pure, deterministic library:
 * state + seat + intended action + dice → new state + events, or the rule
 * that refuses it. Shared by the server (authority) and the client (previews).
 */
export * from './state/types';
export * from './state/events';
export { fixedDice, seededDice, seedRng, DiceExhaustedError } from './state/dice';
export type { DiceSource } from './state/dice';
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
export { apply, ACTION_RULES } from './actions/apply';
export type { ApplyResult } from './actions/apply';
export { legalActions, reachable } from './actions/legal';
export type { LegalAction } from './actions/legal';
export { actionSchema, moveStepSchema } from './actions/schema';
export type { Action, ActionInput, ActionType } from './actions/schema';
export { reject, isRejection } from './actions/rejection';
export type { Rejection } from './actions/rejection';
export { REJECTIONS } from './actions/rejection-texts';
export type { RejectionCode } from './actions/rejection-texts';
export { piecesToActivate } from './turn/pieces';
export { scenarioSchema } from './scenario/schema';
export type { Scenario, ScenarioInput } from './scenario/schema';
export { loadScenario, ScenarioError, buildBoard } from './scenario/load';
export { createGame } from './scenario/create';
export { SCENARIOS, scenarioById, scenarioSummaries } from './scenarios';
export type { Text } from './i18n/text';
export * from './wire/pieces';
