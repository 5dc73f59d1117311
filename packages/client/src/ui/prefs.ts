import { t, type TextKey } from '../i18n';
import { askNotifications, prefOn, setPref, type AttentionPref } from './attention';
import { h } from './dom';
import { toast } from './toast';

/** One opt-in alert: a checkbox remembered in localStorage. */
function prefToggle(pref: AttentionPref, key: TextKey): HTMLElement {
  const input = h('input', { type: 'checkbox', 'data-pref': pref, checked: prefOn(pref) });
  input.addEventListener('change', () => void changed(pref, input));
  return h('label', { class: 'check-label pref' }, input, h('span', { 'data-i18n': key }, t(key)));
}

async function changed(pref: AttentionPref, input: HTMLInputElement): Promise<void> {
  // a notification needs the browser's permission, asked only when the player ticks the box
  if (pref === 'notify' && input.checked && !(await askNotifications())) {
    input.checked = false;
    toast(t('page.prefs.notifyDenied'), 'error');
  }
  setPref(pref, input.checked);
}

/** The alerts card: a sound and a notification when it becomes the player's turn, both off by default. */
export function renderPrefs(): HTMLElement {
  return h(
    'details',
    { class: 'card prefs', 'data-testid': 'prefs' },
    h('summary', { 'data-i18n': 'page.prefs' }, t('page.prefs')),
    prefToggle('sound', 'page.prefs.sound'),
    prefToggle('notify', 'page.prefs.notify'),
    h('p', { class: 'muted small', 'data-i18n': 'page.keys' }, t('page.keys')),
  );
}
