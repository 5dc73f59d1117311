import type { LossPlan } from '@lames/rules';
import { recoilAt, recoilHexes, recoilMarks } from './loss-recoil';

// §3.3.8.1: a formation's recoil names its two new hexes; a pivot back (10, 11) or a step back (20, 21).
const pivot: LossPlan = { steps: [], recoil: 10, recoilSecond: 11 };
const pivotOther: LossPlan = { steps: [], recoil: 11, recoilSecond: 12 };
const step: LossPlan = { steps: [], recoil: 20, recoilSecond: 21 };
const steps: LossPlan = { steps: ['f'] };
const single: LossPlan = { steps: [], recoil: 30 };

describe("a defender's recoil on the map (§2.7.5, §3.3.8.1)", () => {
  it("gives a formation's position both its hexes, a one-hex unit's one", () => {
    expect(recoilHexes(pivot)).toEqual([10, 11]);
    expect(recoilHexes(single)).toEqual([30]);
    expect(recoilHexes(steps)).toEqual([]);
  });

  it('rings both hexes of every position, the chosen one in gold', () => {
    expect(recoilMarks([steps, pivot, step], null)).toEqual([
      { hex: 10, kind: 'option' },
      { hex: 11, kind: 'option' },
      { hex: 20, kind: 'option' },
      { hex: 21, kind: 'option' },
    ]);
    const marks = recoilMarks([pivot, step], step);
    expect(marks.filter((x) => x.kind === 'chosen').map((x) => x.hex)).toEqual([20, 21]);
  });

  it('picks a position by either of its hexes, and the next one through a shared hex', () => {
    const choices = [steps, pivot, pivotOther, step];
    expect(recoilAt(choices, 21, null)).toBe(step);
    expect(recoilAt(choices, 10, null)).toBe(pivot);
    expect(recoilAt(choices, 11, null)).toBe(pivot);
    expect(recoilAt(choices, 11, pivot)).toBe(pivotOther);
    expect(recoilAt(choices, 11, pivotOther)).toBe(pivot);
    expect(recoilAt(choices, 99, null)).toBeNull();
  });

  it('keeps the chosen plan when it is the only position through the hex', () => {
    const withLoss: LossPlan = { steps: ['g'], recoil: 20, recoilSecond: 21 };
    expect(recoilAt([step, withLoss], 20, withLoss)).toBe(withLoss);
  });

  it('§3.3.1.3 (A-42) a shaken formation broken by its recoil: the clicked hex of the position takes the extra step', () => {
    const at10: LossPlan = { ...pivot, heavier: 10 };
    const at11: LossPlan = { ...pivot, heavier: 11 };
    const choices = [steps, at10, at11, step];
    expect(recoilAt(choices, 11, null)).toBe(at11);
    expect(recoilAt(choices, 10, null)).toBe(at10);
    expect(recoilAt(choices, 10, at11)).toBe(at10);
    expect(recoilAt(choices, 11, at10)).toBe(at11);
    // both hexes of the position ringed, the chosen position's in gold
    expect(
      recoilMarks(choices, at11)
        .filter((x) => x.kind === 'chosen')
        .map((x) => x.hex),
    ).toEqual([10, 11]);
  });
});
