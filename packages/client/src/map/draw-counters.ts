import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { parseHexLabel, type GameState, type Unit } from '@lames/rules';
import { pick, t, type Lang } from '../i18n';
import { SYMBOLS, symbolOf, type SymbolPart } from './counter-symbols';
import { markerTexts, stacksOf, type StackItem } from './counters-model';
import { objectivesOf } from './objectives';
import { facingAngle, hexPolygon, hexToWorld, R, type Point } from './layout';
import { mix, sideColour } from './palette';
import { CHARACTER, MARKER_HEIGHT, MARKER_ROW, NAME_LINE, NAME_TOP, stackLayout, TROOP } from './stack-layout';

/** Kept for callers that size things after a counter (a troop counter's width). */
export const COUNTER = TROOP.w;

const FONT = 'system-ui, "Segoe UI", Roboto, sans-serif';
const style = (o: TextStyleOptions): TextStyleOptions => ({ fontFamily: FONT, ...o });
/** Text is rasterised at this resolution so it stays sharp when zoomed in. */
const TEXT_RES = 4;

export interface CountersOptions {
  view: GameState;
  lang: Lang;
  selected: string | null;
  /** Pieces shown "ghosted" (e.g. the unit being moved, at its old place). */
  ghost?: string | null;
}

/** Where each drawn piece sits, to find a stack's counters again. */
export type PiecePositions = Map<string, Point>;

/** The size of an item's counter: covers and decoys always a troop's, so a hidden character looks like any cover. */
export function itemSize(item: StackItem): { w: number; h: number } {
  return item.kind === 'unit' && isToken(item.unit) ? CHARACTER : TROOP;
}

const isToken = (u: Unit) => u.kind === 'character' || u.size === 'small';

export function drawCounters(opts: CountersOptions): { layer: Container; positions: PiecePositions } {
  const layer = new Container();
  layer.addChild(drawObjectives(opts.view, opts.lang));
  const positions: PiecePositions = new Map();
  const stacks = stacksOf(opts.view);
  const hexes = [...stacks.keys()].sort((a, b) => a - b);
  for (const hex of hexes) {
    const items = stacks.get(hex)!;
    const c = hexToWorld(opts.view.board, hex);
    const placed = stackLayout(items.map((it) => itemSize(it).h));
    // facing arrows under every counter of the hex: one never hides a name behind it
    const arrows = new Container();
    layer.addChild(arrows);
    // back of the stack first, so the front counter is drawn last, on top
    for (let k = items.length - 1; k >= 0; k--) {
      const p = { x: c.x + placed[k].x, y: c.y + placed[k].y };
      const counter = drawItem(items[k], opts, k === 0);
      const arrow = facingArrow(items[k], opts);
      for (const piece of arrow ? [counter, arrow] : [counter]) {
        piece.position.set(p.x, p.y);
        piece.scale.set(placed[k].scale);
      }
      if (arrow) arrows.addChild(arrow);
      counter.label = `counter:${items[k].id}`;
      layer.addChild(counter);
      positions.set(items[k].id, p);
    }
  }
  return { layer, positions };
}

/** The scenario's objective hexes (§2.4 victory conditions): a gold ring and a tag with the name and points. */
function drawObjectives(view: GameState, lang: Lang): Container {
  const layer = new Container();
  for (const o of objectivesOf(view)) {
    const hex = parseHexLabel(view.board, o.hex);
    if (hex < 0) continue;
    const c = hexToWorld(view.board, hex);
    const g = new Graphics();
    g.poly(hexPolygon(c, R - 3), true).stroke({ width: 5, color: 0xf4c542, alpha: 0.95 });
    g.poly(hexPolygon(c, R - 6.5), true).stroke({ width: 1.5, color: 0x5a4310, alpha: 0.8 });
    layer.addChild(g);
    const label = new Text({ text: `★ ${pick(o.name, lang)} · ${t('map.objectivePoints', { points: o.points }, lang)}`, style: style({ fontSize: 11, fontWeight: '800', fill: 0x2b1d00 }), resolution: TEXT_RES });
    const w = label.width + 10;
    const y = c.y + R * 0.86 - 8;
    const tag = new Graphics().roundRect(c.x - w / 2, y - 8, w, 16, 8).fill(0xf4c542).stroke({ width: 1.2, color: 0x5a4310 });
    label.anchor.set(0.5);
    label.position.set(c.x, y);
    layer.addChild(tag, label);
  }
  return layer;
}

