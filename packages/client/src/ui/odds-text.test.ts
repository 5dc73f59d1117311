import { testChance, type TestPreview } from '@lames/rules';
import { setLang } from '../i18n';
import { oddsText } from './actions';

const rally: TestPreview = { test: 'rally', threshold: 7, modifiers: [], chance: testChance(7), section: '§2.8.4' };

describe('odds of a test a player chooses into (issue 11)', () => {
  afterEach(() => setLang('fr'));

  it('Tests Standards: short on the button, in full in its title, with "≤" and the rule', () => {
    expect(oddsText(rally)).toEqual({ short: '≤ 7 · 58 %', full: 'Test de ralliement (§2.8.4) : réussi si 2D6 + modificateurs ≤ 7 — 58 %' });
    setLang('en');
    expect(oddsText({ ...rally, test: 'disengagement', section: '§2.6.14.1' }).full).toBe('Disengagement test (§2.6.14.1): passes on 2D6 + modifiers ≤ 7 — 58%');
  });
});
