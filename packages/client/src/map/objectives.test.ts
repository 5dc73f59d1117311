import { parseHexLabel, viewFor } from '@lames/rules';
import { scenarioSummaries } from '@lames/rules/scenarios';
import { fordGame } from '@lames/rules/testing';
import { loadObjectives, objectiveAt, objectivesOf } from './objectives';

const state = fordGame('x');

describe('objectives on the map (issue 11: "objectives unmarked (the ford 0806 shows as dégagé)")', () => {
  it("reads a view's own victory conditions: the ford and the tower", () => {
    const view = viewFor(state, 'ardenne');
    expect(objectivesOf(view).map((o) => o.hex)).toEqual(['0806', '0812']);
    expect(objectiveAt(view, parseHexLabel(view.board, '0806'))?.name.fr).toBe('Le gué');
    expect(objectiveAt(view, parseHexLabel(view.board, '0807'))).toBeUndefined();
  });

  it('a view from the synced state carries none: they come from the public scenario list, fetched once', async () => {
    const { victory: _omitted, ...synced } = viewFor(state, 'ardenne');
    expect(objectivesOf(synced)).toEqual([]);
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      calls.push(url);
      return { ok: true, json: async () => JSON.parse(JSON.stringify(scenarioSummaries())) };
    }) as unknown as typeof fetch;
    try {
      await Promise.all([loadObjectives(), loadObjectives()]);
      await loadObjectives();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls).toEqual(['/api/scenarios']);
    expect(objectiveAt(synced, parseHexLabel(synced.board, '0806'))?.points).toBe(4);
  });
});
