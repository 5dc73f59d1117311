import { neighbourOf, type Direction } from '@lames/rules';
import { hexsideEnds, hexToWorld, R, worldToHex } from './layout';

const grid = { cols: 16, rows: 12 };

describe('layout', () => {
  it('finds back the hex of every centre and of points near it', () => {
    for (let i = 0; i < grid.cols * grid.rows; i++) {
      const c = hexToWorld(grid, i);
      expect(worldToHex(grid, c)).toBe(i);
      expect(worldToHex(grid, { x: c.x + R * 0.6, y: c.y - R * 0.3 })).toBe(i);
    }
  });

  it('puts each hexside between the hex and its neighbour in that direction', () => {
    const hex = 5 * 16 + 7;
    const c = hexToWorld(grid, hex);
    for (let d = 0; d < 6; d++) {
      const n = neighbourOf(grid, hex, d as Direction);
      const [a, b] = hexsideEnds(c, d);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const nc = hexToWorld(grid, n);
      // the mid-point of the side is half-way between the two centres
      expect(mid.x).toBeCloseTo((c.x + nc.x) / 2, 5);
      expect(mid.y).toBeCloseTo((c.y + nc.y) / 2, 5);
    }
  });
});
