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
  battleAlreadyOpen: { fr: 'La bataille {id} est déjà ouverte : rejoignez-la.', en: 'Battle {id} is already open: join it.' },
  storeUnavailable: { fr: "Impossible de lire les batailles enregistrées.", en: 'Saved battles cannot be read.' },
  invalidJoinOptions: { fr: 'Options pour rejoindre invalides : {detail}', en: 'Invalid join options: {detail}' },
  unknownSeat: { fr: "Ce siège n'existe pas dans cette bataille : {seat}", en: 'No such seat in this battle: {seat}' },
  seatTaken: { fr: 'Ce camp est déjà tenu par un autre joueur : {seat}', en: 'That side is already held by another player: {seat}' },
  noRefereeSeat: { fr: "Cette bataille n'a pas d'arbitre.", en: 'This battle has no referee seat.' },
  refereeTaken: { fr: "L'arbitre est déjà installé.", en: 'The referee seat is already taken.' },
  wrongRefereeCode: { fr: "Code d'arbitre incorrect.", en: 'Wrong referee code.' },
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