/** The facing arrow of a unit or of the seat's own decoy; a cover shows none (it may hide a decoy). */
function facingArrow(item: StackItem, opts: CountersOptions): Container | null {
  if (item.kind === 'cover') return null;
  const side = item.kind === 'unit' ? item.unit.side : item.decoy.side;
  const facing = item.kind === 'unit' ? item.unit.facing : item.decoy.facing;
  const c = new Container();
  facingNotch(c, facing, itemSize(item), sideColour(opts.view.sides, side));
  if (opts.ghost === item.id) c.alpha = 0.35;
  return c;
}

function drawItem(item: StackItem, opts: CountersOptions, front: boolean): Container {
  const { view, lang } = opts;
  const selected = opts.selected === item.id;
  if (item.kind === 'cover') {
    return coverCounter(sideColour(view.sides, item.cover.side), item.cover.activated, selected);
  }
  if (item.kind === 'decoy') {
    const colour = sideColour(view.sides, item.decoy.side);
    const c = coverCounter(colour, item.decoy.activated, selected);
    badge(c, t('unit.decoy', {}, lang).toUpperCase(), 0, TROOP.h / 2 + 2, 0x2a1f3d, 0xf4d35e);
    return c;
  }
  const c = unitCounter(item.unit, opts, selected, front);
  if (opts.ghost === item.id) c.alpha = 0.35;
  return c;
}

/** A cover marker: the side's colour and a question mark, nothing else (secrecy: the same for a hidden unit and a decoy). */
function coverCounter(colour: number, activated: boolean, selected: boolean): Container {
  const c = new Container();
  const { w, h } = TROOP;
  const g = new Graphics();
  body(g, w, h, 7, mix(colour, 0x000000, 0.15), selected);
  g.roundRect(-w / 2 + 4, -h / 2 + 4, w - 8, h - 8, 5).stroke({ width: 1, color: 0xffffff, alpha: 0.35 });
  c.addChild(g);
  const q = new Text({ text: '?', style: style({ fontSize: 36, fontWeight: '800', fill: 0xffffff }), resolution: TEXT_RES });
  q.anchor.set(0.5);
  q.position.set(0, 1);
  c.addChild(q);
  if (activated) markerRow(c, TROOP, [], true);
  return c;
}

function body(g: Graphics, w: number, h: number, radius: number, fill: number, selected: boolean): void {
  g.roundRect(-w / 2 + 2, -h / 2 + 3, w, h, radius).fill({ color: 0x000000, alpha: 0.35 });
  g.roundRect(-w / 2, -h / 2, w, h, radius).fill(fill).stroke({ width: selected ? 4 : 1.5, color: selected ? 0xffd84a : 0x15110c });
}

/**
 * A unit: the head (type symbol, steps) and the first line of the name stay
 * within the top BAND pixels, so they show even behind another counter.
 */
function unitCounter(u: Unit, opts: CountersOptions, selected: boolean, front: boolean): Container {
  const { view, lang } = opts;
  const c = new Container();
  const colour = sideColour(view.sides, u.side);
  const size = isToken(u) ? CHARACTER : TROOP;
  const { w, h } = size;
  const bloodied = u.steps < u.maxSteps;
  const g = new Graphics();
  body(g, w, h, isToken(u) ? 16 : 7, bloodied ? mix(colour, 0x3a0a08, 0.3) : colour, selected);
  // a lighter head band, where the symbol and steps are
  g.roundRect(-w / 2 + 2, -h / 2 + 2, w - 4, 17, 5).fill({ color: 0xffffff, alpha: 0.16 });
  if (u.hidden) g.roundRect(-w / 2 - 4, -h / 2 - 4, w + 8, h + 8, 10).stroke({ width: 2.5, color: 0xf4d35e, alpha: 0.95 });
  c.addChild(g);
  c.addChild(symbolBox(symbolOf(u) === 'character', SYMBOLS[symbolOf(u)], -w / 2 + 4, -h / 2 + 3));
  pips(c, u, w / 2 - 5, -h / 2 + 10.5, w - 44);
  // behind another counter only the head shows: the name then goes on one line, within it
  const name = front ? fitName(u.name, w - 8) : oneLineName(u.name, w - 8, u.kind === 'character');
  name.position.set(0, -h / 2 + NAME_TOP);
  c.addChild(name);
  markerRow(c, size, markerTexts(u, lang), u.order === 'activated');
  if (u.hidden && front) badge(c, t('unit.hidden', {}, lang).toUpperCase(), 0, h / 2 + 2, 0x1d1a14, 0xf4d35e);
  return c;
}

