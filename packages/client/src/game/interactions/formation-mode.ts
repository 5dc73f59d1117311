import { formationChoices, organisationPreview } from '@lames/rules';
import { lang, pick, t, type TextKey } from '../../i18n';
import { modeEffectLines } from '../../ui/formation-text';
import { actionLabel, oddsText } from '../../ui/actions';
import { FormationChoiceInteraction, type FormationChoiceSpec } from './formation-choice';
import type { InteractionContext } from './interaction';

/**
 * Change a formation's mode (§3.3.14): the modes open to it, listed; next
 * to an enemy the change rolls the organisation test first, whose odds
 * (threshold, modifiers, chance) are shown before choosing. Nothing to pick
 * on the map.
 */
export function modeInteraction(ctx: InteractionContext): FormationChoiceInteraction {
  // built again in the page's language whenever it is drawn
  return new FormationChoiceInteraction(ctx, () => modeSpec(ctx));
}

function modeSpec(ctx: InteractionContext): FormationChoiceSpec {
  const modes = formationChoices(ctx.view, ctx.seat, ctx.piece).changeMode;
  const test = organisationPreview(ctx.view, ctx.seat, ctx.piece);
  // each modifier with its section, as the attack panel lists them
  const odds = test ? [oddsText(test).full, ...test.modifiers.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${pick(m.label)} (${m.section})`)] : [t('action.formation.modeFree')];
  // the picked mode's effects, from the rules' data, under the odds
  const options = modes.map((mode) => ({ id: mode, label: t(`mode.${mode}` as TextKey), details: modeEffectLines(mode, lang()), hexes: [], action: { type: 'changeMode', piece: ctx.piece, mode } }));
  return { kind: 'changeMode', title: actionLabel('changeMode'), hint: t('action.formation.modeHint'), options, notes: odds };
}
