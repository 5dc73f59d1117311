import type { Arrival } from '@lames/rules';
import { arrivalsByHex, stopsHere } from './move-targets';

const arrival = (hex: number, facing: number, cost: number, ends: Arrival['ends'] = null): Arrival => ({ hex, facing, cost, steps: [{ to: hex }], ends, charge: false, engaging: false });

describe('move highlights', () => {
  it('groups arrivals by hex, cheapest first', () => {
    const by = arrivalsByHex([arrival(5, 2, 2), arrival(5, 0, 1), arrival(7, 0, 1.5), arrival(5, 1, 1)]);
    expect([...by.keys()].sort()).toEqual([5, 7]);
    expect(by.get(5)!.map((a) => [a.facing, a.cost])).toEqual([
      [0, 1],
      [1, 1],
      [2, 2],
    ]);
  });

  it('§2.6.10 offers leaving the map at its edge hex, after the facings of the same cost', () => {
    const out: Arrival = { ...arrival(5, 6, 1, 'exit'), exit: 3, steps: [{ to: 5 }, { exit: 3 }] };
    const by = arrivalsByHex([out, arrival(5, 6, 1), arrival(5, 0, 1.5)]);
    expect(by.get(5)!.map((a) => [a.facing, a.cost, a.exit])).toEqual([
      [6, 1, undefined],
      [6, 1, 3],
      [0, 1.5, undefined],
    ]);
  });

  it('marks a hex where every arrival is stopped by a reveal', () => {
    expect(stopsHere([arrival(1, 0, 1, 'reveal'), arrival(1, 2, 2, 'reveal')])).toBe(true);
    expect(stopsHere([arrival(1, 0, 1, 'reveal'), arrival(1, 2, 2)])).toBe(false);
    expect(stopsHere([])).toBe(false);
  });
});
