import { t } from '../i18n';
import { copy } from '../ui/copy';
import { h } from '../ui/dom';
import type { BattleStatus, InviteRow, Standing } from './api';

/** The organiser page's tables: invite links, battles with their status, standings. Drawing only. */

export function inviteTable(rows: InviteRow[]): HTMLElement {
  return h(
    'table',
    { class: 'org-table', 'data-testid': 'invite-table' },
    h('thead', {}, h('tr', {}, h('th', {}, t('organiser.player')), h('th', {}, t('organiser.seat')), h('th', {}, t('organiser.link')))),
    h(
      'tbody',
      {},
      rows.map((r) => {
        const input = h('input', { type: 'text', readonly: true, value: r.link, class: 'link-input', 'data-testid': 'invite-link', 'data-player': r.player, 'data-seat': r.seat, 'aria-label': `${r.player} ${t('organiser.link')}` });
        input.addEventListener('focus', () => input.select());
        return h('tr', {}, h('td', {}, r.player), h('td', {}, r.seatName), h('td', { class: 'org-link' }, input, h('button', { class: 'btn', onclick: () => void copy(r.link, input) }, t('link.copy'))));
      }),
    ),
  );
}

export interface BattleRowHandlers {
  adjudicate(battle: BattleStatus, winner: string | null, reason: string): void;
  /** A new invite for the seat; whoever holds it loses it. */
  reassign(battle: BattleStatus, side: string): void;
  /** Pause, resume or close (with a reason) the battle. */
  control(battle: BattleStatus, kind: 'lock' | 'unlock' | 'close', reason?: string): void;
}

export function battleTable(battles: BattleStatus[], on: BattleRowHandlers): HTMLElement {
  if (battles.length === 0) return h('p', { class: 'muted' }, t('organiser.noBattles'));
  return h(
    'table',
    { class: 'org-table', 'data-testid': 'battle-table' },
    h('thead', {}, h('tr', {}, [t('organiser.round'), t('organiser.pairing'), t('organiser.status'), t('organiser.lastAction'), t('organiser.result')].map((c, i) => h('th', { class: i === 3 ? 'org-when' : null }, c)))),
    h('tbody', {}, battles.map((b) => battleRow(b, on))),
  );
}

function battleRow(b: BattleStatus, on: BattleRowHandlers): HTMLElement {
  const pairing = b.sides.map((s) =>
    h(
      'div',
      { 'data-claimed': String(s.claimed) },
      `${s.claimed ? '✓' : '…'} ${s.player} (${s.sideName}) `,
      b.phase === 'ended' || b.phase === 'closed' ? null : h('button', { class: 'link', 'data-reassign': s.side, title: t('organiser.reassignHint'), onclick: () => on.reassign(b, s.side) }, t('organiser.reassign')),
    ),
  );
  return h(
    'tr',
    { 'data-battle': b.battleId, 'data-phase': b.phase },
    h('td', {}, String(b.round)),
    h('td', {}, pairing),
    h('td', {}, phaseText(b), controls(b, on)),
    h('td', { class: 'small org-when' }, b.lastActionAt ? new Date(b.lastActionAt).toLocaleString() : '—'),
    h('td', {}, b.result ? resultText(b) : b.phase === 'missing' ? '—' : adjudicateForm(b, on)),
  );
}

/** Pause or resume, and close with a reason, while the battle is neither ended nor closed. */
function controls(b: BattleStatus, on: BattleRowHandlers): HTMLElement | null {
  if (b.phase === 'ended' || b.phase === 'closed' || b.phase === 'missing') return null;
  const locked = b.phase === 'locked';
  const reason = h('input', { type: 'text', maxlength: 500, placeholder: t('organiser.closeReason'), 'aria-label': t('organiser.closeReason') });
  const close = h('button', { class: 'btn', 'data-action': 'close', onclick: () => reason.value.trim() && on.control(b, 'close', reason.value.trim()) }, t('organiser.closeButton'));
  return h(
    'div',
    { class: 'org-battle-actions' },
    h('button', { class: 'btn small-btn', 'data-action': locked ? 'unlock' : 'lock', title: locked ? '' : t('organiser.lockHint'), onclick: () => on.control(b, locked ? 'unlock' : 'lock') }, t(locked ? 'organiser.unlock' : 'organiser.lock')),
    h('details', { class: 'org-close' }, h('summary', {}, t('organiser.close')), reason, close),
  );
}

