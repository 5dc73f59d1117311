import { HEXSIDES, TERRAINS } from '@lames/rules';
import { t, type Lang, type TextKey } from '../i18n';
import { SYMBOLS, type SymbolId, type SymbolPart } from '../map/counter-symbols';
import { MARKER_COLOURS, type MarkerBadge } from '../map/counters-model';
import { HEXSIDE_STYLES, TERRAIN_COLOURS } from '../map/palette';
import { h } from './dom';

/**
 * The map legend (issue 11): terrain colours, hexside marks, unit type
 * symbols, what a counter shows, markers, objectives and altitude, drawn
 * with the same colours and symbol geometry as the map itself.
 */
const SVG = 'http://www.w3.org/2000/svg';
const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

function svg(w: number, h: number, ...children: SVGElement[]): SVGSVGElement {
  const el = document.createElementNS(SVG, 'svg');
  el.setAttribute('width', String(w));
  el.setAttribute('height', String(h));
  el.setAttribute('viewBox', `0 0 ${w} ${h}`);
  el.setAttribute('aria-hidden', 'true');
  el.append(...children);
  return el;
}

function node(tag: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A symbol in its frame, from the same geometry the counters use. */
export function symbolSvg(id: SymbolId): SVGSVGElement {
  const w = 30;
  const hh = 20;
  const at = (x: number, y: number) => [w / 2 + x * (w / 2 - 4), hh / 2 + y * (hh / 2 - 3)];
  const parts: SVGElement[] = [];
  if (id !== 'character') parts.push(node('rect', { x: 1, y: 1, width: w - 2, height: hh - 2, fill: '#2d5b9a', stroke: '#fff', 'stroke-width': 1.4 }));
  else parts.push(node('rect', { x: 1, y: 1, width: w - 2, height: hh - 2, rx: 6, fill: '#2d5b9a' }));
  for (const p of SYMBOLS[id]) parts.push(...symbolPart(p, at, hh / 2 - 3));
  return svg(w, hh, ...parts);
}

function symbolPart(p: SymbolPart, at: (x: number, y: number) => number[], unit: number): SVGElement[] {
  const stroke = { stroke: '#fff', 'stroke-width': 1.6, 'stroke-linecap': 'round', fill: 'none' };
  if (p.kind === 'line') {
    const pts: number[] = [];
    for (let i = 0; i + 1 < p.pts.length; i += 2) pts.push(...at(p.pts[i], p.pts[i + 1]));
    return [node('polyline', { points: pts.join(' '), ...stroke })];
  }
  if (p.kind === 'circle') {
    const [x, y] = at(p.x, p.y);
    return [node('circle', { cx: x, cy: y, r: p.r * unit, ...(p.fill ? { fill: '#fff' } : stroke) })];
  }
  if (p.kind === 'arc') {
    const [x, y] = at(p.x, p.y);
    const r = p.r * unit * 1.3;
    const a = [x + r * Math.cos(p.from), y + r * Math.sin(p.from)];
    const b = [x + r * Math.cos(p.to), y + r * Math.sin(p.to)];
    return [node('path', { d: `M ${a[0]} ${a[1]} A ${r} ${r} 0 0 1 ${b[0]} ${b[1]}`, ...stroke })];
  }
  const pts: number[] = [];
  for (let i = 0; i + 1 < p.pts.length; i += 2) pts.push(...at(p.pts[i], p.pts[i + 1]));
  return [node('polygon', { points: pts.join(' '), ...(p.fill ? { fill: '#ffe08a' } : stroke) })];
}

/** A hexside mark as the board draws it (draw-board.ts), on a short segment. */
function hexsideSvg(kind: string): SVGSVGElement {
  const s = HEXSIDE_STYLES[kind];
  const line = (attrs: Record<string, string | number>) => node('line', { x1: 4, y1: 10, x2: 36, y2: 10, 'stroke-linecap': 'round', ...attrs });
  const ticks = (colour: string) => [8, 16, 24, 32].map((x) => node('line', { x1: x, y1: 10, x2: x, y2: 16, stroke: colour, 'stroke-width': 2.5 }));
  const parts: SVGElement[] = [node('rect', { x: 0, y: 0, width: 40, height: 20, fill: hex(TERRAIN_COLOURS.clear) })];
  if (kind === 'water') parts.push(line({ stroke: '#e8f2f8', 'stroke-width': s.width / 1.6 + 3 }), line({ stroke: hex(s.color), 'stroke-width': s.width / 1.6 }));
  else if (kind === 'road') parts.push(line({ stroke: '#5e4426', 'stroke-width': 7 }), line({ stroke: '#c9a46a', 'stroke-width': 4.5 }));
  else if (kind === 'rough') parts.push(line({ stroke: hex(s.color), 'stroke-width': s.width / 1.6, 'stroke-dasharray': '5 4' }));
  else if (kind === 'impassable') parts.push(line({ stroke: hex(s.color), 'stroke-width': s.width / 1.6 }), ...ticks(hex(s.color)));
  else if (kind === 'fortification') parts.push(line({ stroke: hex(s.color), 'stroke-width': s.width / 1.6 }), ...ticks('#a39a90'));
  else if (kind === 'fortificationEntrance') parts.push(line({ stroke: hex(s.color), 'stroke-width': s.width / 1.6, 'stroke-dasharray': '11 10', 'stroke-linecap': 'butt' }));
  return svg(40, 20, ...parts);
}

const MARKER_NAMES: Record<MarkerBadge['key'], TextKey> = {
  shaken: 'cohesion.shaken',
  routed: 'cohesion.routed',
  winded: 'breath.winded',
  exhausted: 'breath.exhausted',
  contact: 'shock.contact',
  charge: 'shock.charge',
  specialOrder: 'order.specialOrder',
  ammoDiminished: 'map.legend.ammoDiminished',
  ammoExhausted: 'map.legend.ammoExhausted',
};

export function buildLegend(lang: Lang): HTMLElement {
  const tx = (key: TextKey) => t(key, {}, lang);
  const item = (swatch: Node, label: string) => h('li', {}, swatch, h('span', {}, label));
  const section = (title: TextKey, items: HTMLElement[]) => h('section', {}, h('h4', {}, tx(title)), h('ul', {}, items));
  const square = (colour: number) => svg(20, 16, node('rect', { x: 0, y: 0, width: 20, height: 16, rx: 3, fill: hex(colour), stroke: '#2e2a22' }));
  return h(
    'div',
    { class: 'legend-body' },
    section('map.legend.terrain', TERRAINS.map((k) => item(square(TERRAIN_COLOURS[k] ?? TERRAIN_COLOURS.clear), tx(`terrain.${k}` as TextKey)))),
    section('map.legend.hexsides', HEXSIDES.filter((k) => k !== 'normal').map((k) => item(hexsideSvg(k), tx(`hexside.${k}` as TextKey)))),
    section('map.legend.symbols', (Object.keys(SYMBOLS) as SymbolId[]).filter((k) => k !== 'unknown').map((k) => item(symbolSvg(k), tx(`symbol.${k}` as TextKey)))),
    section('map.legend.counter', [
      item(svg(30, 12, ...[0, 1, 2].map((i) => node('circle', { cx: 6 + i * 9, cy: 6, r: 3.4, fill: i < 2 ? '#fff' : '#7a1b14', stroke: i < 2 ? '#15110c' : '#ff9a8a' }))), tx('map.legend.steps')),
      item(svg(20, 16, node('polygon', { points: '2,14 10,2 18,14', fill: '#2d5b9a', stroke: '#fff', 'stroke-width': 1.4 })), tx('map.legend.facing')),
      item(svg(18, 18, node('circle', { cx: 9, cy: 9, r: 7.5, fill: '#f4d35e', stroke: '#15110c' }), node('polyline', { points: '5.5,9 8,12 12.5,6', fill: 'none', stroke: '#15110c', 'stroke-width': 1.8 })), tx('map.legend.activated')),
      item(h('span', { class: 'legend-cover' }, '?'), tx('map.legend.cover')),
      item(svg(24, 24, node('rect', { x: 2, y: 1, width: 20, height: 14, rx: 2, fill: '#8c2a22', stroke: '#15110c' }), node('rect', { x: 2, y: 8, width: 20, height: 14, rx: 2, fill: '#2d5b9a', stroke: '#15110c' })), tx('map.legend.stack')),
    ]),
    section(
      'map.legend.markers',
      (Object.keys(MARKER_COLOURS) as MarkerBadge['key'][]).map((k) => item(h('span', { class: 'legend-chip', style: `background:${hex(MARKER_COLOURS[k])}` }, tx(`marker.${k}` as TextKey)), tx(MARKER_NAMES[k]))),
    ),
    h(
      'section',
      {},
      h('ul', {}, [
        item(svg(24, 20, node('polygon', { points: '6,1 18,1 23,10 18,19 6,19 1,10', fill: hex(TERRAIN_COLOURS.clear), stroke: '#f4c542', 'stroke-width': 3 })), tx('map.legend.objective')),
        item(svg(24, 20, node('polygon', { points: '6,1 18,1 23,10 18,19 6,19 1,10', fill: '#b89a6a', stroke: '#5a3d1a', 'stroke-width': 2.5 })), tx('map.legend.altitude')),
      ]),
      h('p', { class: 'legend-keys' }, tx('map.legend.keys')),
      h('p', { class: 'legend-keys', 'data-testid': 'legend-select-keys' }, tx('keyboard.legend')),
    ),
  );
}
