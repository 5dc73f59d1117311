import { t } from '../i18n';
import type { ReplayFailure } from './load';

/** Why there is nothing to replay, in the page's language. */
export function failureText(f: ReplayFailure): string {
  switch (f.code) {
    case 'otherRulesVersion':
      return t('replay.otherRulesVersion', { played: f.played, running: f.running });
    case 'scenarioChanged':
    case 'diverged':
      return t('replay.rulesDisagree');
    case 'noSeat':
      return t('replay.noSeat');
    case 'replayAfterEnd':
      return t('replay.afterEnd');
    case 'refused':
      return t('replay.refused', { reason: f.text });
  }
}
