import { serverRejection } from '../rooms/rejections';

/**
 * Messages per connection (issue 7: a client could flood the room with
 * actions, each one run through the rules and saved). A token bucket: a
 * burst of `burst` messages, refilled at `perSecond`. One bucket per
 * connection, kept on the connection itself so it goes with it.
 */
export interface MessageRateOptions {
  perSecond: number;
  burst: number;
  now?: () => number;
}

export const MESSAGE_RATE: MessageRateOptions = { perSecond: 10, burst: 20 };

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new WeakMap<object, Bucket>();

/**
 * Whether the connection `client` may send one more message now (and counts
 * it). The room calls it first thing in each message handler and, on false,
 * answers that client alone with a `rateLimited` refusal.
 */
export function withinMessageRate(
  client: object,
  options: MessageRateOptions = MESSAGE_RATE,
): boolean {
  const now = (options.now ?? Date.now)();
  const bucket = buckets.get(client) ?? { tokens: options.burst, at: now };
  bucket.tokens = Math.min(
    options.burst,
    bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond,
  );
  bucket.at = now;
  buckets.set(client, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** The refusal a connection gets for a message over its rate (the message is dropped, nothing changes). */
export const RATE_LIMITED = serverRejection('rateLimited', {
  fr: 'Trop de messages : celui-ci est ignoré, réessayez dans un instant.',
  en: 'Too many messages: this one was ignored; try again in a moment.',
});
