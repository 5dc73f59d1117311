import { formationChoices } from '@lames/rules';
import { t } from '../../i18n';
import { actionLabel } from '../../ui/actions';
import { FormationChoiceInteraction, type FormationOption, type FormationChoiceSpec } from './formation-choice';
import { constituteSize, sizeSum } from './formation-plan';
import { hexOfPiece, type InteractionContext } from './interaction';

/**
 * Fuse (§3.3.9) or constitute (§3.3.10): the partners the rules allow,
 * ringed on the map and listed; a click on a partner's hex (again: the next
 * one in the stack) or on its name picks it. A constitution shows the steps
 * it gathers against the command's size limit.
 */
export function partnerInteraction(ctx: InteractionContext, type: 'fuse' | 'constitute'): FormationChoiceInteraction {
  // built again in the page's language whenever it is drawn
  return new FormationChoiceInteraction(ctx, () => partnerSpec(ctx, type));
}

function partnerSpec(ctx: InteractionContext, type: 'fuse' | 'constitute'): FormationChoiceSpec {
  const partners = formationChoices(ctx.view, ctx.seat, ctx.piece)[type];
  const options: FormationOption[] = partners.map((id) => ({
    id,
    label: ctx.view.units.find((u) => u.id === id)?.name ?? id,
    hexes: [hexOfPiece(ctx.view, id)].filter((hex) => hex >= 0),
    action: { type, piece: ctx.piece, with: id },
    details: type === 'constitute' ? sizeLine(ctx, id) : undefined,
  }));
  return { kind: type, title: actionLabel(type), hint: t('action.formation.partnerHint'), options };
}

function sizeLine(ctx: InteractionContext, partner: string): string[] {
  const size = constituteSize(ctx.view, ctx.piece, partner);
  return size ? [t('action.formation.size', { sum: sizeSum(size) })] : [];
}
