import { parseHexLabel, type GameState } from '@lames/rules';
import { fetchScenarios, type ScenarioSummary } from '../net/api';

/**
 * The scenario's objective hexes (§2.4 victory conditions), drawn on the
 * map and named on the hex card. The synced state does not carry them, so
 * they come from the public scenario list (`/api/scenarios`), fetched once.
 */
export type Objective = NonNullable<ScenarioSummary['objectives']>[number];

const byScenario = new Map<string, Objective[]>();
let loading: Promise<void> | null = null;

/** Fetches the objectives of every scenario once; later calls share the first request. */
export function loadObjectives(): Promise<void> {
  loading ??= fetchScenarios()
    .then((list) => {
      for (const s of list) byScenario.set(s.id, s.objectives ?? []);
    })
    .catch(() => {
      // no objectives drawn rather than no map; a later call tries again
      loading = null;
    });
  return loading;
}

/** The objectives of the view's scenario: its own victory conditions when it has them, else the fetched ones. */
export function objectivesOf(view: GameState): Objective[] {
  return view.victory?.objectives ?? byScenario.get(view.scenarioId) ?? [];
}

/** The objective at `hex`, if any. */
export function objectiveAt(view: GameState, hex: number): Objective | undefined {
  return objectivesOf(view).find((o) => parseHexLabel(view.board, o.hex) === hex);
}
