import { apply, fixedDice, legalActions, lossChoices } from '../src';
import { code, done, field, shooter, shotAdvantage, u, unit } from './fire-helpers';

/** Fire duel (§3.2.8, l.2015-2033). */

const hero = (id: string, side: 'blue' | 'red', hex: string, facing: number, size: 'small' | 'large' = 'small') =>
  shooter(id, side, hex, facing, 'archers', 'ordinary', { kind: 'character', size });
const duel = (s: Parameters<typeof apply>[0], target: string, piece = 'h', faces = [6, 5]) => apply(s, 'blue', { type: 'fireDuel', piece, target }, { dice: fixedDice([...faces, 6, 5, 6, 5]) });

describe('§3.2.8 what the fire duel allows (l.2025-2027)', () => {
  test('§3.2.8 a small character stacked with a large unit fires at an adjacent small character so stacked, where fire cannot (FIRE-36, FIRE-38)', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 6), hero('c', 'red', '0507', 6)], {}, 'h');
    expect(code(apply(s, 'blue', { type: 'fire', piece: 'h', targets: ['c'], combine: false }, { dice: fixedDice([6, 5]) }))).toBe('shooterInMiddle');
    const r = done(duel(s, 'c'));
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ kind: 'fireDuel', attacker: 'h', defender: 'c', section: '§3.2.8' });
  });

  test('§3.2.8 a character alone in its hex, not engaged, fires at an adjacent small character stacked with a large unit (FIRE-38)', () => {
    const s = field([hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 0), hero('c', 'red', '0507', 0)], {}, 'h');
    expect(code(duel(s, 'c'))).toBe('ok');
  });

  test('§3.2.8 a small character stacked with a large unit fires at an adjacent large character, front or back of its stack (FIRE-38)', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 0), hero('c', 'red', '0507', 0, 'large')], {}, 'h');
    expect(code(duel(s, 'c'))).toBe('ok');
  });
});

describe('§3.2.8 what the fire duel refuses (l.2031-2033)', () => {
  test('§3.2.8 a troop, even small, may not fire at a character by duel (FIRE-39)', () => {
    const s = field([unit('b', 'blue', '0508', 0), shooter('h', 'blue', '0508', 0, 'archers', 'ordinary', { size: 'small' }), unit('r', 'red', '0507', 6), hero('c', 'red', '0507', 6)], {}, 'h');
    expect(code(duel(s, 'c'))).toBe('fireDuelNeedsCharacters');
  });

  test('§3.2.8 a duel against a troop, even small, is refused (FIRE-39)', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 6), unit('t', 'red', '0507', 6, { size: 'small' })], {}, 'h');
    expect(code(duel(s, 't'))).toBe('fireDuelNeedsCharacters');
  });

  test('§3.2.8 an engaged character may not fire in a duel (FIRE-39)', () => {
    const s = field([hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 6), hero('c', 'red', '0507', 6)], {}, 'h');
    expect(code(duel(s, 'c'))).toBe('fireDuelByEngaged');
  });

  test('§3.2.8 a fire duel targets an adjacent character', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0506', 6), hero('c', 'red', '0506', 6)], {}, 'h');
    expect(code(duel(s, 'c'))).toBe('fireDuelNotAdjacent');
    expect(legalActions(s, 'blue', 'h').find((l) => l.type === 'fireDuel')?.allowed).toBe(false);
  });
});

describe('§3.2.8 the procedure of a fire duel', () => {
  test('§3.2.8 same modifiers as fire, the character and size bonuses cancelling (FIRE-37)', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 6), hero('c', 'red', '0507', 6)], {}, 'h');
    const adv = shotAdvantage(s, 'h', 'c', {}, 'fireDuel');
    expect(adv.modifiers.some((m) => /small/.test(m.label.en))).toBe(false);
    expect(adv.modifiers[0].section).toBe('§3.2.9');
  });

  test('§3.2.8 only the two characters are involved in the losses; a double lowers the shooter’s ammunition', () => {
    const s = field([unit('b', 'blue', '0508', 0), hero('h', 'blue', '0508', 0), unit('r', 'red', '0507', 6), hero('c', 'red', '0507', 6, 'small')], {}, 'h');
    const r = done(duel(s, 'c', 'h', [1, 1]));
    expect(u(r.state, 'h').ammunition).toBe('diminished');
    const plans = r.state.pendingLosses ? lossChoices(r.state, 'red') : [];
    expect(plans.every((p) => p.steps.every((id) => id === 'c'))).toBe(true);
    expect(u(r.state, 'r').steps).toBe(2);
  });
});
