import type { TextKey } from '../i18n/fr';

/**
 * Every refusal code the server gives before a battle opens (server
 * rooms/refusals.ts, limits/http-guard.ts) and its sentence; the server's
 * refusal-texts test checks this list holds every code it can send.
 */
export const REFUSAL_TEXTS = {
  invalidCreateOptions: 'error.invalidCreateOptions',
  invalidJoinOptions: 'error.invalidJoinOptions',
  unknownScenario: 'error.unknownScenario',
  battleNotFound: 'error.battleNotFound',
  battleEnded: 'error.battleEnded',
  battleClosed: 'error.battleClosed',
  battleAdjudicated: 'error.battleAdjudicated',
  battleAlreadyOpen: 'error.battleAlreadyOpen',
  storeUnavailable: 'error.storeUnavailable',
  battleWithoutSeats: 'error.battleWithoutSeats',
  unknownSeat: 'error.unknownSeat',
  seatRefused: 'error.seatRefused',
  broadcastOnly: 'error.broadcastOnly',
  tooManyAttempts: 'error.tooManyAttempts',
  tooManyCreates: 'error.tooManyCreates',
  bodyTooLarge: 'error.tooLarge',
  notFound: 'error.notFound',
} as const satisfies Record<string, TextKey>;

export type RefusalCode = keyof typeof REFUSAL_TEXTS;
