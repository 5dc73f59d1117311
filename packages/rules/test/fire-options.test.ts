import { fireOptions, viewFor } from '../src';
import { field, shooter, unit } from './fire-helpers';

/** What the client is offered (§3.2.7–§3.2.9): one option per enemy in the open within range, with its advantage explained. */

describe('§3.2.9 fire options for the client', () => {
  test('§3.2.9 each option gives its advantage, every modifier with its section, and the exact odds', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6), unit('q', 'red', '0609', 6)]);
    const options = fireOptions(s, 'blue', 'b');
    const r = options.find((o) => o.target === 'r')!;
    expect(r).toMatchObject({ type: 'fire', allowed: true, harassment: false, crossed: 2 });
    expect(r.advantage).toBe(r.modifiers.reduce((t, m) => t + m.value, 0));
    expect(r.modifiers.every((m) => /§|Fiche/.test(m.section))).toBe(true);
    expect(r.modifiers.find((m) => m.label.en === 'Range: 2 hexes crossed')).toMatchObject({ value: -1, section: '§3.2.9' });
    expect(Object.values(r.odds).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    // An ordinary large archer unit fires twice: the combined shot is offered at +2.
    expect(r.combinedAdvantage).toBe(r.advantage + 2);
  });

  test('§3.2.9 a target the rules refuse is listed with the rule that refuses it', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6), unit('q', 'red', '0609', 6)]);
    const q = fireOptions(s, 'blue', 'b').find((o) => o.target === 'q')!;
    expect(q).toMatchObject({ allowed: false, rejection: { code: 'targetOutOfCone', section: '§3.2.1.1' } });
  });

  test('§3.2 FIRE-H3 options computed on the seat’s view equal those on the full state, and name no hidden unit', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6), unit('h', 'red', '0506', 6, { hidden: true })]);
    const full = fireOptions(s, 'blue', 'b');
    expect(full.map((o) => o.target)).toEqual(['r']);
    expect(fireOptions(viewFor(s, 'blue'), 'blue', 'b')).toEqual(full);
    expect(fireOptions(s, 'red', 'b')).toEqual([]);
  });
});
