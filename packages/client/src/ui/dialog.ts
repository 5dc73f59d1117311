import { t } from '../i18n';
import { h } from './dom';

/**
 * A modal box over the page, in the DOM (not `window.confirm`, which a
 * browser may silence): a title, a body, and its buttons. Escape or a click
 * outside answers as the last (cancel) button.
 */

export interface DialogButton<T> {
  label: string;
  value: T;
  primary?: boolean;
  testId?: string;
}

export function dialog<T>(title: string, body: (Node | string)[], buttons: DialogButton<T>[], testId = 'dialog'): Promise<T> {
  return new Promise((resolve) => {
    const cancel = buttons[buttons.length - 1].value;
    const close = (value: T) => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      resolve(value);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(cancel);
    };
    const box = h(
      'div',
      { class: 'dialog card', role: 'dialog', 'aria-modal': 'true', 'data-testid': testId },
      h('h2', {}, title),
      h('div', { class: 'dialog-body' }, ...body),
      h(
        'div',
        { class: 'row dialog-buttons' },
        buttons.map((b) => h('button', { class: b.primary ? 'btn primary' : 'btn', 'data-action': b.testId ?? null, onclick: () => close(b.value) }, b.label)),
      ),
    );
    const overlay = h('div', { class: 'dialog-overlay' }, box);
    overlay.addEventListener('click', (e) => e.target === overlay && close(cancel));
    document.addEventListener('keydown', onKey);
    document.body.appendChild(overlay);
    (box.querySelector('.btn.primary') as HTMLButtonElement | null)?.focus();
  });
}

/** Yes or no. */
export function confirmDialog(title: string, text: string, ok: string, testId = 'confirm-dialog'): Promise<boolean> {
  return dialog(title, [h('p', {}, text)], [
    { label: ok, value: true, primary: true, testId: 'dialog-ok' },
    { label: t('dialog.cancel'), value: false, testId: 'dialog-cancel' },
  ], testId);
}
