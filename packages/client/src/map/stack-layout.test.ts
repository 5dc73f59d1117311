import { BAND, CHARACTER, MARKER_HEIGHT, MARKER_ROW, MAX_STACK_HEIGHT, NAME_LINE, NAME_TOP, stackLayout, TROOP } from './stack-layout';

/** Top edge of each counter of a layout, world pixels relative to the hex centre. */
const tops = (heights: number[]) => stackLayout(heights).map((p, k) => p.y - (heights[k] / 2) * p.scale);

describe('stack layout (issue 11: every unit of a stack shows)', () => {
  it('a counter alone sits at the hex centre at full size', () => {
    expect(stackLayout([TROOP.h])).toEqual([{ x: 0, y: 0, scale: 1 }]);
  });

  it("a counter's head holds its symbol, its steps, the first line of its name and its markers", () => {
    expect(NAME_TOP + NAME_LINE).toBeLessThanOrEqual(BAND);
    expect(MARKER_ROW + MARKER_HEIGHT / 2).toBeLessThanOrEqual(BAND);
  });

  const stacks: number[][] = [
    [TROOP.h, CHARACTER.h], // the ford's knights with Sire Gauvain behind
    [CHARACTER.h, TROOP.h], // a leader in front of his troop
    [TROOP.h, TROOP.h],
    [TROOP.h, CHARACTER.h, TROOP.h],
    [CHARACTER.h, CHARACTER.h, TROOP.h, TROOP.h],
  ];

  it.each(stacks)('no counter in front covers the head of one behind (%p…)', (...heights) => {
    const placed = stackLayout(heights);
    const top = tops(heights);
    for (let back = 1; back < heights.length; back++) {
      for (let front = 0; front < back; front++) {
        // the front counter starts at least a head lower: names and steps behind stay visible
        expect(top[front] - top[back]).toBeGreaterThanOrEqual(BAND * placed[back].scale - 1e-9);
      }
    }
  });

  it.each(stacks)('a stack stays about one hex high, all its counters at one scale (%p…)', (...heights) => {
    const placed = stackLayout(heights);
    const top = Math.min(...tops(heights));
    const bottom = Math.max(...placed.map((p, k) => p.y + (heights[k] / 2) * p.scale));
    expect(bottom - top).toBeLessThanOrEqual(MAX_STACK_HEIGHT + 1e-9);
    expect(new Set(placed.map((p) => p.scale)).size).toBe(1);
    // centred on the hex
    expect(top + bottom).toBeCloseTo(0, 9);
  });

  it('an empty hex places nothing', () => {
    expect(stackLayout([])).toEqual([]);
  });
});
