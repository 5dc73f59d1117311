import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, PendingLosses, Unit } from '../state/types';
import { loseCharge, loseStep } from '../units/condition';
import { stackAt } from '../units/stacking';
import type { LossPlan } from './loss-plans';
import type { Direction } from '../geometry/hex';
import { executeRecoil, isSteady } from './recoil';
import { isDuel, isFire } from './advantage-part';
import { attackedHex } from './loss-plans';
import { noteRecoil } from './formation-attacks';
import { executeFormationRecoil, recoilFacing } from './formation-recoil';
import { isFormation } from '../units/formation';

/**
 * Absorbing the losses of a combat (§2.7.4), in the rule's order. First, a
 * charging defender MUST lose a step and its charge marker (breath, contact
 * if it still engages): no choice there. The rest follows the plan the
 * defender chose among `lossPlans` (loss-plans.ts). Units die only through
 * loseStep → destroyUnit.
 */
export function chargeLoss(state: GameState, defender: Unit, pending: PendingLosses): GameEvent[] {
  if (pending.losses === 0 || defender.shock !== 'charge') return [];
  pending.losses -= 1;
  return [...loseCharge(state, defender, '§2.7.4'), ...loseStep(state, defender, 'combat', '§2.7.4')];
}

/** Carries out a plan: its steps in order, then the recoil of what remains of the stack (§2.7.5). */
export function applyPlan(state: GameState, pending: PendingLosses, plan: LossPlan, dice: DiceSource): GameEvent[] {
  const unit = (id: string) => state.units.find((u) => u.id === id)!;
  const hex = attackedHex(unit(pending.defender), pending);
  const events = plan.steps.flatMap((id) => loseStep(state, unit(id), 'combat', '§2.7.4'));
  if (plan.recoil === undefined && plan.exit === undefined) return events;
  // A shock's target that recoils cannot take a formation's second attack (§3.3.8, FORM-57).
  if (!isFire(pending.kind)) noteRecoil(state, pending.attacker, pending.defender);
  if (plan.recoilSecond !== undefined) return [...events, ...formationRecoil(state, unit(pending.defender), plan)];
  const stack = isDuel(pending.kind) ? [unit(pending.defender)] : stackAt(state, hex);
  const movers = stack.filter((u) => !u.destroyed && !isSteady(state, u) && !isFormation(u));
  const stayer = plan.stayer ? unit(plan.stayer) : null;
  const place = plan.exit !== undefined ? { exit: plan.exit as Direction } : { to: plan.recoil! };
  return [...events, ...executeRecoil(state, movers, stayer, place, dice)];
}

/** The formation's recoil a plan names by its two new hexes (a pivot turns its facing 60°, FORM-37), and where a break puts its extra step. */
function formationRecoil(state: GameState, f: Unit, plan: LossPlan): GameEvent[] {
  const facing = recoilFacing(state, plan.recoil!, plan.recoilSecond!, f.facing);
  return executeFormationRecoil(state, f, { hex: plan.recoil!, secondHex: plan.recoilSecond!, facing }, plan.heavier);
}
