import { reject, Rejection } from '../actions/rejection';
import type { RejectionCode } from '../actions/rejection-texts';

/**
 * How a check says no. The verdict wants the rule in words; a preview's
 * search only needs to know that it is no, and wording every refusal of the
 * thousands of steps it tries would cost more than the search itself. Both
 * run the same checks (walker.ts, flee.ts).
 */
export type No = (code: RejectionCode, params?: () => Record<string, string | number>) => Rejection;
export const worded: No = (code, params) => reject(code, params?.());
/** The one refusal a search gets: that it is no. */
export const REFUSED: Rejection = { code: 'moveEnded', section: '', message: { fr: '', en: '' } };
export const silent: No = () => REFUSED;
