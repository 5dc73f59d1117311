import { apply, createGame, reachable, viewFor } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
import { bodyStepsText } from './formation-text';

describe("a formation's move in words (§3.3.3, §3.3.7)", () => {
  it('names each step, runs of one kind counted, in both languages', () => {
    const steps = [{ pivot: 10, onto: 12 }, { shift: 1 }, { shift: 1 }, { face: 4 }];
    expect(bodyStepsText(steps, 'fr')).toBe('pivot → avance ×2 → demi-tour');
    expect(bodyStepsText(steps, 'en')).toBe('pivot → advance ×2 → half-turn');
    expect(bodyStepsText([{ shift: 0 }], 'en')).toBe('advance');
  });

  it("tells apart the shield hill legion's places reached by different steps", () => {
    const horde = 'scarlet-horde';
    const r = apply(createGame(scenarioById('the-shield-hill')!, 'steps-text'), horde, { type: 'activate', piece: 'h-legion' });
    if (!r.ok) throw new Error(r.rejection.code);
    const arrivals = reachable(viewFor(r.state, horde), horde, 'h-legion', 'normal');
    const texts = arrivals.filter((a) => a.steps.length > 0).map((a) => bodyStepsText(a.steps, 'en'));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/^(pivot|advance|half-turn)( ×\d+)?( → (pivot|advance|half-turn)( ×\d+)?)*$/);
    expect(texts.some((x) => x.includes('pivot'))).toBe(true);
  });
});
