import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import type { SymbolPart } from './counter-symbols';
import { facingAngle } from './layout';
import { mix } from './palette';
import { MARKER_HEIGHT, MARKER_ROW, NAME_LINE } from './stack-layout';

/**
 * The parts every counter is drawn from — its body, type symbol, name,
 * state markers and facing arrow — shared by the one-hex counters
 * (draw-counters.ts) and a formation's double counter (draw-formation.ts).
 */

const FONT = 'system-ui, "Segoe UI", Roboto, sans-serif';
export const style = (o: TextStyleOptions): TextStyleOptions => ({ fontFamily: FONT, ...o });
/** Text is rasterised at this resolution so it stays sharp when zoomed in. */
export const TEXT_RES = 4;

export function body(g: Graphics, w: number, h: number, radius: number, fill: number, selected: boolean): void {
  g.roundRect(-w / 2 + 2, -h / 2 + 3, w, h, radius).fill({ color: 0x000000, alpha: 0.35 });
  g.roundRect(-w / 2, -h / 2, w, h, radius).fill(fill).stroke({ width: selected ? 4 : 1.5, color: selected ? 0xffd84a : 0x15110c });
}

/** The type symbol in its frame (a leader's star has no frame), 26 × 16 at (x, y). */
export function symbolBox(bare: boolean, parts: SymbolPart[], x: number, y: number): Container {
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
export function fitName(name: string, width: number): Text {
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
export function oneLineName(name: string, width: number, character: boolean): Text {
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

/** An arrow head just outside the counter's edge, pointing where the unit faces. */
export function facingNotch(c: Container, facing: number, size: { w: number; h: number }, colour: number): void {
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
export function markerRow(c: Container, size: { w: number; h: number }, markers: { text: string; bg: number }[], activated: boolean): void {
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
export function badge(c: Container, text: string, x: number, y: number, bg: number, fg: number, align: 'centre' | 'left' = 'centre'): number {
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
