import type { Sight } from '@lames/rules';
import { setLang } from '../../i18n';
import { sightText } from './sight';

const board = { cols: 14, rows: 10 };

describe('"show line of sight" tells the verdict and its rule (§3.2.4, sheet 000 Ligne de Vue)', () => {
  afterEach(() => setLang('fr'));

  it('sheet 000: a blocked line names the hex that blocks it and the line of the sheet, in French', () => {
    const sight: Sight = { visible: false, crossed: [20, 21], blockedBy: 21, rule: 'higherThanBoth', alongHexside: false };
    expect(sightText(board, 22, sight)).toBe('Ligne de vue bloquée vers 0902 par 0802 — un hex plus haut que les deux extrémités (Fiche 000, Ligne de Vue).');
  });

  it('sheet 000: a clear line, in English', () => {
    setLang('en');
    const sight: Sight = { visible: true, crossed: [], rule: 'adjacent', alongHexside: false };
    expect(sightText(board, 22, sight)).toBe('Clear line of sight to 0902 — an adjacent hex is always seen.');
  });
});
