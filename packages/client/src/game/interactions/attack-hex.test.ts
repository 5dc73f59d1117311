import { apply, createGame, lossChoices, parseHexLabel, viewFor, type GameState } from '@lames/rules';
import { scenarioById } from '@lames/rules/scenarios';
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

describe('the pass between a formation’s two attacks (§3.3.8)', () => {
  const HORDE = 'scarlet-horde';
  /** The shield hill with the Legion (0707–0807) against the dwarves’ shield wall, as in the browser test. */
  function legionAgainstTheWall(seed: string): GameState {
    const s = createGame(scenarioById('the-shield-hill')!, seed);
    const legion = s.units.find((u) => u.id === 'h-legion')!;
    legion.hex = hexAt(s, '0707');
    legion.secondHex = hexAt(s, '0807');
    return s;
  }
  const hexAt = (s: GameState, label: string) => parseHexLabel(s.board, label);
  const must = (r: ReturnType<typeof apply>) => {
    if (!r.ok) throw new Error(r.rejection.code);
    return r.state;
  };

  it('§3.3.8 after the first shock the pass is offered, sent as the rules’ pass, and it ends the activation', () => {
    let s = must(apply(legionAgainstTheWall('pass-second'), HORDE, { type: 'activate', piece: 'h-legion' }));
    expect(m.passInstead(viewFor(s, HORDE), 'h-legion')).toBeNull();
    s = must(apply(s, HORDE, { type: 'shock', piece: 'h-legion', target: 'a-hammers', supported: true, from: hexAt(s, '0807') }));
    // the wall takes its loss as a step and stays in contact: the second attack stays open
    if (s.pendingLosses) s = must(apply(s, 'alliance', { type: 'absorbLosses', ...lossChoices(s, 'alliance').find((p) => p.recoil === undefined)! }));
    const pass = m.passInstead(viewFor(s, HORDE), 'h-legion');
    expect(pass).toEqual({ type: 'pass', piece: 'h-legion' });
    // the other piece has no attack in progress: nothing to pass
    expect(m.passInstead(viewFor(s, HORDE), 'h-cohort')).toBeNull();
    const after = must(apply(s, HORDE, pass!));
    expect(after.activation?.piece).not.toBe('h-legion');
  });
});
