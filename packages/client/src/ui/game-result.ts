import { hexLabel, type GameState } from '@lames/rules';
import { lang, t, type Lang } from '../i18n';
import { sideCss } from '../map/palette';
import { h } from './dom';
import { pointsText, scoreSourceLine } from './format-event';

/** The end card's words, apart from the page so that tests can read them in both languages. */
export interface ResultModel {
  /** "Victoire : Ardenne" or "Match nul". */
  headline: string;
  /** "Terminée au tour 8 sur 8". */
  turns: string;
  /**
   * Each side's points and where they came from, one line per source: the
   * objectives always (held or not), the other sources when they counted
   * something (a list of "0 × 1 pt = 0 pt" hides the lines that matter).
   */
  sides: { side: string; name: string; points: string; lines: string[] }[];
  /** What was under each cover when the battle ended: hidden units by name, decoys as decoys (issue 11). */
  revealed: string[];
}

/**
 * The end of the game (§2.4) as the card tells it. Once the battle has
 * ended the rules' viewFor shows every seat what was under the covers, so
 * the hidden units still in `view` and its decoys are what the covers hid.
 */
export function resultModel(view: GameState, l: Lang = lang()): ResultModel {
  const result = view.result!;
  const nameOf = (id: string) => view.sides.find((s) => s.id === id)?.name ?? view.units.find((u) => u.id === id)?.name ?? view.wings.find((w) => w.id === id)?.name;
  const winner = result.winner ? (nameOf(result.winner) ?? result.winner) : null;
  // a battle ended by an older server counted one turn past the limit: the last turn played is the limit
  const turn = Math.min(result.turn ?? view.turn, view.turnLimit);
  return {
    headline: winner ? t('result.winner', { side: winner }, l) : t('result.draw', {}, l),
    // A battle lost on time says so where the others say when they ended (docs/time-controls.md).
    turns:
      result.reason === 'lostOnTime'
        ? t('result.turnsOnTime', { turn, limit: view.turnLimit, sides: result.defeated.map((d) => nameOf(d.side) ?? d.side).join(', ') }, l)
        : t('result.turns', { turn, limit: view.turnLimit }, l),
    sides: result.scores.map((s) => ({
      side: s.side,
      name: nameOf(s.side) ?? s.side,
      points: pointsText(s.points, l),
      lines: s.lines.filter((line) => line.objective || line.count > 0).map((line) => scoreSourceLine(line, { lang: l, grid: view.board, nameOf })),
    })),
    revealed: revealedLines(view, l, nameOf),
  };
}

function revealedLines(view: GameState, l: Lang, nameOf: (id: string) => string | undefined): string[] {
  const hex = (i: number) => hexLabel(view.board, i);
  const units = view.units.filter((u) => u.hidden && u.hex >= 0).map((u) => t('result.revealedUnit', { unit: u.name, hex: hex(u.hex) }, l));
  const decoys = view.decoys.filter((d) => d.hex >= 0).map((d) => t('result.revealedDecoy', { hex: hex(d.hex), unit: nameOf(d.mimic) ?? d.mimic }, l));
  return [...units, ...decoys];
}

/** The end card: winner or draw, the turns played, each side's points, where every point came from, what the covers hid. */
export function renderResult(view: GameState): HTMLElement {
  const m = resultModel(view);
  return h(
    'div',
    { class: 'result', 'data-testid': 'result', 'data-winner': view.result!.winner ?? '' },
    h('strong', {}, m.headline),
    h('div', { class: 'muted small', 'data-testid': 'result-turns' }, m.turns),
    h(
      'ul',
      { class: 'sides' },
      m.sides.map((s) =>
        h(
          'li',
          { class: 'side-score', 'data-side': s.side },
          h('div', { class: 'side' }, h('span', { class: 'swatch', style: `background:${sideCss(view.sides, s.side)}` }), h('span', { class: 'side-name' }, s.name), ` · ${s.points}`),
          s.lines.length ? h('ul', { class: 'muted small score-lines' }, s.lines.map((line) => h('li', {}, line))) : null,
        ),
      ),
    ),
    m.revealed.length
      ? h('div', { class: 'revealed', 'data-testid': 'result-revealed' }, h('div', { class: 'small' }, t('result.revealed')), h('ul', { class: 'muted small' }, m.revealed.map((line) => h('li', {}, line))))
      : null,
  );
}
