import { bodyHexes, formationChoices, hexLabel } from '@lames/rules';
import { t } from '../../i18n';
import { actionLabel } from '../../ui/actions';
import { FormationChoiceInteraction, type FormationOption, type FormationChoiceSpec } from './formation-choice';
import type { InteractionContext } from './interaction';

/**
 * Break a formation (§3.3.12): its troops share its steps between its two
 * hexes; when the steps are odd the owner picks the hex that takes the extra
 * step, on the map or in the list. An even share needs no choice.
 */
export function breakInteraction(ctx: InteractionContext): FormationChoiceInteraction {
  // built again in the page's language whenever it is drawn
  return new FormationChoiceInteraction(ctx, () => breakSpec(ctx));
}

function breakSpec(ctx: InteractionContext): FormationChoiceSpec {
  const choices = formationChoices(ctx.view, ctx.seat, ctx.piece).breakFormation;
  const f = ctx.view.units.find((u) => u.id === ctx.piece);
  // the rules accept a heavier hex whatever the steps; it only means something when they are odd
  const odd = !!f && f.steps % 2 === 1;
  const heavier = odd ? choices.filter((hex): hex is number => hex !== undefined) : [];
  const even = choices.includes(undefined) ? [undefined] : [];
  const options: FormationOption[] = heavier.length
    ? heavier.map((hex) => ({ id: String(hex), label: hexLabel(ctx.view.board, hex), hexes: [hex], action: { type: 'breakFormation', piece: ctx.piece, heavier: hex } }))
    : even.map(() => ({ id: 'even', label: actionLabel('breakFormation'), hexes: f ? bodyHexes(f) : [], action: { type: 'breakFormation', piece: ctx.piece } }));
  return {
    kind: 'breakFormation',
    title: actionLabel('breakFormation'),
    hint: heavier.length ? t('action.formation.heavierHint') : t('action.formation.breakHint'),
    options,
  };
}
