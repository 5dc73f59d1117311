import { z } from 'zod';

/**
 * The broadcast delay a battle may be created with (issue 12): spectators
 * see the full view of the start of turn T−N while turn T is played. The
 * longest scenario plays a dozen turns; 0 (the default) is off.
 */
export const MAX_BROADCAST_DELAY = 20;

export const broadcastDelaySchema = z.number().int().min(0).max(MAX_BROADCAST_DELAY).default(0);

/** Whether a battle's spectators watch the delayed broadcast instead of the live spectator view. */
export function isBroadcast(delay: number | undefined): delay is number {
  return typeof delay === 'number' && delay > 0;
}
