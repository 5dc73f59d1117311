import { bodyHexes } from '@lames/rules';
import { t } from '../../i18n';
import { actionLabel } from '../../ui/actions';
import { FormationChoiceInteraction, type FormationChoiceSpec } from './formation-choice';
import { joinSize, sizeSum } from './formation-plan';
import type { InteractionContext } from './interaction';

/**
 * Join a formation (§3.3.11): nothing to choose (every troop stacked behind
 * it comes in), but the player sees the steps it would reach against its
 * command's size limit before confirming.
 */
export function joinInteraction(ctx: InteractionContext): FormationChoiceInteraction {
  // built again in the page's language whenever it is drawn
  return new FormationChoiceInteraction(ctx, () => joinSpec(ctx));
}

function joinSpec(ctx: InteractionContext): FormationChoiceSpec {
  const size = joinSize(ctx.view, ctx.piece);
  const f = ctx.view.units.find((u) => u.id === ctx.piece);
  const hexes = f ? bodyHexes(f) : [];
  const option = { id: 'join', label: actionLabel('joinFormation'), hexes, action: { type: 'joinFormation', piece: ctx.piece } };
  return {
    kind: 'joinFormation',
    title: actionLabel('joinFormation'),
    hint: t('action.formation.joinHint'),
    options: [option],
    notes: size ? [t('action.formation.size', { sum: sizeSum(size) })] : [],
  };
}
