import type { OrderOption } from '@lames/rules';
import { readStated, statedCost, statesCost } from './order-cost';

const decoy = (cost: number): OrderOption => ({ unit: 'd1', cost, allowed: true, statedCost: true }) as OrderOption;

describe('the cost a player states for an order to a decoy (sheet 000, Leurres; §2.5.9)', () => {
  it('sheet 000 Leurres: only a decoy’s order has a stated cost; a unit’s is computed', () => {
    expect(statesCost(decoy(2))).toBe(true);
    expect(statesCost({ unit: 'u1', cost: 2, allowed: true })).toBe(false);
  });

  it('sheet 000 Leurres: the proposal is the imitated unit’s cost, between 1 and the points left', () => {
    expect(statedCost(decoy(2), 5)).toEqual({ min: 1, max: 5, value: 2 });
    expect(statedCost(decoy(4), 3)).toEqual({ min: 1, max: 3, value: 3 });
    expect(statedCost(decoy(0), 3)).toEqual({ min: 1, max: 3, value: 1 });
  });

  it('§2.5.9 no point left: no cost can be stated', () => {
    expect(statedCost(decoy(1), 0)).toBeNull();
  });

  it('sheet 000 Leurres: a typed cost counts only as a whole number from 1 to the points left', () => {
    const bounds = statedCost(decoy(2), 4)!;
    expect(readStated('3', bounds)).toBe(3);
    expect(readStated(' 4 ', bounds)).toBe(4);
    for (const bad of ['0', '5', '-1', '2.5', '', 'deux', '1e0']) expect(readStated(bad, bounds)).toBeNull();
  });
});
