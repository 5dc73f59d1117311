import { SHORTCUTS, typing } from '../ui/shortcuts';
import { selectKey, type SelectKey } from './key-select';

export interface KeyTargets {
  /** Where the action buttons are (the side panel). */
  panel(): HTMLElement | null;
  /** Escape: close the result card, else the choice in progress. */
  cancel(): void;
  /** N / Shift+N, ] / [, . / , (game/key-select.ts): true when the key was used. */
  select(key: SelectKey): boolean;
}

/**
 * The battle page's keyboard: Escape cancels, Enter confirms the choice in
 * progress, and a letter clicks its action's button (see ui/shortcuts.ts).
 * Keys go through the panel's own buttons, so a shortcut is refused exactly
 * when its button is; nothing fires while typing in a field or while a
 * dialog is open (the dialog has its own Escape).
 */
export class PageKeys {
  private readonly onKey = (e: KeyboardEvent) => this.handle(e);

  constructor(private readonly targets: KeyTargets) {}

  attach(): void {
    document.addEventListener('keydown', this.onKey);
  }

  detach(): void {
    document.removeEventListener('keydown', this.onKey);
  }

  private handle(e: KeyboardEvent): void {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    if (document.querySelector('.dialog-overlay')) return;
    if (e.key === 'Escape') {
      this.targets.cancel();
      return;
    }
    const sel = selectKey(e);
    if (sel) {
      if (this.targets.select(sel)) e.preventDefault();
      return;
    }
    const panel = this.targets.panel();
    if (!panel) return;
    if (e.key === 'Enter') {
      // a focused button answers Enter itself
      if ((e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
      const confirm = panel.querySelector<HTMLButtonElement>('.actions-body button.btn.primary[data-action^="confirm"]:not(:disabled)');
      if (confirm) {
        e.preventDefault();
        confirm.click();
      }
      return;
    }
    const action = SHORTCUTS[e.key.toLowerCase()];
    const button = action ? panel.querySelector<HTMLButtonElement>(`.actions-body button[data-action="${action}"]:not(:disabled)`) : null;
    if (button) {
      e.preventDefault();
      button.click();
    }
  }
}
