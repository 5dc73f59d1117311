import type { ActionRule } from '../actions/action-rule';
import { activePlayer, firstRejection, ownPiece, rulesLevelRefusal, underActivation } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { directiveRefusal } from '../command/directive';
import { sharedView } from '../fog/view';
import { revealSweep } from '../fog/reveal';
import type { GameState, Seat, Unit } from '../state/types';
import { attackHexRefusal, attackingHex, fightingFrom } from '../combat/attack-hex';
import { beginAttack } from '../combat/formation-attacks';
import { revealShooter } from './reveal-shooter';
import { fireShots } from './shot';
import { fireRate } from './shooters';
import { fireTargetRefusal, shooterRefusal, stackFireRefusal } from './targets';

export interface FireAction {
  type: 'fire';
  piece: string;
  /** One target per shot, in order (§3.2.7: an archer unit may spread its shots). */
  targets: string[];
  /** All of the unit's shots on one target as one shot at +2 / +4 (§3.2.3). */
  combine: boolean;
  /** A formation's firing hex (§3.3.8, FORM-59); absent, the first of its hexes left that may fire so. */
  from?: number;
}

/**
 * Action de Tir (§3.2.7, §3.2.9). Conditions: the unit under activation
 * fires (§3.2), has ammunition (§3.2.5), may fire from its stack (§3.2.1,
 * §3.2.7), carries no charge marker without a special order (§2.6.9), its
 * directive allows it (§3.2.6); at most as many targets as its rate
 * (§3.2.3), combined shots on one target only; each target in its cone
 * (§3.2.1.1), range (§3.2.2) and line of sight or harassment reach
 * (§3.2.4), open to it when engaged (§3.2.6) and hittable in its stack
 * (§3.2.7). Judged on the seat's view. Procedure: a hidden shooter is
 * revealed, then the shots, in order (fire/shot.ts).
 */
export const fireRule: ActionRule<FireAction> = {
  section: '§3.2.7',
  conditions: (state, seat, a) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => ownPiece(state, seat, a.piece),
      () => underActivation(state, a.piece),
      () => rulesLevelRefusal(state, 'intermediate'),
      () => fireRefusal(seatView(state, seat), a),
    ),
  procedure: (state, seat, a, dice) => {
    const events = [...revealShooter(state, a.piece), ...revealSweep(state)];
    const unit = state.units.find((u) => u.id === a.piece)!;
    const view = seatView(state, seat);
    const from = attackingHex(state, unit, a.from, (h) => fireRefusal(view, { ...a, from: h }) === null);
    // Each hex of a formation fires as a simple troop, at its own rate (§3.3.8, FORM-59, FIRE-13).
    const rate = fireRate(state, fightingFrom(unit, from));
    beginAttack(state, unit, 'fire', from);
    const volley = a.combine ? { targets: a.targets.slice(0, 1), of: 1, combined: rate } : { targets: a.targets, of: a.targets.length, combined: 1 };
    return [...events, ...fireShots(state, { kind: 'fire', shooter: a.piece, from, ...volley }, dice)];
  },
};

/** The shooter's conditions, then each target's (§3.2.9); a formation's from its firing hex (§3.3.8). */
export function fireRefusal(view: GameState, a: Pick<FireAction, 'piece' | 'targets' | 'combine' | 'from'>): Rejection | null {
  const own = shooterRefusal(view, a.piece);
  if (own) return own;
  const unit = view.units.find((x) => x.id === a.piece)!;
  const from = attackingHex(view, unit, a.from, (h) => groupRefusal(view, a, fightingFrom(unit, h), unit) === null);
  return attackHexRefusal(view, unit, a.from) ?? groupRefusal(view, a, fightingFrom(unit, from), unit);
}

/** The fire of one shooter — a formation's hex as a simple troop there — at its targets; the directive is the unit's. */
function groupRefusal(view: GameState, a: Pick<FireAction, 'targets' | 'combine'>, u: Unit, unit: Unit): Rejection | null {
  return firstRejection(
    () => stackFireRefusal(view, u),
    () => shotsRefusal(fireRate(view, u), a),
    () => directiveRefusal(view, unit, { type: 'fire' }),
    ...a.targets.map((t) => () => fireTargetRefusal(view, u, t)),
  );
}

/** One to `rate` shots; combining needs a rate of two or more and a single target (§3.2.3). */
function shotsRefusal(rate: number, a: Pick<FireAction, 'targets' | 'combine'>): Rejection | null {
  if (a.combine && (rate < 2 || a.targets.length !== 1)) return reject('nothingToCombine', { rate });
  if (a.targets.length < 1 || a.targets.length > rate) return reject('tooManyShots', { rate });
  return null;
}

/**
 * The seat's view: the state itself when it is one, else read only, without
 * a copy (fog/view.ts `sharedView`; issue 9) — the fire's checks read it and
 * let it go before anything changes the state.
 */
export function seatView(state: GameState, seat: Seat): GameState {
  return state.perspective ? state : sharedView(state, seat);
}
