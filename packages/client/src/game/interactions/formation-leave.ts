import { formationChoices, hexLabel } from '@lames/rules';
import { t } from '../../i18n';
import { actionLabel } from '../../ui/actions';
import { FormationChoiceInteraction } from './formation-choice';
import type { InteractionContext } from './interaction';

/**
 * Leave a formation (§3.3.13): the hexes troops may leave from, one or both
 * as the rules allow; a click on a hex picks leaving from it, a second click
 * there the next choice naming it (both hexes).
 */
export function leaveInteraction(ctx: InteractionContext): FormationChoiceInteraction {
  const name = (hexes: number[]) => hexes.map((hex) => hexLabel(ctx.view.board, hex)).join(' + ');
  const options = formationChoices(ctx.view, ctx.seat, ctx.piece).leaveFormation.map((hexes) => ({
    id: hexes.join('+'),
    label: name(hexes),
    hexes,
    action: { type: 'leaveFormation', piece: ctx.piece, hexes },
  }));
  return new FormationChoiceInteraction(ctx, { kind: 'leaveFormation', title: actionLabel('leaveFormation'), hint: t('action.formation.leaveHint'), options });
}
