import { advantageOf, Advantage } from '../combat/advantage';
import type { AttackSpec } from '../combat/advantage-part';
import { lossPlans } from '../combat/loss-plans';
import { applyPlan, chargeLoss } from '../combat/losses';
import { columnLabel, lossesFor } from '../combat/results';
import { revealSweep } from '../fog/reveal';
import { viewFor } from '../fog/view';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, PendingLosses, Unit } from '../state/types';
import { fightingFrom } from '../combat/attack-hex';
import { aimedHex } from './shooters';
import { attackDone } from '../combat/formation-attacks';
import { lowerAmmunition } from '../units/ammunition';
import { lossesLanding, sparedEvents } from '../units/invulnerable';
import { shotLine } from './line';
import { fireDuelTargetRefusal, fireTargetRefusal, shooterRefusal, stackFireRefusal } from './targets';

/**
 * The procedure of a fire (§3.2.9): for each shot in turn, the advantage
 * (fire rows and modifiers), 2D6 on the combat results table, a double
 * lowering the shooter's ammunition (§3.2.5), then the target's losses
 * absorbed as in shock (§2.7.4–2.7.5), a recoil moving away from the
 * shooter. No advance after fire. When the defender must choose how to
 * absorb a shot's losses, the remaining shots wait in `pendingLosses` and
 * go on after the absorbLosses action; then the activation concludes.
 */

export type FireKind = 'fire' | 'fireDuel';

export interface Volley {
  kind: FireKind;
  shooter: string;
  /** Targets of the shots still to fire, in order. */
  targets: string[];
  /** The action's number of shots (a combined shot counts one). */
  of: number;
  /** Shots combined into each (§3.2.3): 1, or the unit's whole rate in one shot. */
  combined: number;
  /** The hex the shots leave from: a formation's firing hex (§3.3.8); absent, the shooter's hex. */
  from?: number;
}

/** The shot's facts and advantage as it would be fired now (previews and resolution alike). */
export function shotAdvantage(state: GameState, kind: FireKind, a: Unit, t: Unit, combined: number): { spec: AttackSpec; adv: Advantage } {
  const line = shotLine(state, a, t);
  const spec: AttackSpec = { kind, supported: false, shot: { crossed: line.crossed, harassment: line.harassment, combined } };
  return { spec, adv: advantageOf(state, a, t, spec) };
}

/** Fires the volley's shots in order; stops to wait for a defender's choice, or concludes the activation. */
export function fireShots(state: GameState, volley: Volley, dice: DiceSource): GameEvent[] {
  const events: GameEvent[] = [];
  const targets = [...volley.targets];
  while (targets.length > 0) {
    const index = volley.of - targets.length + 1;
    const target = targets.shift()!;
    if (!shotStillOpen(state, volley, target)) continue;
    const shot = fireOneShot(state, volley, target, index, dice);
    events.push(...shot.events);
    if (shot.pending) {
      if (targets.length > 0) shot.pending.remainingShots = { targets, of: volley.of };
      return events;
    }
  }
  // A formation's first fire group may leave its second to fire (§3.3.8).
  return [...events, ...revealSweep(state), ...attackDone(state, volley.shooter)];
}

/**
 * Each shot is fired as things stand when its turn comes: a target
 * destroyed, gone or moved out of reach by an earlier shot, or a shooter
 * whose ammunition an earlier double exhausted, loses the shot (decision,
 * docs/rule-decisions.md). Judged on the shooter's side's view.
 */
function shotStillOpen(state: GameState, volley: Volley, target: string): boolean {
  const view = viewFor(state, state.units.find((u) => u.id === volley.shooter)!.side);
  const unit = view.units.find((u) => u.id === volley.shooter);
  if (!unit || unit.hex < 0 || shooterRefusal(view, unit.id)) return false;
  const a = fightingFrom(unit, volley.from ?? unit.hex);
  if (volley.kind === 'fireDuel') return !fireDuelTargetRefusal(view, a, target);
  return !stackFireRefusal(view, a) && !fireTargetRefusal(view, a, target);
}

function fireOneShot(state: GameState, volley: Volley, target: string, index: number, dice: DiceSource): { events: GameEvent[]; pending?: PendingLosses } {
  const a = state.units.find((u) => u.id === volley.shooter)!;
  const t = state.units.find((u) => u.id === target)!;
  // Weighed as fired from its hex (§3.3.8); the ammunition and the losses' facts are the unit's.
  const fighter = fightingFrom(a, volley.from ?? a.hex);
  const { spec, adv } = shotAdvantage(state, volley.kind, fighter, t, volley.combined);
  const rolled: [number, number] = [dice.roll(6), dice.roll(6)];
  const losses = lossesFor(adv.total, rolled[0] + rolled[1]);
  const shot = { index, of: volley.of, combined: volley.combined, harassment: spec.shot!.harassment, crossed: spec.shot!.crossed };
  const body = { type: 'combat' as const, kind: volley.kind, shot, attacker: a.id, defender: t.id, supported: false, advantage: adv.total, modifiers: adv.modifiers, dice: rolled, column: columnLabel(adv.total), losses };
  const events = [event(body, volley.kind === 'fireDuel' ? '§3.2.8' : '§3.2.9')];
  // A double on the resolution roll lowers the shooter's ammunition (§3.2.5), harassment included.
  if (rolled[0] === rolled[1]) events.push(...lowerAmmunition(state, a, '§3.2.5'));
  // An invulnerable target takes none of them (§3.1); the double above still lowers the ammunition.
  events.push(...sparedEvents(a, t, losses));
  const pending: PendingLosses = { side: t.side, kind: volley.kind, attacker: a.id, defender: t.id, hex: aimedHex(state, fighter, t), supported: false, losses: lossesLanding(a, t, losses), from: fighter.hex };
  events.push(...chargeLoss(state, t, pending));
  const plans = lossPlans(viewFor(state, pending.side), pending);
  if (plans.length > 1) {
    state.pendingLosses = pending;
    events.push(event({ type: 'lossesAwaited', unit: pending.defender, side: pending.side, losses: pending.losses }, '§2.7.4'));
    return { events, pending };
  }
  if (plans.length === 1) events.push(...applyPlan(state, pending, plans[0], dice));
  return { events };
}

/** After the defender's choice (absorbLosses): the shots left, then the end of the activation. */
export function continueFire(state: GameState, pending: PendingLosses, dice: DiceSource): GameEvent[] {
  const rest = pending.remainingShots;
  return fireShots(state, { kind: pending.kind as FireKind, shooter: pending.attacker, targets: rest?.targets ?? [], of: rest?.of ?? 1, combined: 1, from: pending.from }, dice);
}
