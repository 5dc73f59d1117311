import { h } from './dom';

/** Short messages at the top of the page; errors stay longer. */
export function toast(message: string, kind: 'info' | 'error' = 'info', detail?: string): void {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div', { id: 'toasts', 'aria-live': 'polite' });
    document.body.appendChild(box);
  }
  const el = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('span', { class: 'toast-text' }, message), detail ? h('span', { class: 'toast-detail' }, detail) : null);
  el.addEventListener('click', () => el.remove());
  box.appendChild(el);
  setTimeout(() => el.classList.add('toast-out'), kind === 'error' ? 7000 : 3500);
  setTimeout(() => el.remove(), kind === 'error' ? 7600 : 4100);
}
