import { Container, Graphics, Text } from 'pixi.js';
import type { Arrival, GridSize } from '@lames/rules';
import { num } from '../ui/format-event';
import { arrivalsByHex, stopsHere } from './move-targets';
import type { Lang } from '../i18n';
import { facingAngle, hexPolygon, hexToWorld, R, type Point } from './layout';

export { arrivalsByHex, stopsHere };

export interface MoveOverlay {
  grid: GridSize;
  lang: Lang;
  origin: number;
  targets: Map<number, Arrival[]>;
  /** Arrival whose path is shown (hovered or chosen). */
  path: Arrival | null;
  chosenHex: number | null;
  chosen: Arrival | null;
}

export interface FacingHandle {
  arrival: Arrival;
  at: Point;
}

/** Under the counters: the reachable hexes. */
export function drawReach(o: MoveOverlay): Container {
  const layer = new Container();
  const g = new Graphics();
  for (const [hex, list] of o.targets) {
    const c = hexToWorld(o.grid, hex);
    const stop = stopsHere(list);
    g.poly(hexPolygon(c, R - 2), true).fill({ color: stop ? 0xe8862a : 0x58c26b, alpha: 0.3 }).stroke({ width: 2, color: stop ? 0xb8570c : 0x2c8c43, alpha: 0.85 });
  }
  const origin = hexToWorld(o.grid, o.origin);
  g.poly(hexPolygon(origin, R - 2), true).stroke({ width: 3, color: 0xffd84a, alpha: 0.9 });
  layer.addChild(g);
  return layer;
}

/** Over the counters: costs, the path and the facing handles. */
export function drawMoveOverlay(o: MoveOverlay): { layer: Container; handles: FacingHandle[] } {
  const layer = new Container();
  for (const [hex, list] of o.targets) {
    const c = hexToWorld(o.grid, hex);
    const stop = stopsHere(list);
    const text = num(list[0].cost, o.lang) + (stop ? ' !' : '');
    const label = new Text({
      text,
      style: { fontFamily: 'system-ui, sans-serif', fontSize: 14, fontWeight: '800', fill: 0xffffff, stroke: { color: stop ? 0x8a3c00 : 0x1d5a2b, width: 3.5 } },
      resolution: 3,
    });
    label.anchor.set(0.5);
    label.position.set(c.x, c.y + R * 0.6);
    layer.addChild(label);
  }
  if (o.path) layer.addChild(drawPath(o.grid, o.origin, o.path));
  const handles: FacingHandle[] = [];
  if (o.chosenHex !== null) {
    const c = hexToWorld(o.grid, o.chosenHex);
    const g = new Graphics();
    g.poly(hexPolygon(c, R - 1), true).stroke({ width: 4, color: 0xffd84a });
    for (const a of o.targets.get(o.chosenHex) ?? []) {
      const ang = facingAngle(a.facing);
      const at = { x: c.x + Math.cos(ang) * R * 0.8, y: c.y + Math.sin(ang) * R * 0.8 };
      const on = o.chosen === a;
      g.circle(at.x, at.y, on ? 8 : 6.5).fill(on ? 0xffd84a : 0xffffff).stroke({ width: 1.5, color: 0x1b1712 });
      const tip = { x: at.x + Math.cos(ang) * 6, y: at.y + Math.sin(ang) * 6 };
      g.moveTo(at.x - Math.cos(ang) * 4, at.y - Math.sin(ang) * 4).lineTo(tip.x, tip.y).stroke({ width: 2, color: 0x1b1712 });
      handles.push({ arrival: a, at });
    }
    layer.addChild(g);
  }
  return { layer, handles };
}

function drawPath(grid: GridSize, origin: number, a: Arrival): Container {
  const g = new Graphics();
  const pts: Point[] = [hexToWorld(grid, origin)];
  for (const s of a.steps) if ('to' in s) pts.push(hexToWorld(grid, s.to));
  if (pts.length > 1) {
    g.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
    g.stroke({ width: 7, color: 0x1b1712, alpha: 0.55, cap: 'round', join: 'round' });
    g.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
    g.stroke({ width: 3.5, color: 0xffd84a, cap: 'round', join: 'round' });
    for (const p of pts.slice(1)) g.circle(p.x, p.y, 4).fill(0xffd84a).stroke({ width: 1.2, color: 0x1b1712 });
  }
  // final facing arrow
  const end = pts[pts.length - 1];
  const ang = facingAngle(a.facing);
  const tip = { x: end.x + Math.cos(ang) * R * 0.7, y: end.y + Math.sin(ang) * R * 0.7 };
  const l = { x: end.x + Math.cos(ang + 2.6) * 9 + Math.cos(ang) * R * 0.45, y: end.y + Math.sin(ang + 2.6) * 9 + Math.sin(ang) * R * 0.45 };
  const r = { x: end.x + Math.cos(ang - 2.6) * 9 + Math.cos(ang) * R * 0.45, y: end.y + Math.sin(ang - 2.6) * 9 + Math.sin(ang) * R * 0.45 };
  g.poly([tip.x, tip.y, l.x, l.y, r.x, r.y], true).fill(0xffd84a).stroke({ width: 1.5, color: 0x1b1712 });
  return g;
}

