import type { Text } from '../i18n/text';
import { REJECTIONS, RejectionCode } from './rejection-texts';

/**
 * Why an action is refused: a stable code for programs, the rule section that
 * forbids it, and the sentence for players in French and English.
 */
export interface Rejection {
  code: RejectionCode;
  section: string;
  message: Text;
}

export function reject(code: RejectionCode, params: Record<string, string | number> = {}): Rejection {
  const entry = REJECTIONS[code];
  // Without parameters the texts are the entry's own (legal-action checks refuse often: no regex then).
  if (Object.keys(params).length === 0) return { code, section: entry.section, message: { fr: entry.fr, en: entry.en } };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
  return { code, section: entry.section, message: { fr: fill(entry.fr), en: fill(entry.en) } };
}

export function isRejection(x: unknown): x is Rejection {
  return typeof x === 'object' && x !== null && 'code' in x && 'section' in x && 'message' in x;
}
