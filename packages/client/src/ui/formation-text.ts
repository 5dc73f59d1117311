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

/** One step of a formation's move, by its kind (§3.3.3 pivot, §3.3.7 advance and half-turn). */
function stepKind(step: object): 'shift' | 'pivot' | 'face' | 'to' {
  if ('pivot' in step) return 'pivot';
  if ('shift' in step) return 'shift';
  return 'face' in step ? 'face' : 'to';
}

/**
 * The steps of a formation's move in words, runs of one kind counted
 * ("pivot → avance ×2"): two places on the same hexes and facing may be
 * reached by different steps, and the chip says which.
 */
export function bodyStepsText(steps: readonly object[], lang: Lang): string {
  const runs: { kind: ReturnType<typeof stepKind>; n: number }[] = [];
  for (const s of steps) {
    const kind = stepKind(s);
    const last = runs[runs.length - 1];
    if (last?.kind === kind) last.n += 1;
    else runs.push({ kind, n: 1 });
  }
  return runs
    .map(({ kind, n }) => {
      const name = t(`body.step.${kind}`, {}, lang);
      return n === 1 ? name : t('body.step.times', { step: name, n }, lang);
    })
    .join(' → ');
}
