import { Container, Graphics, Text } from 'pixi.js';
import { parseHexLabel, type GameState, type Unit } from '@lames/rules';
import { pick, t, type Lang } from '../i18n';
import { SYMBOLS, symbolOf } from './counter-symbols';
import { body, badge, facingNotch, fitName, markerRow, oneLineName, style, symbolBox, TEXT_RES } from './counter-parts';
import { markerTexts, stacksOf, type StackItem } from './counters-model';
import { drawFormation } from './draw-formation';
import { mapLayout } from './formation-layout';
import { objectivesOf } from './objectives';
import { hexPolygon, hexToWorld, R, type Point } from './layout';
import { mix, sideColour } from './palette';
import { CHARACTER, NAME_TOP, TROOP } from './stack-layout';

/** Kept for callers that size things after a counter (a troop counter's width). */
export const COUNTER = TROOP.w;

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
  const { singles, doubles } = mapLayout(opts.view.board, stacksOf(opts.view), (it) => itemSize(it).h);
  // facing arrows under every counter: one never hides a name behind it
  const arrows = new Container();
  layer.addChild(arrows);
  const counters = new Container();
  const over = new Container();
  // back of each stack first, so the front counter is drawn last, on top;
  // a formation between the counters behind it and those in front of it
  for (let k = singles.length - 1; k >= 0; k--) {
    const s = singles[k];
    const counter = drawItem(s.item, opts, s.front);
    const arrow = facingArrow(s.item, opts);
    for (const piece of arrow ? [counter, arrow] : [counter]) {
      piece.position.set(s.x, s.y);
      piece.scale.set(s.scale);
    }
    if (arrow) arrows.addChild(arrow);
    counter.label = `counter:${s.item.id}`;
    (s.overFormation ? over : counters).addChild(counter);
    positions.set(s.item.id, { x: s.x, y: s.y });
  }
  for (const d of doubles) {
    counters.addChild(drawFormation(d, { view: opts.view, lang: opts.lang, selected: opts.selected === d.unit.id, ghost: opts.ghost === d.unit.id }));
    positions.set(d.unit.id, { x: d.x, y: d.y });
  }
  layer.addChild(counters, over);
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

