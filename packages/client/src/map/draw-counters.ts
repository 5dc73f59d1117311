import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import type { GameState, Unit } from '@lames/rules';
import { t, type Lang } from '../i18n';
import { markerTexts, stacksOf, typeAbbrev, type StackItem } from './counters-model';
import { facingAngle, hexToWorld, type Point } from './layout';
import { mix, sideColour } from './palette';

export const COUNTER = 60;
const SMALL = 46;
const STACK_OFFSET = 7;

const FONT = 'system-ui, "Segoe UI", Roboto, sans-serif';
const style = (o: TextStyleOptions): TextStyleOptions => ({ fontFamily: FONT, ...o });

export interface CountersOptions {
  view: GameState;
  lang: Lang;
  selected: string | null;
  /** Pieces shown "ghosted" (e.g. the unit being moved, at its old place). */
  ghost?: string | null;
}

/** Where each drawn piece sits, to find a stack's counters again. */
export type PiecePositions = Map<string, Point>;

export function drawCounters(opts: CountersOptions): { layer: Container; positions: PiecePositions } {
  const layer = new Container();
  const positions: PiecePositions = new Map();
  const stacks = stacksOf(opts.view);
  const hexes = [...stacks.keys()].sort((a, b) => a - b);
  for (const hex of hexes) {
    const items = stacks.get(hex)!;
    const c = hexToWorld(opts.view.board, hex);
    const n = items.length;
    // back of the stack first, each layer shifted up and to the right
    for (let k = n - 1; k >= 0; k--) {
      const shift = (k - (n - 1) / 2) * STACK_OFFSET;
      const p = { x: c.x + shift, y: c.y - shift };
      const counter = drawItem(items[k], opts, k === 0);
      counter.position.set(p.x, p.y);
      layer.addChild(counter);
      positions.set(items[k].id, p);
    }
  }
  return { layer, positions };
}

function drawItem(item: StackItem, opts: CountersOptions, front: boolean): Container {
  const { view, lang } = opts;
  const selected = opts.selected === item.id;
  if (item.kind === 'cover') {
    return coverCounter(sideColour(view.sides, item.cover.side), item.cover.activated, selected);
  }
  if (item.kind === 'decoy') {
    const c = coverCounter(sideColour(view.sides, item.decoy.side), item.decoy.activated, selected);
    facingNotch(c, item.decoy.facing, COUNTER, sideColour(view.sides, item.decoy.side));
    badge(c, t('unit.decoy', {}, lang).toUpperCase(), 0, COUNTER / 2 + 1, 0x2a1f3d, 0xf4d35e);
    return c;
  }
  const c = unitCounter(item.unit, opts, selected, front);
  if (opts.ghost === item.id) c.alpha = 0.35;
  return c;
}

function coverCounter(colour: number, activated: boolean, selected: boolean): Container {
  const c = new Container();
  const s = COUNTER;
  const g = new Graphics();
  g.roundRect(-s / 2 + 2, -s / 2 + 3, s, s, 7).fill({ color: 0x000000, alpha: 0.3 });
  g.roundRect(-s / 2, -s / 2, s, s, 7).fill(mix(colour, 0x000000, 0.15)).stroke({ width: selected ? 3.5 : 1.5, color: selected ? 0xffd84a : 0x1b1712 });
  g.roundRect(-s / 2 + 4, -s / 2 + 4, s - 8, s - 8, 5).stroke({ width: 1, color: 0xffffff, alpha: 0.35 });
  c.addChild(g);
  const q = new Text({ text: '?', style: style({ fontSize: 36, fontWeight: '800', fill: 0xffffff }), resolution: 3 });
  q.anchor.set(0.5);
  q.position.set(0, 1);
  c.addChild(q);
  if (activated) activatedMark(c, s);
  return c;
}

function unitCounter(u: Unit, opts: CountersOptions, selected: boolean, front: boolean): Container {
  const { view, lang } = opts;
  const c = new Container();
  const colour = sideColour(view.sides, u.side);
  const bloodied = u.steps < u.maxSteps;
  const small = u.size === 'small' || u.kind === 'character';
  const s = small ? SMALL : COUNTER;
  const fill = bloodied ? mix(colour, 0x3a0a08, 0.35) : colour;
  const g = new Graphics();
  facingNotch(c, u.facing, s, colour);
  // shadow, body, inner bevel
  if (small) {
    g.circle(2, 3, s / 2).fill({ color: 0x000000, alpha: 0.3 });
    g.circle(0, 0, s / 2).fill(fill).stroke({ width: selected ? 3.5 : 1.5, color: selected ? 0xffd84a : 0x15110c });
    g.circle(0, 0, s / 2 - 3).stroke({ width: 1, color: 0xffffff, alpha: 0.35 });
  } else {
    g.roundRect(-s / 2 + 2, -s / 2 + 3, s, s, 7).fill({ color: 0x000000, alpha: 0.3 });
    g.roundRect(-s / 2, -s / 2, s, s, 7).fill(fill).stroke({ width: selected ? 3.5 : 1.5, color: selected ? 0xffd84a : 0x15110c });
    g.roundRect(-s / 2 + 3, -s / 2 + 3, s - 6, 14, 4).fill({ color: 0xffffff, alpha: 0.16 });
  }
  if (bloodied) {
    // a red slash: the unit has lost steps
    g.moveTo(-s / 2 + 6, s / 2 - 6).lineTo(s / 2 - 6, -s / 2 + 6).stroke({ width: 3, color: 0xd63a2f, alpha: 0.55 });
  }
  if (u.hidden) {
    g.roundRect(-s / 2 - 3, -s / 2 - 3, s + 6, s + 6, 9).stroke({ width: 2, color: 0xf4d35e, alpha: 0.9 });
  }
  c.addChild(g);

  if (small) {
    const star = new Text({ text: '★', style: style({ fontSize: 13, fill: 0xffe08a }), resolution: 3 });
    star.anchor.set(0.5);
    star.position.set(0, -s / 2 + 9);
    c.addChild(star);
    const name = fitText(u.name, s - 6, 11, 8, 1);
    name.position.set(0, 2);
    c.addChild(name);
    pips(c, u, 0, s / 2 - 9);
  } else {
    const abbr = new Text({ text: typeAbbrev(u, lang), style: style({ fontSize: 13, fontWeight: '800', fill: 0xffffff, letterSpacing: 0.3 }), resolution: 3 });
    abbr.anchor.set(0.5, 0);
    abbr.position.set(0, -s / 2 + 3);
    if (abbr.width > s - 6) abbr.scale.set((s - 6) / abbr.width);
    c.addChild(abbr);
    const name = fitText(u.name, s - 6, 11, 8, 2);
    name.position.set(0, 4);
    c.addChild(name);
    pips(c, u, 0, s / 2 - 8);
  }

  const markers = markerTexts(u, lang);
  markers.forEach((m, i) => badge(c, m.text, s / 2 - 2, -s / 2 + 6 + i * 14, m.bg, 0xffffff, 'left'));
  if (u.order === 'activated') activatedMark(c, s);
  if (u.hidden && front) badge(c, t('unit.hidden', {}, lang).toUpperCase(), 0, s / 2 + 1, 0x1d1a14, 0xf4d35e);
  return c;
}

