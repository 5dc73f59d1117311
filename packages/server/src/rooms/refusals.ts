import { ErrorCode, ServerError } from '@colyseus/core';

/**
 * Why a battle cannot be opened or joined: a stable code, then the sentence
 * in French and English. The SDK surfaces `error.code` (a number) and
 * `error.message`, which reads "<code>: <français> / <English>", so both
 * programs (the code before the colon) and players can use it.
 */
export const REFUSALS = {
  invalidCreateOptions: { fr: 'Options de création invalides : {detail}', en: 'Invalid battle options: {detail}' },
  unknownScenario: { fr: 'Scénario inconnu : {id}', en: 'Unknown scenario: {id}' },
  battleNotFound: { fr: 'Aucune bataille enregistrée sous {id}.', en: 'No saved battle {id}.' },
  battleEnded: { fr: 'La bataille {id} est terminée.', en: 'Battle {id} is over.' },
  battleClosed: { fr: "L'organisateur a clos la bataille {id} : {reason}", en: 'The organiser closed battle {id}: {reason}' },
  battleAdjudicated: { fr: "L'organisateur a arbitré la bataille {id} et en a déclaré le résultat : {reason}", en: 'The organiser adjudicated battle {id} and declared its result: {reason}' },
  battleAlreadyOpen: { fr: 'La bataille {id} est déjà ouverte : rejoignez-la.', en: 'Battle {id} is already open: join it.' },
  storeUnavailable: { fr: "Impossible de lire les batailles enregistrées.", en: 'Saved battles cannot be read.' },
  battleWithoutSeats: {
    fr: "La bataille {id} date d'avant les clés de siège : elle ne peut pas être reprise.",
    en: 'Battle {id} predates seat keys: it cannot be resumed.',
  },
  invalidJoinOptions: { fr: 'Options pour rejoindre invalides : {detail}', en: 'Invalid join options: {detail}' },
  unknownSeat: { fr: "Ce siège n'existe pas dans ce scénario : {seat}", en: 'No such seat in this scenario: {seat}' },
  // One wording for every refused key, invite or claim, whatever the reason: a refusal must never tell a right guess from a wrong one.
  seatRefused: {
    fr: "Ce lien ou cette demande ne donne accès à aucun siège de cette bataille.",
    en: 'This link or request gives no seat in this battle.',
  },
  broadcastOnly: {
    fr: 'Cette bataille est diffusée en différé : les spectateurs la suivent dans la diffusion.',
    en: 'This battle is broadcast with a delay: spectators watch it through the broadcast.',
  },
  tooManyAttempts: { fr: 'Trop de tentatives : réessayez dans {seconds} s.', en: 'Too many attempts: try again in {seconds} s.' },
} as const satisfies Record<string, { fr: string; en: string }>;

export type RefusalCode = keyof typeof REFUSALS;

export class Refusal extends ServerError {
  constructor(
    readonly refusal: RefusalCode,
    params: Record<string, string> = {},
  ) {
    const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`);
    const text = REFUSALS[refusal];
    super(ErrorCode.APPLICATION_ERROR, `${refusal}: ${fill(text.fr)} / ${fill(text.en)}`);
  }
}