/** The type symbol in its frame (a leader's star has no frame), 26 × 16 at (x, y). */
function symbolBox(bare: boolean, parts: SymbolPart[], x: number, y: number): Container {
  const bw = 26;
  const bh = 15;
  const g = new Graphics();
  if (!bare) g.rect(x, y, bw, bh).fill({ color: 0xffffff, alpha: 0.12 }).stroke({ width: 1.4, color: 0xffffff });
  // the sign inside, from the −1..1 frame of counter-symbols.ts
  const cx = x + bw / 2;
  const cy = y + bh / 2;
  const sx = bare ? bh / 2 : bw / 2 - 2;
  const sy = bh / 2 - 1.5;
  drawSymbol(g, parts, (px, py) => [cx + px * sx, cy + py * sy], Math.min(sx, sy), 0xffffff, bare ? 0xffe08a : 0xffffff);
  return g;
}

/** Draws symbol parts through `at` (frame → world); `unit` scales radii. */
export function drawSymbol(g: Graphics, parts: SymbolPart[], at: (x: number, y: number) => [number, number], unit: number, stroke: number, fill: number): void {
  for (const p of parts) {
    if (p.kind === 'line') {
      for (let i = 0; i + 3 < p.pts.length; i += 2) {
        const [x1, y1] = at(p.pts[i], p.pts[i + 1]);
        const [x2, y2] = at(p.pts[i + 2], p.pts[i + 3]);
        g.moveTo(x1, y1).lineTo(x2, y2);
      }
      g.stroke({ width: 1.6, color: stroke, cap: 'round' });
    } else if (p.kind === 'circle') {
      const [x, y] = at(p.x, p.y);
      g.circle(x, y, p.r * unit);
      if (p.fill) g.fill(fill);
      else g.stroke({ width: 1.5, color: stroke });
    } else if (p.kind === 'arc') {
      const [x, y] = at(p.x, p.y);
      g.arc(x, y, p.r * unit * 1.3, p.from, p.to).stroke({ width: 1.6, color: stroke });
    } else {
      const pts: number[] = [];
      for (let i = 0; i + 1 < p.pts.length; i += 2) pts.push(...at(p.pts[i], p.pts[i + 1]));
      g.poly(pts, true);
      if (p.fill) g.fill(fill);
      else g.stroke({ width: 1.5, color: stroke });
    }
  }
}

/**
 * The unit's name within `width` pixels, never breaking a word: two lines at
 * 14.5 down to 11.5 px, then three lines down to 9.5 px, then the end cut with
 * an ellipsis (never the front: "Chevaliers…" reads better than "d'Ardenne").
 */
function fitName(name: string, width: number): Text {
  const make = (text: string, size: number) =>
    new Text({
      text,
      style: style({ fontSize: size, fontWeight: '700', fill: 0xffffff, align: 'center', wordWrap: true, wordWrapWidth: width, lineHeight: Math.min(NAME_LINE, size + 1), stroke: { color: 0x000000, width: 2, alpha: 0.35 } }),
      resolution: TEXT_RES,
    });
  const fits = (tx: Text, size: number, lines: number) => tx.width <= width + 0.5 && Math.round(tx.height / Math.min(NAME_LINE, size + 1)) <= lines;
  for (let size = 14.5; size >= 9.5; size -= 0.5) {
    const tx = make(name, size);
    if (fits(tx, size, size >= 11.5 ? 2 : 3)) {
      tx.anchor.set(0.5, 0);
      return tx;
    }
    tx.destroy();
  }
  let text = name;
  let tx = make(text, 9.5);
  while (text.length > 2 && !fits(tx, 9.5, 3)) {
    tx.destroy();
    text = text.slice(0, -1);
    tx = make(`${text.trimEnd()}…`, 9.5);
  }
  tx.anchor.set(0.5, 0);
  return tx;
}

/**
 * The name on one line for a counter behind another: the whole name if it
 * fits at 9 px or more; for a character, then its name without the title
 * ("Gauvain" for "Sire Gauvain", "Sylvaënor" for "Sylvaënor, dragon
 * d'émeraude"); else the whole name cut with an ellipsis.
 */
