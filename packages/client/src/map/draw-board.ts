import { Container, Graphics, Text } from 'pixi.js';
import { hexLabel, neighbourOf, type Board, type Direction } from '@lames/rules';
import { hexPolygon, hexsideEnds, hexToWorld, R, worldSize, type Point } from './layout';
import { HEXSIDE_STYLES, mix, TERRAIN_COLOURS } from './palette';

/** Draws the static board: terrain, altitude, hexsides, grid and labels. */
export function drawBoard(board: Board): Container {
  const layer = new Container();
  const { width, height } = worldSize(board);
  const bg = new Graphics().roundRect(0, 0, width, height, 14).fill(0x3a3328);
  layer.addChild(bg);

  const terrain = new Graphics();
  const texture = new Graphics();
  const size = board.cols * board.rows;
  for (let i = 0; i < size; i++) {
    const c = hexToWorld(board, i);
    const kind = board.terrain[i] ?? 'clear';
    terrain.poly(hexPolygon(c), true).fill(altitudeShade(TERRAIN_COLOURS[kind] ?? TERRAIN_COLOURS.clear, board.altitude[i] ?? 0));
    drawTexture(texture, kind, c, i);
  }
  layer.addChild(terrain, texture, drawAltitude(board));

  const grid = new Graphics();
  for (let i = 0; i < size; i++) grid.poly(hexPolygon(hexToWorld(board, i)), true);
  grid.stroke({ width: 1.2, color: 0x2e2a22, alpha: 0.45 });
  layer.addChild(grid);

  layer.addChild(drawHexsides(board));

  const labels = new Container();
  for (let i = 0; i < size; i++) {
    const c = hexToWorld(board, i);
    const dark = ['difficult', 'impassable', 'lava'].includes(board.terrain[i]);
    const label = new Text({
      text: hexLabel(board, i),
      style: { fontFamily: 'system-ui, sans-serif', fontSize: 10, fill: dark ? 0xf2ecd8 : 0x3b3526, fontWeight: '600' },
      resolution: 3,
    });
    label.alpha = 0.75;
    label.anchor.set(0.5, 0);
    label.position.set(c.x, c.y - R * 0.86 + 2);
    labels.addChild(label);
  }
  layer.addChild(labels);
  return layer;
}

/** Each level up browns the ground a step more, each level down blues it: steps, not a faint bevel. */
export function altitudeShade(colour: number, alt: number): number {
  if (alt > 0) return mix(colour, 0x8a6236, Math.min(0.6, 0.22 * alt));
  if (alt < 0) return mix(colour, 0x2c3a48, Math.min(0.5, -0.2 * alt));
  return colour;
}

/**
 * Altitude readable at a glance: a crest line with short hachures pointing
 * downhill on every hexside where the ground drops, and the level (▲2, ▼1)
 * in the hex's lower left corner.
 */
function drawAltitude(board: Board): Container {
  const layer = new Container();
  const crest = new Graphics();
  const size = board.cols * board.rows;
  for (let i = 0; i < size; i++) {
    const alt = board.altitude[i] ?? 0;
    const c = hexToWorld(board, i);
    for (let d = 0; d < 6; d++) {
      const n = neighbourOf(board, i, d as Direction);
      if (n < 0 || (board.altitude[n] ?? 0) >= alt) continue;
      const [a, b] = hexsideEnds(c, d, R - 2);
      crest.moveTo(a.x, a.y).lineTo(b.x, b.y);
      // hachures: from the crest outwards, down the slope
      for (const f of [0.2, 0.4, 0.6, 0.8]) {
        const p = lerp(a, b, f);
        const q = lerp(p, c, -0.12);
        crest.moveTo(p.x, p.y).lineTo(q.x, q.y);
      }
    }
    if (alt !== 0) {
      const label = new Text({
        text: `${alt > 0 ? '▲' : '▼'}${Math.abs(alt)}`,
        style: { fontFamily: 'system-ui, sans-serif', fontSize: 12, fontWeight: '800', fill: alt > 0 ? 0x4a2f10 : 0x1d2a38 },
        resolution: 3,
      });
      label.anchor.set(0, 1);
      label.position.set(c.x - R * 0.62, c.y + R * 0.78);
      layer.addChild(label);
    }
  }
  crest.stroke({ width: 2.4, color: 0x5a3d1a, alpha: 0.9, cap: 'round' });
  layer.addChildAt(crest, 0);
  return layer;
}

