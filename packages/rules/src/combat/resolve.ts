import { revealSweep } from '../fog/reveal';
import { cloneState } from '../state/clone';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, PendingLosses, Unit } from '../state/types';
import { viewFor } from '../fog/view';
import { concludeActivation } from '../turn/conclude';
import { loseBreath, loseCharge } from '../units/condition';
import { advanceAfterCombat } from './advance';
import { Advantage, advantageOf } from './advantage';
import { lossPlans } from './loss-plans';
import { applyPlan, chargeLoss } from './losses';
import { columnLabel, lossesFor } from './results';
import { chargeHolds } from './targets';

/**
 * The procedure shared by shock and duel (§2.7.2): advantage, 2D6 with no
 * modifier, the combat results table, losses, then advance after combat.
 */
export interface Attack {
  kind: 'shock' | 'duel';
  piece: string;
  target: string;
  supported: boolean;
}

/**
 * What happens before the dice: hidden units next to the enemy are shown
 * (adjacency reveals), and a charging unit attacking across a rough hexside
 * loses its charge first (sheet 000, Côté d'Hex Accidenté).
 */
function prepare(state: GameState, a: Unit, t: Unit): GameEvent[] {
  const events = revealSweep(state);
  if (a.shock === 'charge' && !chargeHolds(state, a, t)) events.push(...loseCharge(state, a, "Fiche 000: Côté d'Hex Accidenté"));
  return events;
}

/** The advantage as it will be fought, computed on a copy (for previews). */
export function previewAdvantage(state: GameState, attack: Attack): Advantage {
  const copy = cloneState(state);
  const a = copy.units.find((u) => u.id === attack.piece)!;
  const t = copy.units.find((u) => u.id === attack.target)!;
  prepare(copy, a, t);
  return advantageOf(copy, a, t, { kind: attack.kind, supported: attack.supported || a.shock === 'charge' });
}

export function resolveAttack(state: GameState, attack: Attack, dice: DiceSource): GameEvent[] {
  const a = state.units.find((u) => u.id === attack.piece)!;
  const t = state.units.find((u) => u.id === attack.target)!;
  const events = prepare(state, a, t);
  const supported = attack.supported || a.shock === 'charge';
  const adv = advantageOf(state, a, t, { kind: attack.kind, supported });
  const rolled: [number, number] = [dice.roll(6), dice.roll(6)];
  const losses = lossesFor(adv.total, rolled[0] + rolled[1]);
  const body = { type: 'combat' as const, kind: attack.kind, attacker: a.id, defender: t.id, supported, advantage: adv.total, modifiers: adv.modifiers, dice: rolled, column: columnLabel(adv.total), losses };
  events.push(event(body, attack.kind === 'duel' ? '§2.7.1.1' : '§2.7.3'));
  // The breath of a supported attack is paid after the blow: the advantage counts the breath the unit had.
  if (supported && a.shock !== 'charge') events.push(...loseBreath(state, a, 'supportedAttack', '§2.7.3.1'));
  const pending: PendingLosses = { side: t.side, kind: attack.kind, attacker: a.id, defender: t.id, hex: t.hex, supported, losses };
  events.push(...chargeLoss(state, t, pending));
  return [...events, ...absorbOrAsk(state, pending, dice)];
}

/**
 * The defender's losses: applied at once when the rules leave a single way
 * to absorb them; otherwise the combat waits for the defending player's
 * choice (the absorbLosses action), as at the table.
 */
function absorbOrAsk(state: GameState, pending: PendingLosses, dice: DiceSource): GameEvent[] {
  const plans = lossPlans(viewFor(state, pending.side), pending);
  if (plans.length > 1) {
    state.pendingLosses = pending;
    // Public, so it says nothing of the choices: their number could depend on the defender's hidden units (stacking in a recoil hex).
    return [event({ type: 'lossesAwaited', unit: pending.defender, side: pending.side, losses: pending.losses }, '§2.7.4')];
  }
  return [...(plans.length === 1 ? applyPlan(state, pending, plans[0], dice) : []), ...finishAttack(state, pending)];
}

/** What follows the losses: advance after combat (§2.7.6), reveals, and the end of the attacker's activation. */
export function finishAttack(state: GameState, pending: PendingLosses): GameEvent[] {
  const attacker = state.units.find((u) => u.id === pending.attacker)!;
  return [...advanceAfterCombat(state, attacker, pending.hex, pending.supported), ...revealSweep(state), ...concludeActivation(state, true)];
}
