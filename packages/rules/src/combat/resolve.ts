import { revealSweep } from '../fog/reveal';
import { cloneState } from '../state/clone';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, PendingLosses, Unit } from '../state/types';
import { viewFor } from '../fog/view';
import { loseCharge } from '../units/condition';
import { fightingFrom } from './attack-hex';
import { attackDone, beginAttack, payActionBreath } from './formation-attacks';
import { attackHexes } from './geometry';
import { lossesLanding, sparedEvents } from '../units/invulnerable';
import { advanceAfterCombat } from './advance';
import { Advantage, advantageOf } from './advantage';
import { lossPlans } from './loss-plans';
import { applyPlan, chargeLoss } from './losses';
import { columnLabel, lossesFor } from './results';
import { chargeHolds } from './targets';

/**
 * The procedure shared by shock and duel (§2.7.2): advantage, 2D6 with no
 * modifier, the combat results table, losses, then advance after combat.
 * A breath attack (§3.1, combat/breath.ts) is a shock with its own advantage,
 * never supported, with no charge and no advance.
 */
export interface Attack {
  kind: 'shock' | 'duel' | 'breath';
  piece: string;
  target: string;
  supported: boolean;
  /** The attacking hex: a formation's, one of its two (§3.3.8); absent, the unit's hex. */
  from?: number;
}

/**
 * What happens before the dice: hidden units next to the enemy are shown
 * (adjacency reveals), and a charging unit attacking across a rough hexside
 * loses its charge first (sheet 000, Côté d'Hex Accidenté).
 */
function prepare(state: GameState, attack: Attack, a: Unit, t: Unit): GameEvent[] {
  const events = revealSweep(state);
  // A breath attack is no charge's blow: the marker stays as it was.
  if (attack.kind !== 'breath' && a.shock === 'charge' && !chargeHolds(state, a, t)) events.push(...loseCharge(state, a, "Fiche 000: Côté d'Hex Accidenté"));
  return events;
}

/** The advantage as it will be fought, computed on a copy (for previews). */
export function previewAdvantage(state: GameState, attack: Attack): Advantage {
  const copy = cloneState(state);
  const a = copy.units.find((u) => u.id === attack.piece)!;
  const t = copy.units.find((u) => u.id === attack.target)!;
  prepare(copy, attack, a, t);
  return advantageOf(copy, fightingFrom(a, attack.from ?? a.hex), t, { kind: attack.kind, supported: foughtSupported(attack, a) });
}

/** A charging unit always supports (§2.7.3.1); a breath attack never is (§3.1, A-29). */
function foughtSupported(attack: Attack, a: Unit): boolean {
  return attack.kind !== 'breath' && (attack.supported || a.shock === 'charge');
}

function combatSection(kind: Attack['kind']): string {
  return kind === 'duel' ? '§2.7.1.1' : kind === 'breath' ? '§3.1' : '§2.7.3';
}

export function resolveAttack(state: GameState, attack: Attack, dice: DiceSource): GameEvent[] {
  const a = state.units.find((u) => u.id === attack.piece)!;
  const t = state.units.find((u) => u.id === attack.target)!;
  const events = prepare(state, attack, a, t);
  const supported = foughtSupported(attack, a);
  // A formation fights from one hex as a simple troop there (§3.3.8); the action remembers which.
  const from = attack.from ?? a.hex;
  const fighter = fightingFrom(a, from);
  beginAttack(state, a, 'shock', from);
  const adv = advantageOf(state, fighter, t, { kind: attack.kind, supported });
  const rolled: [number, number] = [dice.roll(6), dice.roll(6)];
  const losses = lossesFor(adv.total, rolled[0] + rolled[1]);
  const body = { type: 'combat' as const, kind: attack.kind, attacker: a.id, defender: t.id, supported, advantage: adv.total, modifiers: adv.modifiers, dice: rolled, column: columnLabel(adv.total), losses };
  events.push(event(body, combatSection(attack.kind)));
  // The breath of a supported attack is paid after the blow: the advantage counts the breath the unit had.
  if (supported && a.shock !== 'charge') events.push(...payActionBreath(state, a));
  // An invulnerable defender takes none of them (§3.1): the table's result stays in the log, a note says why.
  events.push(...sparedEvents(a, t, losses));
  // The attacked hex: a formation defends on the hex the blow lands on (docs/formations.md).
  const pending: PendingLosses = { side: t.side, kind: attack.kind, attacker: a.id, defender: t.id, hex: attackHexes(state, fighter, t).to, supported, losses: lossesLanding(a, t, losses) };
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
  // No advance after a breath attack, nor the lost charge of §2.7.6; advanceAfterCombat knows a formation never advances.
  const advance = pending.kind === 'breath' ? [] : advanceAfterCombat(state, attacker, pending.hex, pending.supported);
  // A formation's first attack may leave its second to play (§3.3.8).
  return [...advance, ...revealSweep(state), ...attackDone(state, attacker.id)];
}
