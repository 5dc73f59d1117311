import { en } from './en';
import { fr, TextKey } from './fr';

export type Lang = 'fr' | 'en';
export type { TextKey };

const STORAGE_KEY = 'lames.lang';
const tables: Record<Lang, Record<TextKey, string>> = { fr, en };
const listeners = new Set<(lang: Lang) => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let current: Lang = storage()?.getItem(STORAGE_KEY) === 'en' ? 'en' : 'fr';

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  storage()?.setItem(STORAGE_KEY, l);
  if (typeof document !== 'undefined') document.documentElement.lang = l;
  for (const f of listeners) f(l);
}

export function toggleLang(): void {
  setLang(current === 'fr' ? 'en' : 'fr');
}

/** Called after every language change; returns an unsubscribe function. */
export function onLangChange(f: (lang: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Fills `{name}` placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The text of `key` in the current language (or `l`), placeholders filled. */
export function t(key: TextKey, params?: Record<string, string | number>, l: Lang = current): string {
  return fill(tables[l][key] ?? key, params);
}

/** A `{fr, en}` text from the server or the rules, in the current language. */
export function pick(text: { fr: string; en: string } | undefined | null, l: Lang = current): string {
  if (!text) return '';
  return text[l] ?? text.fr;
}
