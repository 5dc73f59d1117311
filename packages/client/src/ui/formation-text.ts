import { effectsOfMode, figuresOf, isBloodied, movementCapacity, type FormationMode, type Unit } from '@lames/rules';
import { t, type Lang, type TextKey } from '../i18n';

/** A formation's figures as the counter shows them (§3.3, l.2124): 2 steps a figure, the bloodied face when odd. */
export function figuresText(u: Pick<Unit, 'steps'>, lang: Lang): string {
  return t('unit.figuresValue', { figures: figuresOf(u.steps), steps: u.steps, bloodied: isBloodied(u.steps) ? t('unit.bloodied', {}, lang) : '' }, lang);
}

/** A formation's mode (§3.3.6): march when none is set. */
export function modeText(u: Pick<Unit, 'formationMode'>, lang: Lang): string {
  return t(`mode.${u.formationMode ?? 'march'}`, {}, lang);
}

/** What a mode does, read from the rules' data (formations.json through modeEffects), one line per effect (§3.3.6). */
export function modeEffectLines(mode: FormationMode, lang: Lang): string[] {
  const e = effectsOfMode(mode);
  const lines: string[] = [];
  if (e.shock || e.fire) lines.push(t('mode.effect.bonus', { shock: e.shock, fire: e.fire }, lang));
  if (e.movementRanksLower) lines.push(t('mode.effect.slower', { ranks: e.movementRanksLower }, lang));
  if (e.allFront) lines.push(t('mode.effect.allFront', {}, lang));
  if (e.noSupportBreath) lines.push(t('mode.effect.freeSupport', {}, lang));
  return lines.length ? lines : [t('mode.effect.none', {}, lang)];
}

/** The movement capacity the unit moves with: the printed one, or the one its formation's mode lowers it to, saying so (§3.3.6). */
export function movementCapacityText(u: Pick<Unit, 'profiles' | 'formationMode'>, lang: Lang): string {
  const cap = (c: string) => t(`capacity.${c}` as TextKey, {}, lang);
  const now = movementCapacity(u);
  const printed = u.profiles.movement.capacity;
  return now === printed ? cap(printed) : t('unit.movementLowered', { capacity: cap(now), printed: cap(printed) }, lang);
}
