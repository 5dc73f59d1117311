import type { GameEvent } from '@lames/rules';
import { setLang } from '../i18n';
import { resultCard } from './result-card';

const names: Record<string, string> = { 'h-knights': "Chevaliers d'Ardenne", 'o-warband': "Bande d'Uzgul" };
const ctx = (lang: 'fr' | 'en') => ({ lang, grid: { cols: 16, rows: 12 }, nameOf: (id: string) => names[id] });
const all = { to: 'all' } as const;

const rally: GameEvent = {
  type: 'test', test: 'rally', subject: 'o-warband', dice: [4, 3], modifiers: [{ value: 1, label: { fr: 'bruit', en: 'noise' }, section: '§9.9' }], total: 8, threshold: 9, success: true, section: '§2.8.4', audience: all,
};
const shock: GameEvent = {
  type: 'combat', kind: 'shock', attacker: 'h-knights', defender: 'o-warband', supported: true, advantage: 3, modifiers: [{ value: 2, label: { fr: 'charge', en: 'charge' }, section: '§2.7.3' }], dice: [6, 2], column: '3', losses: 2, section: '§2.7', audience: all,
};

describe('the result card (issue 11: results you cannot miss)', () => {
  afterEach(() => setLang('fr'));

  it('is only for batches that rolled dice: a move alone gives no card', () => {
    const moved: GameEvent = { type: 'faced', unit: 'h-knights', facing: 2, section: '§2.6', audience: all };
    expect(resultCard([moved], ctx('fr'))).toBeNull();
  });

  it('Tests Standards: a test shows its dice, the sum with modifiers, the threshold read "≤ réussit", each modifier and the outcome', () => {
    const card = resultCard([rally], ctx('fr'))!;
    expect(card.rolls).toHaveLength(1);
    const r = card.rolls[0];
    expect(r).toMatchObject({ kind: 'test', dice: [4, 3], sum: '4 + 3 +1 = 8', outcome: 'success', section: '§2.8.4' });
    expect(r.title).toBe("Test de ralliement : Bande d'Uzgul");
    expect(r.rule).toBe('seuil 9 — réussi si ≤ 9');
    expect(r.modifiers).toEqual(['+1 bruit (§9.9)']);
    expect(r.outcomeText).toBe('réussi');
  });

  it('Tests Standards: the same card in English, and a failure with a natural 12', () => {
    setLang('en');
    const failed = { ...rally, dice: [6, 6], total: 13, success: false, natural: 'failure' } as GameEvent;
    const r = resultCard([failed], ctx('en'))!.rolls[0];
    expect(r.rule).toBe('threshold 9 — passes on ≤ 9');
    expect(r.outcome).toBe('failure');
    expect(r.outcomeText).toBe('failed (natural 12: always fails)');
  });

  it('§2.7 a shock shows attacker, target, dice, advantage and column, modifiers, the losses, then what followed', () => {
    const recoiled: GameEvent = { type: 'recoiled', unit: 'o-warband', from: 5, to: 6, section: '§2.7.5', audience: all };
    const activated: GameEvent = { type: 'activated', piece: 'h-knights', side: 'ardenne', section: '§2.4', audience: all };
    const card = resultCard([activated, shock, recoiled], ctx('fr'))!;
    const r = card.rolls[0];
    expect(r.title).toBe("Choc : Chevaliers d'Ardenne contre Bande d'Uzgul");
    expect(r).toMatchObject({ kind: 'combat', dice: [6, 2], sum: '6 + 2 = 8', rule: 'avantage +3, colonne 3', outcomeText: '2 perte(s) infligée(s)' });
    expect(r.modifiers).toEqual(['+2 charge (§2.7.3)']);
    // the activation is bookkeeping; the recoil is what the shock did
    expect(card.consequences).toHaveLength(1);
    expect(card.consequences[0]).toContain("Bande d'Uzgul");
  });

  it('a hidden subject is never named: the card says "a hidden counter" as the log does', () => {
    const r = resultCard([{ ...rally, subject: 'cover-7f3a' } as GameEvent], ctx('fr'))!.rolls[0];
    expect(r.title).not.toContain('cover-7f3a');
  });
});
