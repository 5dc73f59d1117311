import type { Arrival } from '@lames/rules';
import { arrivalCharges, oddsList, reasonOf, stackJoin, type ShockOption } from './rules-api';
import type { GameState } from '@lames/rules';
import { targetsOf } from '../ui/actions';

describe('the client side of the chapter-2 option functions', () => {
  it('reads loss odds in either form, sorted by losses', () => {
    expect(oddsList({ 2: 0.25, 0: 0.5, 1: 0.25 })).toEqual([
      [0, 0.5],
      [1, 0.25],
      [2, 0.25],
    ]);
    expect(oddsList([0.6, 0.4])).toEqual([
      [0, 0.6],
      [1, 0.4],
    ]);
    expect(oddsList(undefined)).toEqual([]);
  });

  it('tells a charge arrival from a plain one', () => {
    const a = {
      hex: 3,
      facing: 0,
      cost: 2,
      steps: [{ to: 3 }],
      ends: null,
      charge: false,
    } as Arrival;
    expect(arrivalCharges(a)).toBe(false);
    expect(arrivalCharges({ ...a, charge: true } as Arrival)).toBe(true);
  });

  it('words a forced action reason with its section', () => {
    const pickFr = (x: { fr: string; en: string }) => x.fr;
    expect(reasonOf({ code: 'mustFlee', section: '§2.9.1', message: { fr: 'déroute', en: 'rout' } }, pickFr)).toEqual({
      text: 'déroute',
      section: '§2.9.1',
    });
  });

  it('groups attack options by target, supported first', () => {
    const o = (target: string, supported: boolean): ShockOption => ({
      type: 'shock',
      target,
      supported,
      advantage: 0,
      modifiers: [],
      odds: { 0: 1 },
      allowed: true,
    });
    const by = targetsOf([o('a', false), o('b', true), o('a', true)]);
    expect([...by.keys()]).toEqual(['a', 'b']);
    expect(by.get('a')!.map((x) => x.supported)).toEqual([true, false]);
  });

  it('§2.3.1 warns how joining a stack turns the unit: a large one pays a cohesion level, a small or magical one does not', () => {
    const troop = (id: string, hex: number, facing: number, size = 'large', morale = 'normal') => ({ id, side: 'blue', hex, facing, size, profiles: { morale: { class: morale } } });
    const view = { units: [troop('mover', 1, 0), troop('friend', 5, 2), troop('scout', 1, 0, 'small'), troop('mage', 1, 0, 'large', 'magic'), troop('page', 7, 4, 'small')] } as unknown as GameState;
    expect(stackJoin(view, 'mover', 5, 0)).toEqual({ facing: 2, cohesionLost: true });
    expect(stackJoin(view, 'mover', 5, 2)).toBeNull();
    expect(stackJoin(view, 'scout', 5, 0)).toEqual({ facing: 2, cohesionLost: false });
    expect(stackJoin(view, 'mage', 5, 0)).toEqual({ facing: 2, cohesionLost: false });
    // a large unit joining small ones turns them, not itself; an empty hex changes nothing
    expect(stackJoin(view, 'mover', 7, 0)).toBeNull();
    expect(stackJoin(view, 'mover', 9, 0)).toBeNull();
  });
});