function phaseText(b: BattleStatus): string {
  const sideName = (id: string | null) => b.sides.find((s) => s.side === id)?.sideName ?? id ?? '';
  const phase = phaseOnly(b, sideName);
  // notify policy: the battle goes on, the organiser is told who ran out of time
  return b.timedOut.length > 0 && b.phase !== 'pausedOnTime' ? `${phase} (${t('organiser.outOfTime', { sides: b.timedOut.map(sideName).join(', ') })})` : phase;
}

function phaseOnly(b: BattleStatus, sideName: (id: string | null) => string): string {
  switch (b.phase) {
    case 'pausedOnTime':
      return t('organiser.phase.pausedOnTime', { sides: b.timedOut.map(sideName).join(', ') });
    case 'playing':
      return t('organiser.phase.playing', { turn: b.turn, side: sideName(b.activeSide) });
    case 'awaitingDefender':
      return t('organiser.phase.awaitingDefender', { turn: b.turn, side: sideName(b.awaiting) });
    case 'closed':
      return `${t('organiser.phase.closed')} (${t('organiser.closed', { reason: b.closed?.reason ?? '' })})`;
    default:
      return t(`organiser.phase.${b.phase}`);
  }
}

function resultText(b: BattleStatus): string {
  const r = b.result!;
  const winner = r.winner === null ? t('organiser.draw') : t('organiser.wins', { name: b.sides.find((s) => s.playerId === r.winner)?.player ?? r.winner });
  const points = b.sides.map((s) => r.points[s.playerId]).filter((p) => p !== undefined);
  const reason = r.adjudication ? ` (${t('organiser.adjudicated', { reason: r.adjudication.reason })})` : '';
  return `${winner}${points.length ? ` ${points.join('–')}` : ''}${reason}`;
}

/** A result declared by the organiser: winner (or draw) and a reason, kept in the tournament's record. */
function adjudicateForm(b: BattleStatus, on: BattleRowHandlers): HTMLElement {
  const winner = h('select', { 'aria-label': t('organiser.result') }, [...b.sides.map((s) => h('option', { value: s.playerId }, t('organiser.wins', { name: s.player }))), h('option', { value: '' }, t('organiser.draw'))]);
  const reason = h('input', { type: 'text', maxlength: 500, placeholder: t('organiser.reason'), 'aria-label': t('organiser.reason') });
  const record = h('button', { class: 'btn', onclick: () => reason.value.trim() && on.adjudicate(b, winner.value || null, reason.value.trim()) }, t('organiser.confirmResult'));
  return h('details', { class: 'org-adjudicate' }, h('summary', {}, t('organiser.adjudicate')), winner, reason, record);
}

export function standingsTable(rows: Standing[]): HTMLElement {
  return h(
    'table',
    { class: 'org-table', 'data-testid': 'standings' },
    h('thead', {}, h('tr', {}, [t('organiser.rank'), t('organiser.player'), t('organiser.played'), t('organiser.record'), t('organiser.byes'), t('organiser.score'), t('organiser.vp')].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      rows.map((s) => h('tr', { 'data-player': s.name }, h('td', {}, String(s.rank)), h('td', {}, s.name), h('td', {}, String(s.played)), h('td', {}, `${s.wins}-${s.draws}-${s.losses}`), h('td', {}, String(s.byes)), h('td', {}, String(s.score)), h('td', {}, String(s.victoryPoints)))),
    ),
  );
}
