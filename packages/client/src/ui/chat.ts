import { lang, onLangChange, pick, t } from '../i18n';
import type { BattleRoom } from '../net/connection';
import { h } from './dom';
import { charsLeft, draftProblem, readsChat, recipientOf, timeOf, withLine, type ChatLine, type SpectatorChat } from './chat-model';

/**
 * The in-battle chat panel (issue 12). Everything the server sends is shown
 * with textContent (h() makes text nodes), never as HTML: a line is another
 * player's words. A folded panel, or one scrolled out of sight, counts the
 * lines that came meanwhile in a badge on its title.
 */
export interface ChatOptions {
  /** CSS colour of a seat (a side's colour; the referee and spectators get neutral ones). */
  colourOf: (seat: string) => string;
}

export interface ChatPanel {
  el: HTMLElement;
  destroy(): void;
}

export function mountChat(parent: HTMLElement, room: BattleRoom, options: ChatOptions): ChatPanel {
  let lines: ChatLine[] = [];
  let seat = 'spectator';
  let option: SpectatorChat = 'amongThemselves';
  let unread = 0;
  let inView = true;

  const list = h('ol', { class: 'chat-list', 'data-testid': 'chat-list', 'aria-live': 'polite' });
  const input = h('textarea', { class: 'chat-input', 'data-testid': 'chat-input', rows: 2, maxlength: 600 });
  const counter = h('span', { class: 'chat-counter muted small', 'data-testid': 'chat-counter' });
  const error = h('div', { class: 'chat-error', 'data-testid': 'chat-error', role: 'alert' });
  const send = h('button', { class: 'btn small', 'data-testid': 'chat-send', onclick: () => submit() });
  const badge = h('span', { class: 'chat-badge', 'data-testid': 'chat-badge', hidden: true });
  const title = h('summary', {}, h('span', { class: 'chat-title' }), badge);
  const form = h('div', { class: 'chat-form' }, input, h('div', { class: 'chat-form-row' }, counter, send), error);
  const note = h('div', { class: 'chat-note muted small', 'data-testid': 'chat-note' });
  const el = h('details', { class: 'card chat-card', 'data-testid': 'chat', open: true, hidden: true }, title, list, note, form);
  parent.appendChild(el);

  const markRead = () => {
    if (el.open && inView) unread = 0;
    renderBadge();
  };
  el.addEventListener('toggle', markRead);
  const observer = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(([e]) => ((inView = e.isIntersecting), markRead()));
  observer?.observe(list);

  function submit(): void {
    const to = recipientOf(seat, option);
    const problem = draftProblem(input.value);
    if (!to || problem === 'empty') return;
    if (problem) return showError(t(problem === 'tooLong' ? 'chat.tooLong' : 'chat.control'));
    room.send('chat', { to, text: input.value });
    input.value = '';
    showError('');
    renderCounter();
  }

  function showError(text: string): void {
    error.textContent = text;
  }

  function renderCounter(): void {
    const left = charsLeft(input.value);
    counter.textContent = t('chat.left', { n: left });
    counter.classList.toggle('over', left < 0);
  }

  function renderBadge(): void {
    badge.hidden = unread === 0;
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.title = t('chat.unread', { n: unread });
  }

  function lineEl(l: ChatLine): HTMLElement {
    return h(
      'li',
      { class: `chat-line chat-${l.audience}` },
      h('span', { class: 'chat-time muted small' }, timeOf(l.at, new Date(), lang())),
      h('span', { class: 'chat-author', style: `color: ${options.colourOf(l.seat)}` }, l.name || t(l.seat === 'referee' ? 'chat.referee' : 'chat.spectator')),
      h('span', { class: 'chat-text' }, l.text),
    );
  }

  function renderList(): void {
    list.replaceChildren(...(lines.length ? lines.map(lineEl) : [h('li', { class: 'chat-empty muted small' }, t('chat.empty'))]));
    list.scrollTop = list.scrollHeight;
  }

  function renderStatic(): void {
    title.querySelector('.chat-title')!.textContent = t('chat.title');
    send.textContent = t('chat.send');
    input.placeholder = t(seat === 'spectator' ? 'chat.placeholderSpectators' : 'chat.placeholder');
    const to = recipientOf(seat, option);
    form.hidden = !to;
    note.textContent = seat === 'spectator' ? t(to ? 'chat.noteAmongThemselves' : 'chat.noteReadOnly') : t('chat.noteTable');
    el.hidden = !readsChat(seat, option);
    renderCounter();
    renderBadge();
    renderList();
  }

  input.addEventListener('input', () => {
    renderCounter();
    if (error.textContent) showError('');
  });
  input.addEventListener('keydown', (e) => {
    // Enter sends; Shift+Enter makes a new line; not while an input method composes a word.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });

  room.onMessage('welcome', (m: { seat: string }) => {
    seat = m.seat;
    renderStatic();
  });
  // Sent after every welcome (also on reconnection): it replaces the list.
  room.onMessage('chatHistory', (m: { spectatorChat: SpectatorChat; lines: ChatLine[] }) => {
    option = m.spectatorChat;
    lines = m.lines;
    renderStatic();
  });
  room.onMessage('chat', (line: ChatLine) => {
    lines = withLine(lines, line);
    if (line.seat !== seat && !(el.open && inView)) unread += 1;
    renderList();
    renderBadge();
  });
  room.onMessage('chatRejected', (r: { message: { fr: string; en: string } }) => showError(pick(r.message)));

  const offLang = onLangChange(() => renderStatic());
  renderStatic();
  return {
    el,
    destroy() {
      offLang();
      observer?.disconnect();
      el.remove();
    },
  };
}
