import { createGame, parseHexLabel, viewFor } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { hoverHexes, selectionHexes } from './body-rings';

const view = viewFor(createGame(scenarioById('the-shield-hill')!, 'rings'), 'alliance');
const at = (label: string) => parseHexLabel(view.board, label);

describe('§3.3 a formation is ringed on both its hexes', () => {
  it('selected: both hexes of a formation, the one hex of any other piece, the clicked hex when nothing is selected', () => {
    expect(selectionHexes(view, 'a-hammers', at('0808'))).toEqual([at('0708'), at('0808')]);
    expect(selectionHexes(view, 'a-pikes', at('1008'))).toEqual([at('1008')]);
    expect(selectionHexes(view, null, at('0505'))).toEqual([at('0505')]);
    expect(selectionHexes(view, null, -1)).toEqual([]);
  });

  it('hovered: either hex of a formation rings both, a hex without one rings nothing', () => {
    expect(hoverHexes(view, at('0508'))).toEqual([at('0408'), at('0508')]);
    expect(hoverHexes(view, at('0408'))).toEqual([at('0408'), at('0508')]);
    expect(hoverHexes(view, at('1008'))).toEqual([]);
    expect(hoverHexes(view, -1)).toEqual([]);
  });
});
