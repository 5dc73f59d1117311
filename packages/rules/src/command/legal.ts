import type { Rejection } from '../actions/rejection';
import { reject } from '../actions/rejection';
import type { GameState, Seat } from '../state/types';
import { changeDirectiveRule } from './change-directive';
import { distributeOrdersRule } from './distribute-orders';
import { giveOrderRule } from './give-order';
import { orderOptions } from './options';
import { resignRule } from './resign';
import { takeCommandRule } from './take-command';
import { wingMoraleRule } from './wing-morale';

type CommandType = 'distributeOrders' | 'giveOrder' | 'changeDirective' | 'takeCommand' | 'resign' | 'wingMorale';
const DIRECTIVES = ['attack', 'defend', 'regroup', 'retreat'] as const;

/**
 * The command actions' verdicts for `legalActions` (§2.5): each is allowed
 * when some choice of its parameters passes its conditions (a target, a
 * directive, a wing), otherwise refused with the first reason. For
 * `wingMorale`, `piece` names the wing.
 */
export function commandVerdicts(state: GameState, seat: Seat, piece: string): Array<[CommandType, Rejection | null]> {
  return [
    ['distributeOrders', distributeOrdersRule.conditions(state, seat, { type: 'distributeOrders', piece })],
    ['giveOrder', giveOrderVerdict(state, seat, piece)],
    ['changeDirective', anyOf(DIRECTIVES.map((directive) => changeDirectiveRule.conditions(state, seat, { type: 'changeDirective', piece, directive })))],
    ['takeCommand', anyOf(state.wings.map((w) => takeCommandRule.conditions(state, seat, { type: 'takeCommand', piece, wing: w.id })))],
    ['resign', resignRule.conditions(state, seat, { type: 'resign', piece })],
    ['wingMorale', wingMoraleRule.conditions(state, seat, { type: 'wingMorale', wing: piece })],
  ];
}

function giveOrderVerdict(state: GameState, seat: Seat, piece: string): Rejection | null {
  const first = giveOrderRule.conditions(state, seat, { type: 'giveOrder', piece, target: piece });
  if (first && first.code !== 'orderToSelf') return first;
  const options = orderOptions(state, seat, piece);
  if (options.some((o) => o.allowed)) return null;
  return options[0]?.rejection ?? reject('unknownPiece');
}

/** Null when one of the refusals is null; otherwise the first refusal. */
function anyOf(refusals: Array<Rejection | null>): Rejection | null {
  if (refusals.length === 0) return reject('unknownWing');
  return refusals.some((r) => r === null) ? null : refusals[0];
}
