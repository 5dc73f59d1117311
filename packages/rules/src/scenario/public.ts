import type { Scenario } from './schema';

/**
 * What every seat may know of a scenario before and during the battle: the
 * map, the sides with their zones, the units in the open, the victory
 * conditions. The units deployed hidden are left out, so that nothing
 * derived from a public scenario (lobby, summaries, files served) names them
 * (§4.5.2: their placement, and even their presence, is their player's secret).
 */
export function publicScenario(s: Scenario): Scenario {
  return { ...s, units: s.units.filter((u) => !u.deployHidden) };
}

/** What a lobby shows of a scenario, from its public part only. */
export interface ScenarioSummary {
  id: string;
  name: Scenario['name'];
  description: Scenario['description'];
  sides: { id: string; name: string }[];
  turnLimit: number;
  /** The objective hexes of the victory conditions (public: the map shows them to every seat). */
  objectives: Scenario['victory']['objectives'];
}

export function scenarioSummary(s: Scenario): ScenarioSummary {
  const p = publicScenario(s);
  return { id: p.id, name: p.name, description: p.description, sides: p.sides.map((x) => ({ id: x.id, name: x.name })), turnLimit: p.turnLimit, objectives: p.victory.objectives };
}
