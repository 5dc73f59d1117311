import { createGame, parseHexLabel, scenarioById, viewFor } from '@lames/rules';
import { stacksOf, typeAbbrev } from './counters-model';

const state = createGame(scenarioById('the-ford')!, 'x');

describe('stacksOf', () => {
  it('puts the first-listed unit of a hex at the front', () => {
    const view = viewFor(state, 'ardenne');
    const stack = stacksOf(view).get(parseHexLabel(view.board, '0710'))!;
    expect(stack.map((i) => i.id)).toEqual(['h-knights', 'h-gauvain']);
  });

  it('shows an enemy hidden unit and decoy as covers only', () => {
    const view = viewFor(state, 'ardenne');
    const items = [...stacksOf(view).values()].flat();
    expect(items.filter((i) => i.kind === 'cover')).toHaveLength(2);
    expect(items.some((i) => i.id === 'o-ambush')).toBe(false);
  });

  it("shows the owner's hidden unit and decoy, not their covers", () => {
    const view = viewFor(state, 'black-teeth');
    const items = [...stacksOf(view).values()].flat();
    expect(items.filter((i) => i.kind === 'cover')).toHaveLength(0);
    expect(items.find((i) => i.id === 'o-ambush')?.kind).toBe('unit');
    expect(items.find((i) => i.id === 'o-decoy-1')?.kind).toBe('decoy');
  });

  it('abbreviates unit types in both languages', () => {
    const knights = state.units.find((u) => u.id === 'h-knights')!;
    expect(typeAbbrev(knights, 'fr')).toBe('CAV. L');
    expect(typeAbbrev(knights, 'en')).toBe('HV CAV');
  });
});
