import { reject, Rejection } from '../actions/rejection';
import { fireVerdict } from '../fire/options';
import type { GameEvent } from '../state/events';
import type { FormationAttacks, GameState, Unit } from '../state/types';
import { concludeActivation } from '../turn/conclude';
import { loseBreath } from '../units/condition';
import { isFormation, modeEffects } from '../units/formation';
import { hexesLeftToAttack } from './attack-hex';
import { attackVerdict } from './options';

/**
 * A formation's shock or fire action is two attacks, one from each hex
 * (§3.3.8, FORM-09, FORM-56, FORM-59), played one after the other within its
 * activation: after the first, the activation stays open while the other
 * hex could attack; the unit may then only make that second attack, of the
 * same kind, or end its activation (pass). The first attack's recoiled
 * target cannot be attacked again (FORM-57).
 */

/** Records that `a` attacks from `from` in this action (before the dice, so that a pending loss keeps it). */
export function beginAttack(state: GameState, a: Unit, kind: FormationAttacks['kind'], from: number): void {
  if (!isFormation(a) || state.activation?.piece !== a.id) return;
  const attacks = state.activation.attacks ?? { kind, from: [], recoiled: [] };
  attacks.from.push(from);
  state.activation.attacks = attacks;
}

/** The target recoiled under a formation's attack: its second attack against it is lost (§3.3.8, l.2304, FORM-57). */
export function noteRecoil(state: GameState, attacker: string, defender: string): void {
  const attacks = state.activation?.piece === attacker ? state.activation.attacks : undefined;
  if (attacks && !attacks.recoiled.includes(defender)) attacks.recoiled.push(defender);
}

export function secondAttackRefusal(state: GameState, attacker: string, target: string): Rejection | null {
  const attacks = state.activation?.piece === attacker ? state.activation.attacks : undefined;
  return attacks?.recoiled.includes(target) ? reject('secondAttackLost') : null;
}

/** Between its two attacks the formation may only make the second, of the same kind (§3.3.8), or pass. */
export function boundToSecondAttack(state: GameState, piece: string): FormationAttacks['kind'] | null {
  return state.activation?.piece === piece ? (state.activation.attacks?.kind ?? null) : null;
}

/** A formation's supported attacks cost one breath level for the whole action, none in rotating ranks (§3.3.6, l.2273); a one-hex unit pays for its attack. */
export function payActionBreath(state: GameState, a: Unit): GameEvent[] {
  if (modeEffects(a).noSupportBreath) return [];
  const attacks = state.activation?.piece === a.id ? state.activation.attacks : undefined;
  if (attacks?.breathPaid) return [];
  if (attacks) attacks.breathPaid = true;
  return loseBreath(state, a, 'supportedAttack', '§2.7.3.1');
}

/** Whether the action's breath is already paid: a second supported attack costs none and needs none. */
export function actionBreathPaid(state: GameState, a: Pick<Unit, 'id'>): boolean {
  return state.activation?.piece === a.id && state.activation.attacks?.breathPaid === true;
}

/**
 * After an attack: the formation's activation stays open when its other hex
 * has not attacked and could (judged on its side's knowledge, as the
 * legal actions are); otherwise the activation concludes (§2.4.3).
 */
export function attackDone(state: GameState, piece: string): GameEvent[] {
  const a = state.units.find((u) => u.id === piece);
  const kind = boundToSecondAttack(state, piece);
  if (!a || a.destroyed || !kind || !isFormation(a) || hexesLeftToAttack(state, a).length === 0) return concludeActivation(state, true);
  const open = kind === 'shock' ? attackVerdict(state, a.side, piece, 'shock') : fireVerdict(state, a.side, piece, 'fire');
  return open === null ? [] : concludeActivation(state, true);
}
