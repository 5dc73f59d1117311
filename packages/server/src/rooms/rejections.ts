import type { Rejection } from '@lames/rules';

/**
 * A refusal of a message by the server itself (a pause, a clock, the
 * organiser, the store), sent like the rules' refusals (`rejected`
 * `{ code, section, message }`) but with a code outside the rules' own list
 * and no rule section: made here once rather than cast in every module.
 * The refusals of a join or a create are rooms/refusals.ts.
 */
export function serverRejection(code: string, message: { fr: string; en: string }): Rejection {
  return { code: code as Rejection['code'], section: '—', message };
}
