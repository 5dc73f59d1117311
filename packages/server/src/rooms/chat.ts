import type { Seat } from '@lames/rules';
import { z } from 'zod';
import { withinMessageRate, type MessageRateOptions } from '../limits/message-rate';

/**
 * In-battle chat (issue 12): plain text between the seats. A line is its
 * author's words, their seat and display name, and the server's clock;
 * the server adds nothing about the game to it, so it carries no secret by
 * itself. Who may read a line depends only on its audience and on the
 * battle's `spectatorChat` option, never on the game state.
 *
 * - `table` lines (players and referee): read by every player and the
 *   referee; by spectators only when the option is `readOnly`.
 * - `spectators` lines: posted and read by spectators only, when the
 *   option is `amongThemselves` (the default).
 * - option `off`: spectators neither read nor post.
 */
export const SPECTATOR_CHAT = ['off', 'readOnly', 'amongThemselves'] as const;
export type SpectatorChat = (typeof SPECTATOR_CHAT)[number];
export const DEFAULT_SPECTATOR_CHAT: SpectatorChat = 'amongThemselves';

export type ChatAudience = 'table' | 'spectators';

export const CHAT_MAX_CHARS = 500;
/** Lines kept per battle: older ones are dropped by the store and never sent again. */
export const CHAT_HISTORY = 500;
/** Chat's own budget per connection, on top of the room's message budget: 5 lines per 10 s. */
export const CHAT_RATE: MessageRateOptions = { perSecond: 0.5, burst: 5 };

export interface ChatLine {
  /** ISO 8601, the server's clock when the line was accepted. */
  at: string;
  seat: Seat;
  /** The author's display name as every seat already sees it; never a key. */
  name: string;
  audience: ChatAudience;
  text: string;
}

// Every control character but the newline (C0, DEL, C1), and the line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** The `chat` message: text is trimmed, 1 to 500 characters, no control character except a newline. */
export const chatMessageSchema = z.object({
  to: z.enum(['all', 'players', 'spectators']),
  text: z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, 'empty')
        .max(CHAT_MAX_CHARS, 'tooLong')
        .refine((s) => !FORBIDDEN.test(s), 'controlCharacter'),
    ),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A stored line as read back: checked, so a damaged store never sends something else as chat. */
export const chatLineSchema = z.object({
  at: z.string().min(1),
  seat: z.string().min(1),
  name: z.string(),
  audience: z.enum(['table', 'spectators']),
  text: z.string().max(CHAT_MAX_CHARS),
});

/** Where a seat's `to` lands, or null when that seat may not post there under `option`. */
export function audienceOf(seat: Seat, to: ChatMessage['to'], option: SpectatorChat): ChatAudience | null {
  if (seat !== 'spectator') return to === 'spectators' ? null : 'table';
  return to === 'spectators' && option === 'amongThemselves' ? 'spectators' : null;
}

/** Whether `seat` may read a line for `audience`. */
export function mayRead(seat: Seat, audience: ChatAudience, option: SpectatorChat): boolean {
  if (seat !== 'spectator') return audience === 'table';
  return audience === 'table' ? option === 'readOnly' : option === 'amongThemselves';
}

/** The part of `lines` a seat may read, oldest first. */
export function historyFor(lines: readonly ChatLine[], seat: Seat, option: SpectatorChat): ChatLine[] {
  return lines.filter((l) => mayRead(seat, l.audience, option));
}

/** Each connection's chat budget is its own bucket, apart from its message budget. */
const chatBuckets = new WeakMap<object, object>();

/** Whether `client` may post one more line now (and counts it). */
export function withinChatRate(client: object, options: MessageRateOptions = CHAT_RATE): boolean {
  let key = chatBuckets.get(client);
  if (!key) chatBuckets.set(client, (key = {}));
  return withinMessageRate(key, options);
}

interface ChatRefusal {
  code: 'chatRateLimited' | 'chatInvalid' | 'chatTooLong' | 'chatNotAllowed' | 'chatStoreFailed';
  message: { fr: string; en: string };
}

export const CHAT_REFUSALS: Record<ChatRefusal['code'], ChatRefusal> = {
  chatRateLimited: {
    code: 'chatRateLimited',
    message: { fr: 'Trop de messages : attendez quelques secondes avant d’écrire à nouveau.', en: 'Too many messages: wait a few seconds before writing again.' },
  },
  chatInvalid: {
    code: 'chatInvalid',
    message: { fr: 'Message refusé : texte vide ou caractères de contrôle.', en: 'Message refused: empty text or control characters.' },
  },
  chatTooLong: {
    code: 'chatTooLong',
    message: { fr: `Message trop long : ${CHAT_MAX_CHARS} caractères au plus.`, en: `Message too long: ${CHAT_MAX_CHARS} characters at most.` },
  },
  chatNotAllowed: {
    code: 'chatNotAllowed',
    message: { fr: 'Votre siège ne peut pas écrire à ces destinataires dans cette bataille.', en: 'Your seat may not write to these readers in this battle.' },
  },
  chatStoreFailed: {
    code: 'chatStoreFailed',
    message: { fr: "Le message n'a pas pu être enregistré : il n'est pas envoyé.", en: 'The message could not be stored: it was not sent.' },
  },
};

/** The refusal for a message that fails chatMessageSchema. */
export function invalidChatRefusal(error: z.ZodError): ChatRefusal {
  return error.issues.some((i) => i.message === 'tooLong') ? CHAT_REFUSALS.chatTooLong : CHAT_REFUSALS.chatInvalid;
}
