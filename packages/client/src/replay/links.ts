import { t } from '../i18n';
import { h } from '../ui/dom';
import { replayHref } from './credentials';

/**
 * The battle page's "Revoir / Replay" button: the replay opens in a new tab
 * (the battle stays where it is), which finds the seat's credential in this
 * browser's storage, never in the address.
 */
export function replayButton(battleId: () => string): HTMLButtonElement {
  return h(
    'button',
    {
      class: 'btn ghost',
      id: 'replay',
      title: t('replay.openTitle'),
      'data-testid': 'replay-open',
      onclick: () => {
        if (battleId()) window.open(replayHref(battleId()), '_blank', 'noopener');
      },
    },
    t('replay.open'),
  );
}

/** The button's words again, after a change of language. */
export function replayButtonText(header: HTMLElement): void {
  const button = header.querySelector<HTMLElement>('#replay');
  if (!button) return;
  button.textContent = t('replay.open');
  button.title = t('replay.openTitle');
}
