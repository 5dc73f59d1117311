import type { SideId } from '@lames/rules';
import { lang, t } from '../i18n';
import type { BattlePage, BattleSummary } from '../net/api';
import { h } from '../ui/dom';
import { scenarioTitle, summaryLine } from './summary';

/** "Batailles ouvertes": listed battles, a page at a time; take a free side or watch. */

export interface OpenBattlesHandlers {
  claim(battle: BattleSummary, side: SideId): void;
  spectate(battle: BattleSummary): void;
  page(n: number): void;
  refresh(): void;
}

export function renderOpenBattles(page: BattlePage | null, held: Set<string>, error: string, busy: boolean, on: OpenBattlesHandlers): HTMLElement {
  const body: (HTMLElement | null)[] = [];
  if (page === null) body.push(h('p', { class: 'muted' }, t('lobby.loading')));
  else if (page.battles.length === 0) body.push(h('p', { class: 'muted' }, t(page.page > 0 ? 'lobby.nonePage' : 'lobby.none')));
  else body.push(h('ul', { class: 'battles' }, page.battles.map((b) => item(b, held.has(b.battleId), busy, on))));
  if (page && (page.page > 0 || page.more)) {
    body.push(
      h(
        'div',
        { class: 'row pager' },
        h('button', { class: 'btn', 'data-page': 'prev', disabled: page.page === 0 || busy, onclick: () => on.page(page.page - 1) }, t('lobby.prevPage')),
        h('span', { class: 'muted small' }, t('lobby.pageN', { n: page.page + 1 })),
        h('button', { class: 'btn', 'data-page': 'next', disabled: !page.more || busy, onclick: () => on.page(page.page + 1) }, t('lobby.nextPage')),
      ),
    );
  }
  return h(
    'section',
    { class: 'card list-card' },
    h('div', { class: 'card-head' }, h('h2', {}, t('lobby.open')), h('button', { class: 'btn', id: 'refresh', onclick: () => on.refresh() }, t('lobby.refresh'))),
    error ? h('div', { class: 'error', role: 'alert' }, error) : null,
    ...body,
  );
}

function item(b: BattleSummary, mine: boolean, busy: boolean, on: OpenBattlesHandlers): HTMLElement {
  const ended = b.status === 'ended';
  return h(
    'li',
    { class: 'battle', 'data-room': b.battleId },
    h('div', { class: 'battle-title' }, h('strong', {}, b.battleName || scenarioTitle(b, lang())), h('span', { class: 'muted small' }, ` — ${scenarioTitle(b, lang())}`)),
    h('div', { class: 'muted small' }, summaryLine(b, null, lang()).text, b.referee.exists ? ` · ${t(b.referee.claimed ? 'lobby.refereeTaken' : 'lobby.refereeFree')}` : ''),
    h(
      'ul',
      { class: 'open-sides' },
      b.sides.map((s) =>
        h(
          'li',
          { 'data-side': s.id },
          h('span', { class: 'side-name' }, s.name),
          s.claimed
            ? h('span', { class: 'muted small' }, ` — ${s.playerName || t('summary.claimed')}${s.connected ? '' : ` (${t('game.disconnected')})`}`)
            : h('button', { class: 'btn small-btn', 'data-join': s.id, disabled: busy || mine || ended, onclick: () => on.claim(b, s.id) }, t('lobby.claim')),
        ),
      ),
    ),
    h('div', { class: 'row wrap' }, h('button', { class: 'btn', 'data-join': 'spectator', disabled: busy, onclick: () => on.spectate(b) }, t('lobby.joinSpectator')), mine ? h('span', { class: 'muted small' }, t('lobby.alreadyYours')) : null),
  );
}