/** Highlight of the selected hex. */
export function drawSelectedHex(grid: GridSize, hex: number): Graphics {
  return new Graphics().poly(hexPolygon(hexToWorld(grid, hex), R - 1.5), true).stroke({ width: 2.5, color: 0xffffff, alpha: 0.9 });
}

export type HexMarkKind = 'target' | 'chosen' | 'option' | 'order' | 'refused' | 'zone';

const MARK_STYLE: Record<HexMarkKind, { color: number; width: number; fill: number; alpha: number }> = {
  target: { color: 0xe0352b, width: 4, fill: 0xe0352b, alpha: 0.18 },
  chosen: { color: 0xffd84a, width: 5, fill: 0xffd84a, alpha: 0.22 },
  option: { color: 0x3b8fd9, width: 3, fill: 0x3b8fd9, alpha: 0.28 },
  order: { color: 0x58c26b, width: 3, fill: 0x58c26b, alpha: 0.2 },
  refused: { color: 0x8a8070, width: 2, fill: 0x000000, alpha: 0.12 },
  // a deployment zone (§4.5.2): a light wash, so that the terrain under it stays readable
  zone: { color: 0x7fd0ff, width: 2, fill: 0x7fd0ff, alpha: 0.16 },
};

/** Rings on hexes: attack targets, withdrawal hexes, units that may receive an order, a deployment zone. */
export function drawHexMarks(grid: GridSize, marks: readonly { hex: number; kind: HexMarkKind }[]): Container {
  const layer = new Container();
  const g = new Graphics();
  for (const m of marks) {
    const s = MARK_STYLE[m.kind];
    g.poly(hexPolygon(hexToWorld(grid, m.hex), R - 2), true).fill({ color: s.fill, alpha: s.alpha }).stroke({ width: s.width, color: s.color, alpha: 0.95 });
  }
  layer.addChild(g);
  return layer;
}

/** Facing handles around a hex (the face action); returns where each one is for clicks. */
export function drawFacingHandles(grid: GridSize, hex: number, facings: readonly number[], chosen: number | null): { layer: Container; handles: { facing: number; at: Point }[] } {
  const layer = new Container();
  const c = hexToWorld(grid, hex);
  const g = new Graphics();
  const handles: { facing: number; at: Point }[] = [];
  for (const f of facings) {
    const ang = facingAngle(f);
    const at = { x: c.x + Math.cos(ang) * R * 0.95, y: c.y + Math.sin(ang) * R * 0.95 };
    const on = chosen === f;
    g.circle(at.x, at.y, on ? 9 : 7.5).fill(on ? 0xffd84a : 0xffffff).stroke({ width: 1.8, color: 0x1b1712 });
    g.moveTo(at.x - Math.cos(ang) * 4.5, at.y - Math.sin(ang) * 4.5).lineTo(at.x + Math.cos(ang) * 6, at.y + Math.sin(ang) * 6).stroke({ width: 2.2, color: 0x1b1712 });
    handles.push({ facing: f, at });
  }
  layer.addChild(g);
  return { layer, handles };
}

/** A ring on each hex: the selected hex's white ring, or a pale one for a hover (a formation under the pointer). */
export function drawBodyHighlight(grid: GridSize, hexes: readonly number[], kind: 'selected' | 'hover'): Container {
  const layer = new Container();
  for (const hex of hexes) {
    layer.addChild(kind === 'selected' ? drawSelectedHex(grid, hex) : new Graphics().poly(hexPolygon(hexToWorld(grid, hex), R - 1.5), true).stroke({ width: 3, color: 0xffe9a8, alpha: 0.95 }));
  }
  return layer;
}
