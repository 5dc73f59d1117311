import type { FormationActionType } from '@lames/rules';
import type { FormationChoiceInteraction } from './formation-choice';
import { breakInteraction } from './formation-break';
import { joinInteraction } from './formation-join';
import { leaveInteraction } from './formation-leave';
import { modeInteraction } from './formation-mode';
import { partnerInteraction } from './formation-partner';
import type { InteractionContext } from './interaction';

/** The interaction of each formation action (§3.3.9–3.3.14), each built in its own module. */
export function formationInteraction(ctx: InteractionContext, type: FormationActionType): FormationChoiceInteraction {
  switch (type) {
    case 'fuse':
    case 'constitute':
      return partnerInteraction(ctx, type);
    case 'joinFormation':
      return joinInteraction(ctx);
    case 'leaveFormation':
      return leaveInteraction(ctx);
    case 'breakFormation':
      return breakInteraction(ctx);
    case 'changeMode':
      return modeInteraction(ctx);
  }
}
