import { hexLabel, hexsideAt, isFormation, stackPlace, type Direction, type GameState, type Unit } from '@lames/rules';
import { pick, t, type Lang, type TextKey } from '../i18n';
import { className } from '../i18n/profiles';
import { symbolOf } from '../map/counter-symbols';
import { stacksOf, type StackItem } from '../map/counters-model';
import { objectiveAt } from '../map/objectives';
import { sideCss } from '../map/palette';
import { facingName } from './format-event';
import { figuresText, modeText } from './formation-text';
import { clear, h } from './dom';

/**
 * The card shown for the hovered (mouse) or long-pressed (touch) hex
 * (issue 11): terrain, altitude, feature, each hexside that is not normal,
 * the objective, and every piece of the stack as this seat sees it. Built
 * from the seat's view only, so it can tell no more than the counters do:
 * a cover is a side and a question mark.
 */
export interface HexCardPiece {
  id: string;
  /** Side colour, for the swatch. */
  colour: string;
  title: string;
  /** Short lines under the title: type, steps and facing, state, markers, faculties. */
  lines: string[];
}

export interface HexCardModel {
  title: string;
  terrain: string;
  hexsides: { dir: string; kind: string }[];
  objective: string | null;
  pieces: HexCardPiece[];
}

export function hexCardModel(view: GameState, hex: number, lang: Lang): HexCardModel {
  const tx = (key: TextKey, params?: Record<string, string | number>) => t(key, params, lang);
  const board = view.board;
  const feature = board.features[hex];
  const terrain = [
    tx('card.terrain', { terrain: tx(`terrain.${board.terrain[hex]}` as TextKey) }),
    feature ? tx(`feature.${feature}` as TextKey) : '',
    tx('card.altitude', { alt: board.altitude[hex] ?? 0 }),
  ].filter(Boolean);
  const hexsides: HexCardModel['hexsides'] = [];
  for (let d = 0; d < 6; d++) {
    const kind = hexsideAt(board, hex, d as Direction);
    // hexside directions N, NE… are facings 0, 2, 4… (facings turn by 30°)
    if (kind !== 'normal') hexsides.push({ dir: facingName(2 * d, lang), kind: tx(`hexside.${kind}` as TextKey) });
  }
  const o = objectiveAt(view, hex);
  return {
    title: tx('card.hex', { hex: hexLabel(board, hex) }),
    terrain: terrain.join(' · '),
    hexsides,
    objective: o ? tx('card.objective', { name: pick(o.name, lang), points: o.points }) : null,
    pieces: (stacksOf(view).get(hex) ?? []).map((item) => pieceCard(view, item, lang)),
  };
}

/** French typography puts a space before a colon, English none. */
const colon = (lang: Lang) => (lang === 'fr' ? '\u00a0: ' : ': ');

function pieceCard(view: GameState, item: StackItem, lang: Lang): HexCardPiece {
  const tx = (key: TextKey, params?: Record<string, string | number>) => t(key, params, lang);
  const sideName = (id: string) => view.sides.find((s) => s.id === id)?.name ?? id;
  if (item.kind === 'cover') {
    const c = item.cover;
    return { id: c.id, colour: sideCss(view.sides, c.side), title: tx('unit.coverOf', { side: sideName(c.side) }), lines: c.activated ? [tx('order.activated')] : [] };
  }
  if (item.kind === 'decoy') {
    const d = item.decoy;
    const mimic = view.units.find((u) => u.id === d.mimic)?.name ?? d.mimic;
    return { id: d.id, colour: sideCss(view.sides, d.side), title: tx('unit.decoy'), lines: [tx('unit.mimic', { unit: mimic }), `${tx('unit.facing')} ${facingName(d.facing, lang)}`] };
  }
  const u = item.unit;
  const place = stackPlace(view, u);
  const state = [tx(`cohesion.${u.cohesion}` as TextKey), tx(`breath.${u.breath}` as TextKey)];
  const markers = [
    u.shock !== 'none' ? tx(`shock.${u.shock}` as TextKey) : '',
    u.order !== 'none' ? tx(`order.${u.order}` as TextKey) : '',
    u.ammunition ? tx(`marker.${u.ammunition === 'diminished' ? 'ammoDiminished' : 'ammoExhausted'}` as TextKey) : '',
    u.hidden ? tx('unit.hidden') : '',
  ].filter(Boolean);
  const lines = [
    `${typeLine(u, lang)} · ${sideName(u.side)}`,
    `${tx('unit.steps', { steps: u.steps, max: u.maxSteps })} · ${tx('unit.facing')} ${facingName(u.facing, lang)}${place !== 'alone' ? ` · ${tx(`stack.${place}` as TextKey)}` : ''}`,
    state.join(', '),
  ];
  if (markers.length) lines.push(tx('card.markers', { list: markers.join(', ') }));
  if (isFormation(u)) lines.push(`${tx('unit.figures')}${colon(lang)}${figuresText(u, lang)} · ${tx('unit.mode')}${colon(lang)}${modeText(u, lang)}`);
  if (u.faculties.length) lines.push(`${tx('unit.faculties')}${colon(lang)}${u.faculties.map((f) => tx(`faculty.${f}` as TextKey)).join(', ')}`);
  return { id: u.id, colour: sideCss(view.sides, u.side), title: u.name, lines };
}

/** The unit's type as the legend names its symbol, and its weapon class when that says more (a character's). */
function typeLine(u: Unit, lang: Lang): string {
  const symbol = t(`symbol.${symbolOf(u)}` as TextKey, {}, lang);
  const weapon = className(u.profiles.weapon.class, lang);
  return symbol.includes(weapon) ? symbol : `${symbol} · ${weapon}`;
}

/** Fills `el` with the card of `hex`, or hides it for no hex; `extra` lines (move cost, line of sight…) go at the end. */
export function renderHexCard(el: HTMLElement, view: GameState | null, hex: number, lang: Lang, extra: string[] = []): void {
  clear(el);
  if (!view || hex < 0) {
    el.hidden = true;
    return;
  }
  const m = hexCardModel(view, hex, lang);
  el.dataset.hex = hexLabel(view.board, hex);
  const parts: (HTMLElement | null)[] = [
    h('div', { class: 'hc-title' }, h('strong', {}, m.title), ' ', h('span', { class: 'hc-terrain' }, m.terrain)),
    m.objective ? h('div', { class: 'hc-objective', 'data-testid': 'hex-card-objective' }, `★ ${m.objective}`) : null,
    m.hexsides.length ? h('div', { class: 'hc-sides' }, `${t('card.hexsides', {}, lang)} — `, m.hexsides.map((s) => `${s.dir}${colon(lang)}${s.kind}`).join(' · ')) : null,
    ...m.pieces.map((p) =>
      h(
        'div',
        { class: 'hc-piece', 'data-piece': p.id },
        h('div', { class: 'hc-name' }, h('span', { class: 'swatch', style: `background:${p.colour}` }), p.title),
        p.lines.map((l) => h('div', { class: 'hc-line' }, l)),
      ),
    ),
  ];
  el.append(...parts.filter((p): p is HTMLElement => p !== null));
  for (const line of extra) addHexCardLine(el, line);
  el.hidden = false;
}

/** One more line at the end of the card (an interaction's note on the hovered hex). */
export function addHexCardLine(el: HTMLElement, line: string): void {
  el.append(h('div', { class: 'hc-extra' }, line));
}
