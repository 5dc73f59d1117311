import { tell } from '../fog/announce';
import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import { reject } from '../actions/rejection';
import { commanderRefusal } from './commander';
import { rollCommandPoints } from './points';

/**
 * Action de Distribution d'Ordres Particuliers (§2.5.9), first half: the
 * character under activation rolls his command points, which the activation
 * keeps; `giveOrder` spends them and `pass` ends it (it also ends by itself
 * when no point is left). No special order is needed for this one command
 * action (§2.5.5). The roll is told to the owner only while the character is
 * under a cover: the points would betray his capacity.
 */
export const distributeOrdersRule: ActionRule<{ type: 'distributeOrders'; piece: string }> = {
  section: '§2.5.9',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => (state.activation?.commandPoints !== undefined ? reject('ordersAlreadyDistributed') : null),
      () => commanderRefusal(state, state.units.find((u) => u.id === a.piece)),
    ),
  procedure(state, _seat, a, dice) {
    const character = state.units.find((u) => u.id === a.piece)!;
    const roll = rollCommandPoints(state, character, dice);
    state.activation!.commandPoints = roll.points;
    const body = { type: 'commandPoints' as const, unit: character.id, die: roll.die, rank: roll.rank, lowered: roll.lowered, points: roll.points };
    return [tell(state, character.id, body, '§2.5.9')];
  },
};
