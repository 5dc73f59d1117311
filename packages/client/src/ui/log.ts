import type { GameEvent, GridSize } from '@lames/rules';
import { lang, t } from '../i18n';
import { clear, h } from './dom';
import { formatEvent } from './format-event';

/** The dice and event log: one line per event, newest at the bottom, with its rule section. */
export function renderLog(el: HTMLElement, events: readonly GameEvent[], grid: GridSize, nameOf: (id: string) => string | undefined): void {
  clear(el);
  if (events.length === 0) {
    el.appendChild(h('li', { class: 'log-empty' }, t('game.logEmpty')));
    return;
  }
  for (const e of events) {
    const f = formatEvent(e, { lang: lang(), grid, nameOf });
    const cls = `log-line log-${f.type}${f.outcome ? ` log-${f.outcome}` : ''}`;
    el.appendChild(
      h(
        'li',
        { class: cls },
        h('div', { class: 'log-main' }, h('span', { class: 'log-text' }, f.text), h('span', { class: 'log-section' }, f.section)),
        f.details?.length ? h('ul', { class: 'log-details' }, f.details.map((d) => h('li', {}, d))) : null,
      ),
    );
  }
  el.scrollTop = el.scrollHeight;
}
