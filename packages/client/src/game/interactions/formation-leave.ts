import { formationChoices, hexLabel } from '@lames/rules';
import { t } from '../../i18n';
import { actionLabel } from '../../ui/actions';
import { FormationChoiceInteraction, type FormationChoiceSpec } from './formation-choice';
import type { InteractionContext } from './interaction';

/**
 * Leave a formation (§3.3.13): the hexes troops may leave from, one or both
 * as the rules allow; a click on a hex picks leaving from it, a second click
 * there the next choice naming it (both hexes).
 */
export function leaveInteraction(ctx: InteractionContext): FormationChoiceInteraction {
  // built again in the page's language whenever it is drawn
  return new FormationChoiceInteraction(ctx, () => leaveSpec(ctx));
}

function leaveSpec(ctx: InteractionContext): FormationChoiceSpec {
  const name = (hexes: number[]) => hexes.map((hex) => hexLabel(ctx.view.board, hex)).join(' + ');
  const options = formationChoices(ctx.view, ctx.seat, ctx.piece).leaveFormation.map((hexes) => ({
    id: hexes.join('+'),
    label: name(hexes),
    hexes,
    action: { type: 'leaveFormation', piece: ctx.piece, hexes },
  }));
  return { kind: 'leaveFormation', title: actionLabel('leaveFormation'), hint: t('action.formation.leaveHint'), options };
}
