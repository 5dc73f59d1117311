import { figuresOf, isBloodied, type Unit } from '@lames/rules';
import { t, type Lang } from '../i18n';

/** A formation's figures as the counter shows them (§3.3, l.2124): 2 steps a figure, the bloodied face when odd. */
export function figuresText(u: Pick<Unit, 'steps'>, lang: Lang): string {
  return t('unit.figuresValue', { figures: figuresOf(u.steps), steps: u.steps, bloodied: isBloodied(u.steps) ? t('unit.bloodied', {}, lang) : '' }, lang);
}

/** A formation's mode (§3.3.6): march when none is set. */
export function modeText(u: Pick<Unit, 'formationMode'>, lang: Lang): string {
  return t(`mode.${u.formationMode ?? 'march'}`, {}, lang);
}
