import { lang, t } from '../i18n';
import type { BattleSummary } from '../net/api';
import type { HeldSeat } from '../net/keys';
import { h } from '../ui/dom';
import { replayHref } from '../replay/credentials';
import { scenarioTitle, sidesLine, summaryLine } from './summary';

/** "Mes batailles": the seats this browser holds, with each battle's state from the server. */

export interface MyBattlesHandlers {
  resume(held: HeldSeat): void;
  forget(held: HeldSeat): void;
}

export function renderMyBattles(held: HeldSeat[], summaries: Map<string, BattleSummary> | null, error: string, busy: boolean, on: MyBattlesHandlers): HTMLElement | null {
  if (held.length === 0) return null;
  return h(
    'section',
    { class: 'card mine-card', 'data-testid': 'my-battles' },
    h('h2', {}, t('lobby.mine')),
    error ? h('div', { class: 'error', role: 'alert' }, error) : null,
    h('ul', { class: 'battles' }, held.map((s) => item(s, summaries, busy, on))),
  );
}

function seatLabel(held: HeldSeat, summary: BattleSummary | undefined): string {
  if (held.seat === 'referee') return t('seat.referee');
  if (held.seat === 'spectator') return t('seat.spectator');
  return summary?.sides.find((x) => x.id === held.seat)?.name ?? held.seat;
}

function item(held: HeldSeat, summaries: Map<string, BattleSummary> | null, busy: boolean, on: MyBattlesHandlers): HTMLElement {
  const s = summaries?.get(held.battleId);
  const line = s ? summaryLine(s, held.seat, lang()) : null;
  const title = s?.battleName || held.battleName || (s ? scenarioTitle(s, lang()) : held.battleId);
  const status = summaries === null ? t('lobby.loading') : line ? line.text : t('summary.unknown');
  return h(
    'li',
    { class: line?.yours ? 'battle yours' : 'battle', 'data-battle': held.battleId },
    h('div', { class: 'battle-title' }, h('strong', {}, title), s ? h('span', { class: 'muted small' }, ` — ${scenarioTitle(s, lang())}`) : null),
    h('div', { class: 'small' }, t('lobby.yourSeat', { seat: seatLabel(held, s) }), ' · ', h('span', { class: line?.yours ? 'pill pill-turn' : 'pill pill-wait', 'data-testid': 'battle-status' }, status)),
    s ? h('div', { class: 'muted small' }, sidesLine(s, lang())) : null,
    h(
      'div',
      { class: 'row wrap' },
      h('button', { class: 'btn primary', 'data-resume': held.battleId, disabled: busy, onclick: () => on.resume(held) }, t('lobby.resumeMine')),
      s?.status === 'ended' ? h('a', { class: 'btn', href: replayHref(held.battleId), 'data-replay': held.battleId }, t('replay.openEnded')) : null,
      h('button', { class: 'btn', 'data-forget': held.battleId, disabled: busy, onclick: () => on.forget(held) }, t('lobby.forget')),
    ),
  );
}
