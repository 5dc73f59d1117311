/**
 * @lames/rules/scenarios — the scenarios shipped with the game. Kept out of
 * the main entry point, which the browser client bundles: a scenario file
 * holds the units deployed hidden, the players' secret until they are seen
 * (§4.5.2). Only the server (and tests) import this module; it gives the
 * public part of each scenario to anyone else.
 */
import { loadScenario } from '../scenario/load';
import { publicScenario, scenarioSummary, type ScenarioSummary } from '../scenario/public';
import type { Scenario } from '../scenario/schema';
import ashPlain from './ash-plain.json';
import ford from './the-ford.json';
import ravenHills from './the-raven-hills.json';
import shieldHill from './the-shield-hill.json';
import woodEdge from './the-wood-edge.json';

/** The scenarios shipped with the game, validated when the module loads. */
export const SCENARIOS: readonly Scenario[] = [loadScenario(ford), loadScenario(ashPlain), loadScenario(woodEdge), loadScenario(ravenHills), loadScenario(shieldHill)];

export function scenarioById(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}

/** Every shipped scenario without its units deployed hidden: what may be served to any seat. */
export function publicScenarios(): Scenario[] {
  return SCENARIOS.map(publicScenario);
}

/** What a lobby may show of each scenario, built from its public part only. */
export function scenarioSummaries(): ScenarioSummary[] {
  return SCENARIOS.map(scenarioSummary);
}

export type { ScenarioSummary };
