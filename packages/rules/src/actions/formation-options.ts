import { FORMATION_MODES, type FormationMode } from '../data/schemas';
import { neighbourOf } from '../geometry/hex';
import { DIRECTIONS } from '../geometry/hex';
import type { GameState, Seat, Unit } from '../state/types';
import { bodyHexes, sharesHex } from '../units/body';
import type { ActionRule } from './action-rule';
import { FORMATION_RULES, type FormationActionType } from './formation-rules';

export type { FormationActionType };
import type { Rejection } from './rejection';
import type { Action, ActionType } from './schema';

/**
 * The formation actions open to a piece (§3.3.9–3.3.14), with the choices
 * each allows: the partners of a fusion or a constitution, the hexes troops
 * may leave from, which hex may take a breaking formation's extra step, the
 * modes. Judged by each action's own conditions, on what `state` holds (the
 * full state or the seat's view): the client lists them, the legal actions
 * say why each is refused.
 */

export interface FormationChoices {
  fuse: string[];
  constitute: string[];
  joinFormation: boolean;
  leaveFormation: number[][];
  breakFormation: (number | undefined)[];
  changeMode: FormationMode[];
}

type Candidate<T extends FormationActionType> = Extract<Action, { type: T }>;

/** Every action each formation action could be, allowed or not, the first being the one whose refusal speaks for all. */
function candidates(
  state: GameState,
  seat: Seat,
  piece: string,
): { [T in FormationActionType]: Candidate<T>[] } {
  const unit = state.units.find((u) => u.id === piece && u.hex >= 0);
  const own = (u: Unit) => u.side === seat && u.id !== piece && u.hex >= 0 && !u.hidden;
  const stacked = unit
    ? state.units.filter((u) => own(u) && sharesHex(u, unit)).map((u) => u.id)
    : [];
  const near = unit
    ? DIRECTIONS.map((d) => neighbourOf(state.board, unit.hex, d)).filter((h) => h >= 0)
    : [];
  const adjacent = state.units.filter((u) => own(u) && near.includes(u.hex)).map((u) => u.id);
  const hexes = unit ? bodyHexes(unit) : [];
  return {
    fuse: orPlaceholder(stacked).map((w) => ({ type: 'fuse', piece, with: w })),
    constitute: orPlaceholder(adjacent).map((w) => ({ type: 'constitute', piece, with: w })),
    joinFormation: [{ type: 'joinFormation', piece }],
    leaveFormation: (hexes.length === 2 ? [hexes, [hexes[0]], [hexes[1]]] : [[unit?.hex ?? 0]]).map(
      (h) => ({ type: 'leaveFormation', piece, hexes: h }),
    ),
    breakFormation: [undefined, ...hexes].map((h) =>
      h === undefined
        ? { type: 'breakFormation', piece }
        : { type: 'breakFormation', piece, heavier: h },
    ),
    changeMode: FORMATION_MODES.map((mode) => ({ type: 'changeMode', piece, mode })),
  };
}

/** With nobody to name, the action still says why the piece itself may not take it. */
function orPlaceholder(ids: string[]): string[] {
  return ids.length > 0 ? ids : [''];
}

const RULES = FORMATION_RULES;

export const FORMATION_ACTIONS = Object.keys(RULES) as FormationActionType[];

/** Each formation action's verdict: null when some choice is allowed, else the refusal of the first. */
export function formationVerdicts(
  state: GameState,
  seat: Seat,
  piece: string,
): [ActionType, Rejection | null][] {
  const all = candidates(state, seat, piece);
  return FORMATION_ACTIONS.map((type) => {
    const rule = RULES[type] as ActionRule<Action>;
    const verdicts = (all[type] as Action[]).map((a) => rule.conditions(state, seat, a));
    return [type, verdicts.some((v) => v === null) ? null : verdicts[0]];
  });
}

/** The choices allowed for each formation action. */
export function formationChoices(state: GameState, seat: Seat, piece: string): FormationChoices {
  const all = candidates(state, seat, piece);
  const allowed = <T extends FormationActionType>(type: T) =>
    all[type].filter(
      (a) => (RULES[type] as ActionRule<Action>).conditions(state, seat, a as Action) === null,
    );
  return {
    fuse: allowed('fuse').map((a) => a.with),
    constitute: allowed('constitute').map((a) => a.with),
    joinFormation: allowed('joinFormation').length > 0,
    leaveFormation: allowed('leaveFormation').map((a) => a.hexes),
    breakFormation: allowed('breakFormation').map((a) => a.heavier),
    changeMode: allowed('changeMode').map((a) => a.mode),
  };
}