/**
 * The unit's name in at most `lines` lines of `width` pixels, never breaking
 * a word: the font shrinks from `max` to `min`, then words are dropped from
 * the front ("Chevaliers d'Ardenne" → "d'Ardenne" is worse than "Chevaliers…"),
 * so the end is cut with an ellipsis instead.
 */
function fitText(name: string, width: number, max: number, min: number, lines: number): Text {
  const make = (text: string, size: number) =>
    new Text({
      text,
      style: style({ fontSize: size, fontWeight: '700', fill: 0xffffff, align: 'center', wordWrap: lines > 1, wordWrapWidth: width, lineHeight: size + 1 }),
      resolution: 3,
    });
  const fits = (t: Text, size: number) => t.width <= width + 0.5 && Math.round(t.height / (size + 1)) <= lines;
  // the whole name, then (one line only) its last word, as "Gauvain" for "Sire Gauvain"
  const candidates = lines === 1 && name.includes(' ') ? [name, name.split(/\s+/).pop()!] : [name];
  for (const candidate of candidates) {
    for (let size = max; size >= min; size -= 0.5) {
      const t = make(candidate, size);
      if (fits(t, size)) {
        t.anchor.set(0.5);
        return t;
      }
      t.destroy();
    }
  }
  let text = name;
  let t = make(text, min);
  while (text.length > 2 && !fits(t, min)) {
    t.destroy();
    text = text.slice(0, -1);
    t = make(`${text.trimEnd()}…`, min);
  }
  t.anchor.set(0.5);
  return t;
}

function pips(c: Container, u: Unit, x: number, y: number): void {
  const g = new Graphics();
  const n = Math.max(u.maxSteps, u.steps);
  const gap = 9;
  for (let i = 0; i < n; i++) {
    const px = x + (i - (n - 1) / 2) * gap;
    if (i < u.steps) g.circle(px, y, 3.3).fill(0xffffff).stroke({ width: 1, color: 0x15110c });
    else g.circle(px, y, 3.3).fill(0x7a1b14).stroke({ width: 1.2, color: 0xff9a8a });
  }
  c.addChild(g);
}

/** An arrow head just outside the counter, pointing where the unit faces. */
function facingNotch(c: Container, facing: number, size: number, colour: number): void {
  const a = facingAngle(facing);
  const tip = size / 2 + 13;
  const base = size / 2 - 2;
  const half = 0.3;
  const g = new Graphics();
  const pt = (r: number, da: number) => [Math.cos(a + da) * r, Math.sin(a + da) * r] as const;
  const [tx, ty] = pt(tip, 0);
  const [lx, ly] = pt(base / Math.cos(half), -half);
  const [rx, ry] = pt(base / Math.cos(half), half);
  g.poly([tx, ty, lx, ly, rx, ry], true).fill(mix(colour, 0xffffff, 0.15)).stroke({ width: 1.6, color: 0xffffff });
  c.addChild(g);
}

function activatedMark(c: Container, s: number): void {
  const g = new Graphics();
  // a gold tick on the lower left corner: activated this turn
  const x = -s / 2 + 3;
  const y = s / 2 - 3;
  g.circle(x, y, 7).fill(0xf4d35e).stroke({ width: 1.2, color: 0x15110c });
  g.moveTo(x - 3.5, y).lineTo(x - 1, y + 3).lineTo(x + 3.5, y - 3).stroke({ width: 1.8, color: 0x15110c });
  c.addChild(g);
}

function badge(c: Container, text: string, x: number, y: number, bg: number, fg: number, align: 'centre' | 'left' = 'centre'): void {
  const label = new Text({ text, style: style({ fontSize: 10, fontWeight: '800', fill: fg, letterSpacing: 0.4 }), resolution: 3 });
  const w = label.width + 6;
  const h = 13;
  const left = align === 'left' ? x - 2 : x - w / 2;
  const g = new Graphics().roundRect(left, y - h / 2, w, h, 3).fill(bg).stroke({ width: 1, color: 0x000000, alpha: 0.6 });
  label.anchor.set(0, 0.5);
  label.position.set(left + 3, y);
  c.addChild(g, label);
}

