import { t } from '../i18n';
import { h } from './dom';
import { toast } from './toast';

/** A link shown in a read-only field with a copy button; the field selects itself when clicked. */
export function linkField(label: string, url: string, testId: string): HTMLElement {
  const input = h('input', { type: 'text', readonly: true, value: url, class: 'link-input', 'data-testid': testId, 'aria-label': label });
  input.addEventListener('focus', () => input.select());
  return h(
    'div',
    { class: 'link-field' },
    h('div', { class: 'link-label' }, label),
    h('div', { class: 'row link-row' }, input, h('button', { class: 'btn', 'data-copy': testId, onclick: () => void copy(url, input) }, t('link.copy'))),
  );
}

/** Copies to the clipboard; where the browser refuses, selects the field so that the player copies it. */
export async function copy(text: string, field?: HTMLInputElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('link.copied'));
  } catch {
    field?.focus();
    field?.select();
    toast(t('link.copyByHand'));
  }
}