function drawTexture(g: Graphics, kind: string, c: Point, i: number): void {
  const jitter = (k: number) => ((Math.sin(i * 12.9898 + k * 78.233) * 43758.5453) % 1) * 0.5;
  if (kind === 'difficult') {
    // a small wood: clumps of trees
    const spots: [number, number][] = [[-16, -8], [2, -14], [16, -4], [-8, 10], [10, 12], [-22, 8], [22, 12]];
    for (const [k, [dx, dy]] of spots.entries()) {
      const x = c.x + dx + jitter(k) * 6;
      const y = c.y + dy + jitter(k + 7) * 6;
      g.circle(x, y, 6.5).fill({ color: 0x3f6a33, alpha: 0.9 });
      g.circle(x - 1.5, y - 1.5, 3.5).fill({ color: 0x86ad62, alpha: 0.6 });
    }
  } else if (kind === 'rough') {
    for (let k = 0; k < 9; k++) {
      const x = c.x + Math.cos(k * 2.4 + i) * (8 + (k % 3) * 9);
      const y = c.y + Math.sin(k * 2.4 + i) * (8 + (k % 3) * 8);
      g.moveTo(x - 3, y + 2).lineTo(x, y - 3).lineTo(x + 3, y + 2).stroke({ width: 1.4, color: 0x6e5630, alpha: 0.7 });
    }
  } else if (kind === 'water') {
    for (const dy of [-12, 2, 16]) {
      const y = c.y + dy;
      g.moveTo(c.x - 18, y)
        .quadraticCurveTo(c.x - 12, y - 4, c.x - 6, y)
        .quadraticCurveTo(c.x, y + 4, c.x + 6, y)
        .quadraticCurveTo(c.x + 12, y - 4, c.x + 18, y)
        .stroke({ width: 1.5, color: 0xe4f1fa, alpha: 0.55 });
    }
  } else if (kind === 'fortification') {
    g.rect(c.x - 16, c.y - 10, 32, 22).fill({ color: 0x7d746b }).stroke({ width: 1.5, color: 0x3d3833 });
    for (let k = 0; k < 4; k++) g.rect(c.x - 16 + k * 9, c.y - 16, 5, 6).fill(0x7d746b).stroke({ width: 1, color: 0x3d3833 });
  } else if (kind === 'impassable') {
    for (let k = 0; k < 3; k++) {
      const x = c.x - 14 + k * 14;
      g.moveTo(x - 10, c.y + 10).lineTo(x, c.y - 10).lineTo(x + 10, c.y + 10).fill({ color: 0x3a3430 });
    }
  } else if (kind === 'lava') {
    g.circle(c.x - 8, c.y + 4, 5).fill({ color: 0xf3a23a, alpha: 0.8 });
    g.circle(c.x + 10, c.y - 6, 4).fill({ color: 0xf3a23a, alpha: 0.8 });
  }
}

function drawHexsides(board: Board): Container {
  const layer = new Container();
  const roads = new Graphics();
  const edges = new Graphics();
  for (const [key, kind] of Object.entries(board.hexsides)) {
    if (kind === 'normal') continue;
    const [hexStr, dirStr] = key.split(':');
    const hex = Number(hexStr);
    const dir = Number(dirStr) as Direction;
    const c = hexToWorld(board, hex);
    const style = HEXSIDE_STYLES[kind];
    if (!style) continue;
    if (kind === 'road') {
      // a road crossing this hexside: drawn from centre to centre, as on the printed map
      const n = neighbourOf(board, hex, dir);
      const [a, b] = hexsideEnds(c, dir);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const from = c;
      const to = n >= 0 ? hexToWorld(board, n) : mid;
      roads.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 9, color: 0x5e4426, cap: 'round' });
      roads.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 6, color: 0xc9a46a, cap: 'round' });
      continue;
    }
    const [a, b] = hexsideEnds(c, dir);
    if (kind === 'water') {
      edges.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width: style.width + 3, color: 0xe8f2f8, cap: 'round' });
      edges.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width: style.width, color: style.color, cap: 'round' });
    } else if (kind === 'rough') {
      dashed(edges, a, b, 6, 4, style.width, style.color);
    } else if (kind === 'impassable') {
      edges.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width: style.width, color: style.color, cap: 'round' });
      ticks(edges, a, b, c, style.color);
    } else if (kind === 'fortification' || kind === 'fortificationEntrance') {
      if (kind === 'fortificationEntrance') {
        const g1 = lerp(a, b, 0.32);
        const g2 = lerp(a, b, 0.68);
        edges.moveTo(a.x, a.y).lineTo(g1.x, g1.y).moveTo(g2.x, g2.y).lineTo(b.x, b.y);
        edges.stroke({ width: style.width, color: style.color });
      } else {
        edges.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke({ width: style.width, color: style.color });
        ticks(edges, a, b, c, 0xa39a90);
      }
    }
  }
  layer.addChild(roads, edges);
  return layer;
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

function dashed(g: Graphics, a: Point, b: Point, dash: number, gap: number, width: number, color: number): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  for (let s = 0; s < len; s += dash + gap) {
    const p = lerp(a, b, s / len);
    const q = lerp(a, b, Math.min(len, s + dash) / len);
    g.moveTo(p.x, p.y).lineTo(q.x, q.y);
  }
  g.stroke({ width, color, cap: 'round' });
}

/** Short ticks on the inner side of an edge (cliff or wall). */
function ticks(g: Graphics, a: Point, b: Point, centre: Point, color: number): void {
  for (const t of [0.2, 0.4, 0.6, 0.8]) {
    const p = lerp(a, b, t);
    const q = lerp(p, centre, 0.16);
    g.moveTo(p.x, p.y).lineTo(q.x, q.y);
  }
  g.stroke({ width: 2.5, color });
}

