/**
 * The pure part of the in-battle chat (issue 12): what the server sends,
 * where a seat's line goes, the counter and the checks made before sending
 * (the server checks again: these only spare a refused round trip).
 * Mirrors packages/server/src/rooms/chat.ts.
 */
export type SpectatorChat = 'off' | 'readOnly' | 'amongThemselves';

export interface ChatLine {
  at: string;
  seat: string;
  name: string;
  audience: 'table' | 'spectators';
  text: string;
}

export const CHAT_MAX_CHARS = 500;
/** Lines the list keeps, as the server keeps. */
export const CHAT_KEEP = 500;

// Control characters other than newline, as the server refuses them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Where this seat's lines go, or null when it may not write (a spectator outside `amongThemselves`). */
export function recipientOf(seat: string, option: SpectatorChat): 'all' | 'spectators' | null {
  if (seat !== 'spectator') return 'all';
  return option === 'amongThemselves' ? 'spectators' : null;
}

/** Whether this seat reads anything at all: the chat is not shown to a spectator of a battle with the chat `off`. */
export function readsChat(seat: string, option: SpectatorChat): boolean {
  return seat !== 'spectator' || option !== 'off';
}

/** The text as the server will keep it: CRLF made LF, trimmed. */
export function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** What is wrong with a draft before sending, or null; 'empty' is not shown as an error, only blocks sending. */
export function draftProblem(text: string): 'empty' | 'tooLong' | 'control' | null {
  const s = normalise(text);
  if (s.length === 0) return 'empty';
  if (s.length > CHAT_MAX_CHARS) return 'tooLong';
  return FORBIDDEN.test(s) ? 'control' : null;
}

/** The counter under the input: characters left, negative when over. */
export function charsLeft(text: string): number {
  return CHAT_MAX_CHARS - normalise(text).length;
}

/** hh:mm of a line's server time, in the reader's time zone (a day-old line also shows its date). */
export function timeOf(at: string, now: Date = new Date(), locale = 'fr'): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return now.getTime() - d.getTime() >= 24 * 3600 * 1000 ? `${d.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}` : time;
}

/** The list after a new line: oldest dropped beyond CHAT_KEEP. */
export function withLine(lines: readonly ChatLine[], line: ChatLine): ChatLine[] {
  const next = [...lines, line];
  return next.length > CHAT_KEEP ? next.slice(next.length - CHAT_KEEP) : next;
}
