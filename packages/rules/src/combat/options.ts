import { activePlayer, firstRejection, ownPiece, underActivation } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { sharedView } from '../fog/view';
import { bodyDistance } from '../units/body';
import type { GameState, Seat, Unit } from '../state/types';
import type { Modifier } from '../tests/roll';
import { duelRule } from './duel-action';
import { previewAdvantage } from './resolve';
import { lossOdds } from './results';
import { oddsLanding } from '../units/invulnerable';
import { shockRule } from './shock-action';
import { attackerRefusal, chargeHolds } from './targets';
import { hasFaculty } from '../units/abilities';
import { isFormation } from '../units/formation';
import { fightingFrom, hexesLeftToAttack } from './attack-hex';

export interface ShockOption {
  type: 'shock' | 'duel';
  target: string;
  supported: boolean;
  /** The breath attack (§3.1), a shock option of units with the faculty: send it back as `breath: true`. */
  breath?: boolean;
  advantage: number;
  modifiers: Modifier[];
  /** Exact probability of inflicting 0, 1, 2 (and 3 if the table has it) losses. */
  odds: Record<number, number>;
  allowed: boolean;
  rejection?: Rejection;
  /** A formation's attacking hex, one option per hex left to attack (§3.3.8, FORM-56); send it back as the action's `from`. */
  from?: number;
}

/**
 * Every attack the piece could make on an adjacent enemy in the open, on
 * what the seat knows: shock (and duel for characters), supported or not,
 * with its advantage, modifiers and the odds of the results table, and the
 * rule that refuses the ones not allowed.
 */
export function shockOptions(state: GameState, seat: Seat, piece: string): ShockOption[] {
  const view = state.perspective ? state : sharedView(state, seat);
  const unit = view.units.find((u) => u.id === piece && u.side === seat);
  if (!unit || unit.hex < 0) return [];
  // A formation: the attacks from each hex left to attack, each with its own odds (§3.3.8, FORM-56, FORM-58).
  const hexes = isFormation(unit) ? hexesLeftToAttack(view, unit) : [unit.hex];
  return hexes.flatMap((h) => optionsFrom(view, seat, unit, isFormation(unit) ? h : undefined));
}

function optionsFrom(view: GameState, seat: Seat, unit: Unit, from: number | undefined): ShockOption[] {
  const a = fightingFrom(unit, from ?? unit.hex);
  const at = from !== undefined ? { from } : {};
  const options: ShockOption[] = [];
  for (const t of adjacentEnemies(view, a)) {
    for (const { type, supported, breath } of choicesAgainst(view, a, t)) {
      const rejection = refusalOf(view, seat, type, unit.id, t.id, supported, breath, from);
      const adv = previewAdvantage(view, { kind: breath ? 'breath' : type, piece: unit.id, target: t.id, supported, ...at });
      const option: ShockOption = { type, target: t.id, supported, ...(breath ? { breath } : {}), advantage: adv.total, modifiers: adv.modifiers, odds: oddsLanding(a, t, lossOdds(adv.total)), allowed: !rejection, ...at };
      options.push(rejection ? { ...option, rejection } : option);
    }
  }
  return options;
}

interface Choice {
  type: 'shock' | 'duel';
  supported: boolean;
  breath?: true;
}

/** Shock (and duel between characters) with each support choice, and a unit with the faculty's breath attack, never supported (§3.1). */
function choicesAgainst(view: GameState, a: Unit, t: Unit): Choice[] {
  const types = a.kind === 'character' && t.kind === 'character' ? (['shock', 'duel'] as const) : (['shock'] as const);
  const out: Choice[] = types.flatMap((type) => supportChoices(view, a, t).map((supported) => ({ type, supported })));
  if (hasFaculty(a, 'breath')) out.push({ type: 'shock', supported: false, breath: true });
  return out;
}

/**
 * A charging unit whose charge holds always supports its attack (§2.7.3.1):
 * "unsupported" would be the same blow, so it is not offered. A charge lost
 * before the blow (rough hexside, sheet 000) leaves both choices.
 */
function supportChoices(view: GameState, a: Unit, t: Unit): boolean[] {
  return a.shock === 'charge' && chargeHolds(view, a, t) ? [true] : [true, false];
}

/** Enemy units in the open whose body touches the attacker's (a formation by either hex). */
function adjacentEnemies(view: GameState, a: Unit): Unit[] {
  return view.units.filter((t) => t.side !== a.side && !t.hidden && t.hex >= 0 && a.hex >= 0 && bodyDistance(view.board, a, t) === 1);
}

function refusalOf(view: GameState, seat: Seat, type: 'shock' | 'duel', piece: string, target: string, supported: boolean, breath?: boolean, from?: number): Rejection | null {
  return type === 'shock' ? shockRule.conditions(view, seat, { type, piece, target, supported, ...(breath ? { breath } : {}), ...(from !== undefined ? { from } : {}) }) : duelRule.conditions(view, seat, { type, piece, target, supported });
}

/** The verdict of legalActions on 'shock' or 'duel': allowed when one target allows it, else why not. */
export function attackVerdict(state: GameState, seat: Seat, piece: string, type: 'shock' | 'duel'): Rejection | null {
  const base = firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => attackerRefusal(state, piece),
  );
  if (base) return base;
  // Conditions only, no preview: legalActions runs for every piece and must stay cheap.
  const view = state.perspective ? state : sharedView(state, seat);
  const a = view.units.find((u) => u.id === piece)!;
  const refusals = adjacentEnemies(view, a).map((t) => refusalOf(view, seat, type, piece, t.id, true) && refusalOf(view, seat, type, piece, t.id, false));
  if (refusals.some((r) => r === null)) return null;
  return refusals[0] ?? reject(type === 'duel' ? 'noDuelTarget' : 'noShockTarget');
}
