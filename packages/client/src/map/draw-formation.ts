import { Container, Graphics, Text } from 'pixi.js';
import { figuresOf, isBloodied, type GameState, type Unit } from '@lames/rules';
import { t, type Lang } from '../i18n';
import { body, facingNotch, markerRow, oneLineName, badge, style, symbolBox, TEXT_RES } from './counter-parts';
import { SYMBOLS, symbolOf } from './counter-symbols';
import { markerTexts, modeBadge } from './counters-model';
import { DOUBLE, type DoublePlaced } from './formation-layout';
import { NAME_TOP } from './stack-layout';
import { mix, sideColour } from './palette';

export interface FormationDrawOptions {
  view: GameState;
  lang: Lang;
  selected: boolean;
  ghost: boolean;
}

/**
 * A formation's double counter (§3.3): one long counter across its two
 * hexes with its type symbol and name in the head, its steps as figures —
 * two steps a figure, the last one bloodied on the counter's bloodied face
 * (odd steps, l.2124) —, its mode marker (§3.3.6; none in march) and its
 * facing arrow on the long edge towards the vertex it faces.
 */
export function drawFormation(p: DoublePlaced, opts: FormationDrawOptions): Container {
  const u = p.unit;
  const { w, h } = DOUBLE;
  const colour = sideColour(opts.view.sides, u.side);
  const c = new Container();
  // the arrow first: under the counter, its base hidden by the edge
  facingNotch(c, p.frontUp ? 0 : 6, DOUBLE, colour);
  const g = new Graphics();
  body(g, w, h, 7, isBloodied(u.steps) ? mix(colour, 0x3a0a08, 0.3) : colour, opts.selected);
  g.roundRect(-w / 2 + 2, -h / 2 + 2, w - 4, 17, 5).fill({ color: 0xffffff, alpha: 0.16 });
  c.addChild(g);
  c.addChild(symbolBox(false, SYMBOLS[symbolOf(u)], -w / 2 + 4, -h / 2 + 3));
  // the head: symbol left, steps right; the name on one line under it, across the counter
  const steps = new Text({ text: t('unit.formationSteps', { steps: u.steps }, opts.lang), style: style({ fontSize: 11, fontWeight: '800', fill: 0xffffff }), resolution: TEXT_RES });
  steps.anchor.set(1, 0.5);
  steps.position.set(w / 2 - 6, -h / 2 + 10.5);
  c.addChild(steps);
  const name = oneLineName(u.name, w - 12, false);
  name.position.set(0, -h / 2 + NAME_TOP - 2);
  c.addChild(name);
  figures(c, u, 11);
  // the bottom row, from the left: the mode (§3.3.6), then the state markers (§2.1.2)
  markerRow(c, DOUBLE, [], u.order === 'activated');
  const mode = modeBadge(u, opts.lang);
  let x = -w / 2 + 5;
  for (const m of [...(mode ? [mode] : []), ...markerTexts(u, opts.lang)]) x += badge(c, m.text, x, h / 2 - 8.5, m.bg, 0xffffff, 'left') + 2;
  c.position.set(p.x, p.y);
  c.rotation = p.rotation;
  c.scale.set(p.scale);
  if (opts.ghost) c.alpha = 0.35;
  c.label = `counter:${u.id}`;
  return c;
}

/** The figures in a row across the counter: a helmeted head over a shield, the last one red on the bloodied face. */
function figures(c: Container, u: Unit, y: number): void {
  const n = figuresOf(u.steps);
  const gap = Math.min(22, (DOUBLE.w - 24) / Math.max(1, n));
  const g = new Graphics();
  for (let i = 0; i < n; i++) {
    const x = (i - (n - 1) / 2) * gap;
    const hurt = i === n - 1 && isBloodied(u.steps);
    const fill = hurt ? 0xd2463a : 0xffffff;
    g.circle(x, y - 6, 3.2).fill(fill).stroke({ width: 1, color: 0x15110c });
    g.roundRect(x - 4.5, y - 2.5, 9, 9.5, 3).fill(fill).stroke({ width: 1, color: 0x15110c });
  }
  g.label = `figures:${n}`;
  c.addChild(g);
}
