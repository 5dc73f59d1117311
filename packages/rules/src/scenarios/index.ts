import { loadScenario } from '../scenario/load';
import type { Scenario } from '../scenario/schema';
import ashPlain from './ash-plain.json';
import ford from './the-ford.json';

/** The scenarios shipped with the game, validated when the module loads. */
export const SCENARIOS: readonly Scenario[] = [loadScenario(ford), loadScenario(ashPlain)];

export function scenarioById(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}

/** What a lobby may show of a scenario: nothing about who starts hidden. */
export function scenarioSummaries() {
  return SCENARIOS.map((s) => ({ id: s.id, name: s.name, description: s.description, sides: s.sides.map((x) => ({ id: x.id, name: x.name })), turnLimit: s.turnLimit }));
}