function oneLineName(name: string, width: number, character: boolean): Text {
  const words = name.split(/\s+/);
  const candidates = [name];
  if (character && words.length > 1) {
    if (/[,;:]$/.test(words[0])) candidates.push(words[0].slice(0, -1));
    else candidates.push(words.slice(1).join(' '), words[words.length - 1]);
  }
  const make = (text: string, size: number) =>
    new Text({ text, style: style({ fontSize: size, fontWeight: '700', fill: 0xffffff, stroke: { color: 0x000000, width: 2, alpha: 0.35 } }), resolution: TEXT_RES });
  for (const candidate of candidates) {
    for (let size = 13; size >= 9; size -= 0.5) {
      const tx = make(candidate, size);
      if (tx.width <= width) {
        tx.anchor.set(0.5, 0);
        return tx;
      }
      tx.destroy();
    }
  }
  let text = name;
  let tx = make(text, 9);
  while (text.length > 2 && tx.width > width) {
    tx.destroy();
    text = text.slice(0, -1);
    tx = make(`${text.trimEnd()}…`, 9);
  }
  tx.anchor.set(0.5, 0);
  return tx;
}

/** Steps as pips, right-aligned in the head: white kept, red hollow lost. */
function pips(c: Container, u: Unit, right: number, y: number, room: number): void {
  const g = new Graphics();
  const n = Math.max(u.maxSteps, u.steps);
  const gap = Math.min(9, room / Math.max(1, n));
  const r = Math.min(3.4, gap / 2 - 0.4);
  for (let i = 0; i < n; i++) {
    const px = right - r - (n - 1 - i) * gap;
    if (i < u.steps) g.circle(px, y, r).fill(0xffffff).stroke({ width: 1, color: 0x15110c });
    else g.circle(px, y, r).fill(0x7a1b14).stroke({ width: 1.2, color: 0xff9a8a });
  }
  c.addChild(g);
}

/** An arrow head just outside the counter's edge, pointing where the unit faces. */
function facingNotch(c: Container, facing: number, size: { w: number; h: number }, colour: number): void {
  const a = facingAngle(facing);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // distance from the centre to the counter's edge along the facing ray
  const edge = Math.min(Math.abs(cos) > 1e-6 ? size.w / 2 / Math.abs(cos) : Infinity, Math.abs(sin) > 1e-6 ? size.h / 2 / Math.abs(sin) : Infinity);
  const tip = edge + 12;
  const base = edge - 2;
  const g = new Graphics();
  const px = -sin;
  const py = cos;
  g.poly([cos * tip, sin * tip, cos * base + px * 9, sin * base + py * 9, cos * base - px * 9, sin * base - py * 9], true)
    .fill(mix(colour, 0xffffff, 0.15))
    .stroke({ width: 1.6, color: 0xffffff });
  c.addChild(g);
}

/**
 * The state markers (§2.1.2) in a row from the counter's right edge, within
 * its head, so a counter in front never covers them; "activated" as a gold
 * tick on the head's left edge.
 */
function markerRow(c: Container, size: { w: number; h: number }, markers: { text: string; bg: number }[], activated: boolean): void {
  if (activated) {
    const g = new Graphics();
    const x = -size.w / 2 - 2;
    const y = -size.h / 2 + 10;
    g.circle(x, y, 7.5).fill(0xf4d35e).stroke({ width: 1.2, color: 0x15110c });
    g.moveTo(x - 3.5, y).lineTo(x - 1, y + 3).lineTo(x + 3.5, y - 3).stroke({ width: 1.8, color: 0x15110c });
    c.addChild(g);
  }
  // from the counter's right edge, level with the name's first line, under the steps
  let x = size.w / 2 - 4;
  const y = -size.h / 2 + MARKER_ROW;
  for (const m of markers) x += badge(c, m.text, x, y, m.bg, 0xffffff, 'left') + 2;
}

/** A small label on a coloured chip; returns its width. */
function badge(c: Container, text: string, x: number, y: number, bg: number, fg: number, align: 'centre' | 'left' = 'centre'): number {
  const label = new Text({ text, style: style({ fontSize: 11.5, fontWeight: '800', fill: fg, letterSpacing: 0.3 }), resolution: TEXT_RES });
  const w = label.width + 8;
  const h = MARKER_HEIGHT;
  const left = align === 'left' ? x : x - w / 2;
  const g = new Graphics().roundRect(left, y - h / 2, w, h, 3).fill(bg).stroke({ width: 1, color: 0x000000, alpha: 0.7 });
  label.anchor.set(0, 0.5);
  label.position.set(left + 4, y);
  c.addChild(g, label);
  return w;
}
