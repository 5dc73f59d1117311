import type { GridSize } from '@lames/rules';

/**
 * Pixel geometry of the flat-topped, odd-q hex map in world coordinates
 * (before pan and zoom). `R` is the centre-to-corner radius.
 */
export const R = 46;
export const SQRT3 = Math.sqrt(3);
export const MARGIN = R * 1.2;

export interface Point {
  x: number;
  y: number;
}

export function hexToWorld(grid: GridSize, index: number): Point {
  const col = index % grid.cols;
  const row = Math.floor(index / grid.cols);
  return {
    x: MARGIN + R + col * 1.5 * R,
    y: MARGIN + (SQRT3 / 2) * R + SQRT3 * R * (row + (col & 1 ? 0.5 : 0)),
  };
}

export function worldSize(grid: GridSize): { width: number; height: number } {
  return {
    width: 2 * MARGIN + 2 * R + (grid.cols - 1) * 1.5 * R,
    height: 2 * MARGIN + SQRT3 * R * (grid.rows + (grid.cols > 1 ? 0.5 : 0)),
  };
}

/** Corner `i` (0 = east, clockwise on screen) of a hex of radius `r` centred at `c`. */
export function corner(c: Point, i: number, r = R): Point {
  const a = (Math.PI / 3) * i;
  return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
}

export function hexPolygon(c: Point, r = R): number[] {
  const pts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const p = corner(c, i, r);
    pts.push(p.x, p.y);
  }
  return pts;
}

/**
 * The two ends of hexside `dir` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW). With
 * corners numbered clockwise from east, side N runs from corner 4 to 5,
 * NE from 5 to 0, SE 0–1, S 1–2, SW 2–3, NW 3–4.
 */
export function hexsideEnds(c: Point, dir: number, r = R): [Point, Point] {
  const a = (dir + 4) % 6;
  return [corner(c, a, r), corner(c, (a + 1) % 6, r)];
}

/** Screen angle (radians, y down) of a facing 0..11: 0 is north, clockwise by 30°. */
export function facingAngle(f: number): number {
  return ((-90 + 30 * f) * Math.PI) / 180;
}

/** The hex under a world point, or -1. */
export function worldToHex(grid: GridSize, p: Point): number {
  const approxCol = Math.round((p.x - MARGIN - R) / (1.5 * R));
  let best = -1;
  let bestD = Infinity;
  for (let col = approxCol - 1; col <= approxCol + 1; col++) {
    if (col < 0 || col >= grid.cols) continue;
    const approxRow = Math.round((p.y - MARGIN - (SQRT3 / 2) * R) / (SQRT3 * R) - (col & 1 ? 0.5 : 0));
    for (let row = approxRow - 1; row <= approxRow + 1; row++) {
      if (row < 0 || row >= grid.rows) continue;
      const i = row * grid.cols + col;
      const c = hexToWorld(grid, i);
      const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
  }
  return bestD <= R * R ? best : -1;
}
