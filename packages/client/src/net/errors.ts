import { lang, t, type Lang } from '../i18n';
import { REFUSAL_TEXTS, type RefusalCode } from './refusal-texts';

export { REFUSAL_TEXTS };

/**
 * What went wrong, in the reader's language and in a sentence of ours. The
 * server's refusals read "<code>: <français> / <English>": a code this
 * client knows gets its catalogue sentence, never the server's details (a
 * validation refusal names schema paths and regexes, for programs, not
 * players); a code it does not know (a newer server) shows only the
 * current language's half. The SDK's own errors get a sentence of ours;
 * anything else an "unexpected error" sentence, the raw message kept in
 * `detail` for the console.
 */

/** The SDK's matchmaking codes (@colyseus/shared-types ErrorCode), and HTTP statuses the server's guard answers. */
const NO_ROOM = 522;
const EXPIRED = 524;
const TOO_MANY = 429;
const TOO_LARGE = 413;

export interface Failure {
  /** The server's refusal code (e.g. `seatTaken`), or the SDK's error code as text; null when unknown. */
  code: string | null;
  text: string;
  /** The raw message, for the console, when `text` is a sentence of ours that does not carry it. */
  detail?: string;
}

/** The message and numeric code of whatever the SDK (or fetch) threw. */
function partsOf(e: unknown): { message: string; code?: number } {
  if (e instanceof Error) return { message: e.message, code: (e as Error & { code?: number }).code };
  if (typeof e === 'object' && e && 'message' in e) {
    const o = e as { message: unknown; code?: unknown };
    return { message: String(o.message), code: typeof o.code === 'number' ? o.code : undefined };
  }
  return { message: String(e) };
}

/** A bilingual refusal split into its code and the text in `l`; null when `message` is not one. */
export function splitRefusal(message: string, l: Lang = lang()): Failure | null {
  const m = /^([A-Za-z][A-Za-z0-9]*): ([\s\S]*)$/.exec(message.trim());
  if (!m) return null;
  const [, code, rest] = m;
  const known = knownRefusal(code, rest, l);
  if (known) return known;
  // the French text comes first; the English after the first " / " (details repeat in both halves)
  const cut = rest.indexOf(' / ');
  if (cut < 0) return { code, text: rest };
  return { code, text: l === 'fr' ? rest.slice(0, cut) : rest.slice(cut + 3) };
}

/** A code this client knows: its sentence, with the wait in seconds read from the server's text when it has one. */
function knownRefusal(code: string, rest: string, l: Lang): Failure | null {
  if (!Object.hasOwn(REFUSAL_TEXTS, code)) return null;
  const seconds = /(\d+)\s*s\b/.exec(rest)?.[1] ?? '…';
  return { code, text: t(REFUSAL_TEXTS[code as RefusalCode], { seconds }, l), ...(rest ? { detail: rest } : {}) };
}

export function failureOf(e: unknown, l: Lang = lang()): Failure {
  const { message, code } = partsOf(e);
  const refusal = splitRefusal(message, l) ?? knownRefusal(message.trim(), '', l);
  if (refusal) return refusal;
  if (code === NO_ROOM) return { code: String(code), text: t('error.noRoom', {}, l) };
  if (code === EXPIRED) return { code: String(code), text: t('error.expired', {}, l) };
  if (code === TOO_MANY) return { code: String(code), text: t('error.tooMany', {}, l) };
  if (code === TOO_LARGE) return { code: String(code), text: t('error.tooLarge', {}, l) };
  if (/failed to fetch|networkerror|load failed|econnrefused/i.test(message)) return { code: null, text: t('error.network', {}, l), detail: message };
  return { code: code === undefined ? null : String(code), text: t('error.unexpected', {}, l), detail: message };
}

/** Whether the SDK said no room is open under that id (the battle is saved, not running). */
export const isNoRoom = (e: unknown): boolean => partsOf(e).code === NO_ROOM;

/** The readable text of an error, in the current language. */
export const errorText = (e: unknown, l: Lang = lang()): string => failureOf(e, l).text;
