import { parseHexLabel, viewFor } from '@lames/rules';
import { fordGame, FORD_DECOY } from '@lames/rules/testing';
import { markerTexts, stacksOf } from './counters-model';

const state = fordGame('x');

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
    expect(items.find((i) => i.id === FORD_DECOY)?.kind).toBe('decoy');
  });
});

describe('state markers on counters', () => {
  const base = {
    id: 'u',
    name: 'U',
    side: 's',
    wing: 'w',
    kind: 'troop',
    size: 'large',
    type: 't',
    steps: 2,
    maxSteps: 2,
    faculties: [],
    hex: 0,
    facing: 0,
    cohesion: 'inOrder',
    breath: 'fresh',
    shock: 'none',
    order: 'none',
    stackRank: 0,
    hidden: false,
  } as unknown as import('@lames/rules').Unit;

  it('draws one badge per marker, each with its own text and colour, in both languages', () => {
    const states = [
      { cohesion: 'shaken' },
      { cohesion: 'routed' },
      { breath: 'winded' },
      { breath: 'exhausted' },
      { shock: 'contact' },
      { shock: 'charge' },
      { order: 'specialOrder' },
    ];
    for (const lang of ['fr', 'en'] as const) {
      const badges = states.map((s) => markerTexts({ ...base, ...s } as typeof base, lang));
      expect(badges.every((b) => b.length === 1)).toBe(true);
      const texts = badges.map((b) => b[0].text);
      expect(new Set(texts).size).toBe(texts.length);
      expect(new Set(badges.map((b) => b[0].bg)).size).toBe(texts.length);
      // short enough to sit on a counter's edge
      expect(Math.max(...texts.map((x) => x.length))).toBeLessThanOrEqual(4);
    }
    expect(markerTexts(base, 'fr')).toEqual([]);
    expect(
      markerTexts(
        {
          ...base,
          cohesion: 'shaken',
          breath: 'exhausted',
          shock: 'charge',
          order: 'specialOrder',
        } as typeof base,
        'en',
      ).map((b) => b.text),
    ).toEqual(['SHK', 'EXH', 'CH', 'SO']);
  });
});
