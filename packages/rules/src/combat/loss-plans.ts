import type { GameState, PendingLosses, Unit } from '../state/types';
import { stackAt } from '../units/stacking';
import { isSteady, recoilExits, recoilHexes } from './recoil';
import { isDuel } from './advantage-part';
import { occupies } from '../units/body';
import { isFormation } from '../units/formation';
import { formationRecoils } from './formation-recoil';
import { breakChoices } from '../units/condition';

/**
 * One way for the defender to absorb a combat's losses (§2.7.4): the units
 * that lose a step, in order, then possibly the last loss as a recoil of
 * what remains of the stack to `recoil`, with the steady unit that stays
 * and pays a step for it (`stayer`).
 */
export interface LossPlan {
  steps: string[];
  recoil?: number;
  /** A formation's recoil (§3.3.8.1): `recoil` is its new first hex, this its new second hex (the facing follows from them). */
  recoilSecond?: number;
  /** The recoil leaves the map across this edge hexside instead (§2.6.10). */
  exit?: number;
  stayer?: string;
  /** A shaken formation's recoil breaks it (§3.3.1.3): which of its new hexes takes the extra step of odd steps. */
  heavier?: number;
}

/** A stable text for a plan, so that a player's choice can be matched against the rules' list. */
export function planKey(p: LossPlan): string {
  const formation = p.recoilSecond !== undefined ? [p.recoilSecond] : [];
  const heavier = p.heavier !== undefined ? [{ heavier: p.heavier }] : [];
  return JSON.stringify([p.steps, p.recoil ?? null, p.exit ?? null, p.stayer ?? null, ...formation, ...heavier]);
}

/** Two plans that differ at most by the hex of a forced break's extra step (§3.3.1.3, A-42). */
export function sameButHeavier(a: LossPlan, b: LossPlan): boolean {
  return planKey({ ...a, heavier: undefined }) === planKey({ ...b, heavier: undefined });
}

/**
 * Every way the defender may absorb `pending.losses` (§2.7.4–2.7.5):
 * - the attacked unit takes the losses first, as steps;
 * - only the last loss may be a recoil, of the whole stack but its steady
 *   units, into any hex the rules allow or off the map (§2.6.10); it is compulsory when possible and
 *   the absorbing unit is on its last step (§2.7.5);
 * - once the attacked unit cannot avoid destruction, the rest falls on the
 *   units stacked with it, as the defender likes (§2.7.4); a duel involves
 *   the character alone.
 * Computed on the defender's view, so no choice depends on a hidden enemy.
 */
export function lossPlans(state: GameState, pending: PendingLosses): LossPlan[] {
  const defender = state.units.find((u) => u.id === pending.defender);
  if (!defender || defender.destroyed || pending.losses <= 0) return [];
  // A formation defends on the attacked hex: the stack there shares its losses (docs/formations.md).
  const stack = isDuel(pending.kind) ? [defender] : [defender, ...stackAt(state, attackedHex(defender, pending)).filter((u) => u.id !== defender.id)];
  const plans: LossPlan[] = [];
  const explore = (left: number, taken: string[], steps: Map<string, number>): void => {
    const alive = stack.filter((u) => steps.get(u.id)! > 0);
    if (left === 0 || alive.length === 0) return void plans.push({ steps: taken });
    const absorbers = steps.get(defender.id)! > 0 ? [defender] : alive;
    if (left === 1) return void plans.push(...asLeft(state, stack, steps, () => lastLoss(state, alive, absorbers, taken, steps, pending)));
    for (const u of absorbers) explore(left - 1, [...taken, u.id], new Map(steps).set(u.id, steps.get(u.id)! - 1));
  };
  explore(pending.losses, [], new Map(stack.map((u) => [u.id, u.steps])));
  return plans;
}

/**
 * The last loss is judged on the stack as the earlier losses leave it
 * (§2.7.4 "lorsque ce Recul est possible", §2.7.5): units the plan destroys
 * are taken off the board meanwhile, so that a mate left alone is seen
 * engaged by the flank or rear as it then would be. Put back after.
 */
function asLeft<T>(state: GameState, stack: Unit[], steps: Map<string, number>, judge: () => T): T {
  const dead = stack.filter((u) => steps.get(u.id)! <= 0).map((u) => [u, u.hex] as const);
  dead.forEach(([u]) => (u.hex = -1));
  try {
    return judge();
  } finally {
    dead.forEach(([u, hex]) => (u.hex = hex));
  }
}

/** The hex the losses land on: the attacked hex of a formation, else the defender's hex. */
export function attackedHex(defender: Unit, pending: Pick<PendingLosses, 'hex'>): number {
  return occupies(defender, pending.hex) ? pending.hex : defender.hex;
}

/** The choices for the last loss: a recoil (per hex and stayer) or a step, unless the step is the absorber's last and a recoil is open. */
function lastLoss(state: GameState, alive: Unit[], absorbers: Unit[], taken: string[], steps: Map<string, number>, pending: PendingLosses): LossPlan[] {
  const shooterHex = pending.from;
  const formation = absorbers.find((u) => u.id === pending.defender && isFormation(u));
  if (formation) return formationLastLoss(state, formation, taken, steps, pending);
  // A formation stacked with the recoiling units does not go with them: it cannot recoil one hex (§3.3.8.1, docs/rule-decisions.md).
  const movers = alive.filter((u) => !isSteady(state, u) && !isFormation(u));
  const stayers = alive.filter((u) => isSteady(state, u));
  const mayRecoil = absorbers.some((u) => movers.includes(u));
  const places: Omit<LossPlan, 'steps'>[] = mayRecoil ? [...recoilHexes(state, movers, shooterHex).map((to) => ({ recoil: to })), ...recoilExits(state, movers, shooterHex).map((exit) => ({ exit }))] : [];
  const recoils = places.flatMap((place) => (stayers.length === 0 ? [{ steps: taken, ...place }] : stayers.map((s) => ({ steps: taken, ...place, stayer: s.id }))));
  const compulsory = (u: Unit) => places.length > 0 && movers.includes(u) && steps.get(u.id) === 1;
  const stepPlans = absorbers.filter((u) => !compulsory(u)).map((u) => ({ steps: [...taken, u.id] }));
  return [...recoils, ...stepPlans];
}

/**
 * A formation's last loss (§3.3.8, §3.3.8.1): a recoil of its body, as
 * little as possible, or a step — in order it is never obliged to recoil
 * (FORM-16); a step that would be its last gives way to a recoil as for any
 * unit (§2.7.5). A shaken formation's recoil breaks it in its new hexes: with
 * odd steps left, each recoil comes once per hex that may take the extra
 * step (§3.3.1.3, A-42).
 */
function formationLastLoss(state: GameState, f: Unit, taken: string[], steps: Map<string, number>, pending: PendingLosses): LossPlan[] {
  const places = formationRecoils(state, f, pending);
  const heavier = (p: { hex: number; secondHex: number }) => breakChoices(f, 'recoil', steps.get(f.id)!, [p.hex, p.secondHex]);
  const recoils = places.flatMap((p) => heavier(p).map((h) => ({ steps: taken, recoil: p.hex, recoilSecond: p.secondHex, ...(h === undefined ? {} : { heavier: h }) })));
  const compulsory = places.length > 0 && steps.get(f.id) === 1;
  return compulsory ? recoils : [...recoils, { steps: [...taken, f.id] }];
}
