import { activePlayer, firstRejection, ownPiece, underActivation, rulesLevelRefusal } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { lossOdds } from '../combat/results';
import { oddsLanding } from '../units/invulnerable';
import type { GameState, Seat, Unit } from '../state/types';
import type { Modifier } from '../tests/roll';
import { fireRefusal, seatView } from './fire-action';
import { fireDuelRefusal } from './fire-duel-action';
import { shotLine } from './line';
import { shotAdvantage } from './shot';
import { fireRange, fireRate } from './shooters';
import { bodyDistance } from '../units/body';
import { isFormation } from '../units/formation';
import { fightingFrom, hexesLeftToAttack } from '../combat/attack-hex';

export interface FireOption {
  type: 'fire' | 'fireDuel';
  target: string;
  allowed: boolean;
  rejection?: Rejection;
  harassment: boolean;
  /** Hexes between shooter and target (range modifiers, §3.2.9). */
  crossed: number;
  /** One shot at this target. */
  advantage: number;
  modifiers: Modifier[];
  /** Exact probability of each number of losses for one shot. */
  odds: Record<number, number>;
  /** For a unit of several shots: the advantage of all of them combined on this target (§3.2.3). */
  combinedAdvantage?: number;
  /** A formation's firing hex, one option per hex left to fire (§3.3.8); send it back as the action's `from`. */
  from?: number;
  /** A formation's: the shots its firing hex fires, the rate per hex (§3.3.8, FIRE-13). */
  rate?: number;
}

/** Enemy units in the open within reach of a fire (range) or a fire duel (adjacent characters). */
function candidates(view: GameState, a: Unit): Unit[] {
  const range = Math.max(1, fireRange(view, a));
  return view.units.filter((t) => t.side !== a.side && !t.hidden && t.hex >= 0 && !t.destroyed && bodyDistance(view.board, a, t) <= range);
}

/**
 * Every shot the piece could take, on what the seat knows (§3.2.7–§3.2.9):
 * one option per enemy unit in the open within range — a fire, and a fire
 * duel for a character against an adjacent character — with its
 * advantage, modifiers (each with its section), odds, and the rule that
 * refuses it. Hidden units and covers are never listed.
 */
export function fireOptions(state: GameState, seat: Seat, piece: string): FireOption[] {
  const view = seatView(state, seat);
  const unit = view.units.find((u) => u.id === piece && u.side === seat);
  if (!unit || unit.hex < 0 || fireRange(view, unit) === 0) return [];
  // A formation: each hex left to fire is a fire group of its own (§3.3.8, FORM-59).
  const hexes = isFormation(unit) ? hexesLeftToAttack(view, unit) : [unit.hex];
  return hexes.flatMap((h) => groupOptions(view, seat, unit, isFormation(unit) ? h : undefined));
}

function groupOptions(view: GameState, seat: Seat, unit: Unit, from: number | undefined): FireOption[] {
  const a = fightingFrom(unit, from ?? unit.hex);
  const rate = fireRate(view, a);
  const options: FireOption[] = [];
  for (const t of candidates(view, a)) {
    const duel = a.kind === 'character' && t.kind === 'character' && bodyDistance(view.board, a, t) === 1;
    for (const type of duel ? (['fire', 'fireDuel'] as const) : (['fire'] as const)) {
      const rejection = optionRefusal(view, seat, type, unit.id, t.id, from);
      const { adv } = shotAdvantage(view, type, a, t, 1);
      const line = shotLine(view, a, t);
      const option: FireOption = { type, target: t.id, allowed: !rejection, harassment: line.harassment, crossed: line.crossed, advantage: adv.total, modifiers: adv.modifiers, odds: oddsLanding(a, t, lossOdds(adv.total)), ...(from !== undefined ? { from, rate } : {}) };
      if (type === 'fire' && rate > 1) option.combinedAdvantage = shotAdvantage(view, type, a, t, rate).adv.total;
      options.push(rejection ? { ...option, rejection } : option);
    }
  }
  return options;
}

function optionRefusal(view: GameState, seat: Seat, type: 'fire' | 'fireDuel', piece: string, target: string, from?: number): Rejection | null {
  const base = firstRejection(
    () => activePlayer(view, seat),
    () => ownPiece(view, seat, piece),
    () => underActivation(view, piece),
  );
  if (base) return base;
  return type === 'fire' ? fireRefusal(view, { piece, targets: [target], combine: false, ...(from !== undefined ? { from } : {}) }) : fireDuelRefusal(view, { piece, target });
}

/**
 * The verdict of legalActions on 'fire' or 'fireDuel': allowed when one
 * target allows it, else why not. Conditions only, no advantage: legalActions
 * runs for every piece and must stay cheap.
 */
export function fireVerdict(state: GameState, seat: Seat, piece: string, type: 'fire' | 'fireDuel'): Rejection | null {
  // The cheap checks first, on the state as given: most pieces asked about are not under activation.
  const base = firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => rulesLevelRefusal(state, 'intermediate'),
  );
  if (base) return base;
  const view = seatView(state, seat);
  const own = firstOwnRefusal(view, type, piece);
  if (own) return own;
  const a = view.units.find((u) => u.id === piece);
  const refusals = a ? candidates(view, a).map((t) => optionRefusal(view, seat, type, piece, t.id)) : [type === 'fire' ? fireRefusal(view, { piece, targets: [], combine: false }) : reject('decoyMayNotFire')];
  if (refusals.some((r) => r === null)) return null;
  return refusals[0] ?? reject(type === 'fire' ? 'noFireTarget' : 'noFireDuelTarget');
}

/** A refusal that does not depend on the target (the shooter's own conditions), which explains better than the first target's. */
function firstOwnRefusal(view: GameState, type: 'fire' | 'fireDuel', piece: string): Rejection | null {
  const r = type === 'fire' ? fireRefusal(view, { piece, targets: [], combine: false }) : fireDuelRefusal(view, { piece, target: '' });
  return r && r.code !== 'tooManyShots' && r.code !== 'unknownTarget' ? r : null;
}
