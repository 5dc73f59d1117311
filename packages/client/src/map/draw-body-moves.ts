import { Container, Graphics, Text } from 'pixi.js';
import type { GridSize } from '@lames/rules';
import type { Lang } from '../i18n';
import { num } from '../ui/format-event';
import type { BodyPlace, BodyStage } from './body-targets';
import { facingAngle, hexPolygon, hexToWorld, R, type Point } from './layout';

/**
 * The drawing of a formation's move, withdrawal or face preview (§3.3.7):
 * every hex a place covers under the counters, and over them both hexes of
 * the hovered or chosen place with its vertex facing and its path, stage by
 * stage, with the points spent after each step.
 */
export interface BodyOverlay {
  grid: GridSize;
  lang: Lang;
  start: BodyPlace;
  /** Each covered hex with the cheapest cost of a place on it (null: no cost to show, e.g. a face). */
  reach: Map<number, number | null>;
  /** The place shown (hovered or chosen), and whether it is chosen. */
  shown: BodyPlace | null;
  chosen: boolean;
  /** Its path from the start (empty when it is one step). */
  path: BodyStage[];
}

const mid = (grid: GridSize, b: Pick<BodyPlace, 'hex' | 'second'>): Point => {
  const a = hexToWorld(grid, b.hex);
  const c = hexToWorld(grid, b.second);
  return { x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 };
};

function label(text: string, at: Point, stroke: number, size = 14): Text {
  const t = new Text({
    text,
    style: {
      fontFamily: 'system-ui, sans-serif',
      fontSize: size,
      fontWeight: '800',
      fill: 0xffffff,
      stroke: { color: stroke, width: 3.5 },
    },
    resolution: 3,
  });
  t.anchor.set(0.5);
  t.position.set(at.x, at.y);
  return t;
}

/** Under the counters: every hex some place covers, and the formation's two hexes now. */
export function drawBodyReach(o: BodyOverlay): Container {
  const layer = new Container();
  const g = new Graphics();
  for (const hex of o.reach.keys())
    g.poly(hexPolygon(hexToWorld(o.grid, hex), R - 2), true)
      .fill({ color: 0x58c26b, alpha: 0.3 })
      .stroke({ width: 2, color: 0x2c8c43, alpha: 0.85 });
  for (const hex of [o.start.hex, o.start.second])
    g.poly(hexPolygon(hexToWorld(o.grid, hex), R - 2), true).stroke({
      width: 3,
      color: 0xffd84a,
      alpha: 0.9,
    });
  layer.addChild(g);
  return layer;
}

/** Over the counters: the costs, the shown place's two hexes and facing, its path. */
export function drawBodyOverlay(o: BodyOverlay): Container {
  const layer = new Container();
  for (const [hex, cost] of o.reach) {
    if (cost === null) continue;
    const c = hexToWorld(o.grid, hex);
    layer.addChild(label(num(cost, o.lang), { x: c.x, y: c.y + R * 0.6 }, 0x1d5a2b));
  }
  if (o.path.length > 1) layer.addChild(drawPath(o));
  if (o.shown) layer.addChild(drawPlace(o.grid, o.shown, o.chosen));
  return layer;
}

/** Both hexes of a place ringed, and an arrow from their middle toward the vertex it faces. */
function drawPlace(grid: GridSize, b: BodyPlace, chosen: boolean): Graphics {
  const g = new Graphics();
  for (const hex of [b.hex, b.second])
    g.poly(hexPolygon(hexToWorld(grid, hex), R - 1), true).stroke({
      width: chosen ? 5 : 3.5,
      color: 0xffd84a,
      alpha: chosen ? 1 : 0.85,
    });
  const m = mid(grid, b);
  const ang = facingAngle(b.facing);
  const tip = { x: m.x + Math.cos(ang) * R * 0.7, y: m.y + Math.sin(ang) * R * 0.7 };
  const side = (turn: number) => ({
    x: m.x + Math.cos(ang + turn) * 9 + Math.cos(ang) * R * 0.4,
    y: m.y + Math.sin(ang + turn) * 9 + Math.sin(ang) * R * 0.4,
  });
  const l = side(2.6);
  const r = side(-2.6);
  g.poly([tip.x, tip.y, l.x, l.y, r.x, r.y], true)
    .fill(0xffd84a)
    .stroke({ width: 1.5, color: 0x1b1712 });
  return g;
}

/** The path: each intermediate stage's two hexes lightly ringed, a line through the stages' middles, the points spent at each. */
function drawPath(o: BodyOverlay): Container {
  const layer = new Container();
  const g = new Graphics();
  for (const s of o.path.slice(1, -1))
    for (const hex of [s.hex, s.second])
      g.poly(hexPolygon(hexToWorld(o.grid, hex), R - 4), true).stroke({
        width: 2,
        color: 0xffd84a,
        alpha: 0.6,
      });
  const pts = o.path.map((s) => mid(o.grid, s));
  for (const [width, color, alpha] of [
    [7, 0x1b1712, 0.55],
    [3.5, 0xffd84a, 1],
  ] as const) {
    g.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
    g.stroke({ width, color, alpha, cap: 'round', join: 'round' });
  }
  for (const p of pts.slice(1))
    g.circle(p.x, p.y, 4).fill(0xffd84a).stroke({ width: 1.2, color: 0x1b1712 });
  layer.addChild(g);
  o.path
    .slice(1)
    .forEach((s, i) =>
      layer.addChild(
        label(num(s.spent, o.lang), { x: pts[i + 1].x, y: pts[i + 1].y - 12 }, 0x5a4300, 12),
      ),
    );
  return layer;
}
