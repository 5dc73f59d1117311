import type { GameState } from '@lames/rules';
import * as m from './attack-hex';

// A formation's options: one per hex left to attack (§3.3.8, FORM-56), each with its `from`.
const opt = (target: string, from: number | undefined, allowed = true) => ({ target, allowed, ...(from === undefined ? {} : { from }) });
const formation = [opt('a', 10, false), opt('b', 10), opt('a', 11), opt('c', 11, false)];

describe("a formation's attacking hex (§3.3.8, FORM-56)", () => {
  it('lists the hexes left to attack, none for a one-hex unit', () => {
    expect(m.attackHexes(formation)).toEqual([10, 11]);
    expect(m.attackHexes([opt('a', undefined)])).toEqual([]);
  });

  it("keeps only the chosen hex's options, all of a one-hex unit's", () => {
    expect(m.optionsFrom(formation, 11).map((o) => o.target)).toEqual(['a', 'c']);
    const single = [opt('a', undefined), opt('b', undefined)];
    expect(m.optionsFrom(single, null)).toEqual(single);
  });

  it('starts on the first hex with an open option', () => {
    expect(m.firstFrom([opt('a', 10, false), opt('a', 11)])).toBe(11);
    expect(m.firstFrom([opt('a', 10, false), opt('a', 11, false)])).toBe(10);
    expect(m.firstFrom([opt('a', undefined)])).toBeNull();
  });

  it('follows the target: the hex that may attack it, the current one when it may', () => {
    expect(m.fromForTarget(formation, 'a', 10)).toBe(11);
    expect(m.fromForTarget(formation, 'b', 10)).toBe(10);
    expect(m.fromForTarget(formation, 'a', 11)).toBe(11);
    // nobody may attack c: the hex stays
    expect(m.fromForTarget(formation, 'c', 10)).toBe(10);
    expect(m.fromForTarget([opt('a', undefined)], 'a', null)).toBeNull();
  });

  it("picks the hex clicked among the formation's own, and sends it as `from`", () => {
    expect(m.fromAtHex(formation, 11)).toBe(11);
    expect(m.fromAtHex(formation, 12)).toBeNull();
    expect(m.fromField(11)).toEqual({ from: 11 });
    expect(m.fromField(null)).toEqual({});
  });

  it('reads the attack in progress from the activation, with the targets whose second attack is lost (FORM-57)', () => {
    const view = (activation: unknown) => ({ activation }) as unknown as GameState;
    const attacks = { kind: 'shock', from: [10], recoiled: ['a'] };
    expect(m.secondAttack(view({ piece: 'f', attacks }), 'f')).toEqual(attacks);
    expect(m.secondAttack(view({ piece: 'g', attacks }), 'f')).toBeNull();
    expect(m.secondAttack(view({ piece: 'f' }), 'f')).toBeNull();
    expect(m.secondAttack(view(null), 'f')).toBeNull();
  });
});
