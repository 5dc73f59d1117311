/**
 * Keyboard shortcuts of the battle page: a key clicks the panel's button of
 * that `data-action`, so a shortcut does exactly what the button does (and
 * nothing while the button is refused). Same keys in both languages; each
 * button's title shows its key.
 */
export const SHORTCUTS: Record<string, string> = {
  a: 'activate',
  m: 'move-normal',
  c: 'shock',
  t: 'fire',
  r: 'reload',
  p: 'pass',
  f: 'end-turn',
};

/** The key of a button's action, for its title: "Activer (A)". */
export function shortcutOf(action: string): string | null {
  const key = Object.keys(SHORTCUTS).find((k) => SHORTCUTS[k] === action);
  return key ? key.toUpperCase() : null;
}

/** A label with its key: "Fin du tour (F)". */
export function withShortcut(label: string, action: string): string {
  const key = shortcutOf(action);
  return key ? `${label} (${key})` : label;
}

/** Whether a key press belongs to a text field (never a shortcut there); a ticked box or radio is not one. */
export function typing(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  const tag = el?.tagName?.toLowerCase();
  if (tag === 'input') return !['checkbox', 'radio', 'button', 'submit'].includes(String(el?.type ?? 'text').toLowerCase());
  return tag === 'textarea' || tag === 'select' || !!el?.isContentEditable;
}
