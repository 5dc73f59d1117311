import { directiveFor } from '../command/situation';
import { hexLabel } from '../geometry/hex';
import type { GameState, Seat, Unit } from '../state/types';
import { stackPoints } from '../units/body';
import { adjacentEnemies } from '../units/engagement';
import { isFormation, modeEffects, stacksWithOneSmallOnly } from '../units/formation';
import { formationGround } from '../units/formation-ground';
import { STACK_LIMIT } from '../units/stacking';
import {
  activePlayer,
  firstRejection,
  ownPiece,
  rulesLevelRefusal,
  underActivation,
} from './common';
import { reject, Rejection } from './rejection';

/**
 * Conditions the formation actions share (§3.3.9–3.3.14, sheet 001). A
 * formation is never hidden (§3.3, l.3746): a piece under a cover takes no
 * part, and a cover in the hexes of the action forbids it alike whether a
 * unit or a decoy lies under it (docs/rule-decisions.md §3.3), so that no
 * refusal tells the two apart.
 */

/** The active player's activated piece, in the open, at the intermediate level. */
export function formationActor(state: GameState, seat: Seat, piece: string): Rejection | null {
  return firstRejection(
    () => activePlayer(state, seat),
    () => ownPiece(state, seat, piece),
    () => underActivation(state, piece),
    () => rulesLevelRefusal(state, 'intermediate'),
    () => (state.activation?.mustFlee ? reject('mustFlee') : null),
    () => (isCovered(state, piece) ? reject('coveredNoFormation') : null),
  );
}

/** A formation action's conditions: the actor's, then the action's own on the acting unit. */
export function formationConditions<A extends { piece: string }>(
  own: (state: GameState, unit: Unit, action: A, seat: Seat) => Rejection | null,
) {
  return (state: GameState, seat: Seat, a: A): Rejection | null =>
    firstRejection(
      () => formationActor(state, seat, a.piece),
      () => own(state, actor(state, a.piece), a, seat),
    );
}

/** The acting unit, once `formationActor` holds. */
export function actor(state: GameState, piece: string): Unit {
  return state.units.find((u) => u.id === piece)!;
}

/** A decoy, or a unit under its cover. */
function isCovered(state: GameState, piece: string): boolean {
  return (
    state.decoys.some((d) => d.id === piece) || state.units.some((u) => u.id === piece && u.hidden)
  );
}

/** A cover of the side (a hidden unit or a decoy) in one of the hexes forbids the action (§3.3, FORM-H1). */
export function coverIn(
  state: GameState,
  side: string,
  hexes: readonly number[],
): Rejection | null {
  const covered =
    state.units.some((u) => u.side === side && u.hidden && hexes.includes(u.hex)) ||
    state.decoys.some((d) => d.side === side && hexes.includes(d.hex));
  return covered ? reject('coveredNoFormation') : null;
}

/** Neither shaken, routed nor exhausted (§3.3.1.2, §3.3.9–3.3.13, S1). */
export function inOrderAndBreathing(u: Unit): Rejection | null {
  return u.cohesion !== 'inOrder' || u.breath === 'exhausted'
    ? reject('formationShakenOrExhausted', { unit: u.name })
    : null;
}

/** Not adjacent to an enemy unit (§3.3.9–3.3.13); a cover is no enemy unit until revealed, whatever it hides. */
export function awayFromEnemy(state: GameState, u: Unit): Rejection | null {
  return adjacentEnemies(state, u).length > 0
    ? reject('formationNearEnemy', { unit: u.name })
    : null;
}

/** Under a regroup directive or a special order (S1 l.80, l.122, l.145, l.167, l.188; A-22): free units need neither. */
export function regroupOrOrder(state: GameState, u: Unit): Rejection | null {
  const directive = directiveFor(state, u);
  return directive === null || directive === 'regroup'
    ? null
    : reject('formationNeedsRegroup', { unit: u.name });
}

/** Not yet activated this turn (S1 l.81, l.124, l.148); the acting unit is under activation, not activated. */
export function notActivated(u: Unit): Rejection | null {
  return u.order === 'activated' ? reject('formationTroopActivated', { unit: u.name }) : null;
}

/** Every hex ground a formation may stand on: clear terrain, no obstacle, troops on the ground (§3.3.7, l.2281; S1 l.140, l.166, l.187; FORM-73, OBS-04). */
export function onClearGround(state: GameState, hexes: readonly number[]): Rejection | null {
  const bad = hexes.find((h) => !formationGround(state.board, h));
  return bad === undefined
    ? null
    : reject('formationNotClear', { hex: hexLabel(state.board, bad) });
}

/** What a troop taking part must meet, like the acting one (§3.3.9–3.3.11: "répondant aux mêmes critères"). */
export function troopCriteria(state: GameState, u: Unit): Rejection | null {
  return firstRejection(
    () => inOrderAndBreathing(u),
    () => notActivated(u),
    () => awayFromEnemy(state, u),
    () => regroupOrOrder(state, u),
  );
}

/** A large simple troop: not a formation, not a character, not a small unit (§3.3, l.2116). */
export function isSimpleTroop(u: Unit): boolean {
  return u.kind === 'troop' && u.size === 'large' && !isFormation(u);
}

/** Same type, wing and facing (§3.3.3, l.2236; S0 l.272; S1 l.139). */
export function sameTroops(a: Unit, b: Unit): boolean {
  return a.type === b.type && a.wing === b.wing && a.facing === b.facing && a.side === b.side;
}

/** What stands in a hex besides some units, a decoy counted as the unit it imitates (sheet 000 Leurres). */
export function standingIn(
  state: GameState,
  hex: number,
  except: readonly string[],
): Pick<Unit, 'size' | 'secondHex' | 'hex'>[] {
  const units = state.units.filter(
    (u) => (u.hex === hex || u.secondHex === hex) && !except.includes(u.id),
  );
  const decoys = state.decoys
    .filter((d) => d.hex === hex && !except.includes(d.id))
    .map((d) => state.units.find((u) => u.id === d.mimic) ?? { size: 'large' as const, hex });
  return [...units, ...decoys];
}

/**
 * The stacking of a hex once the action is done (§2.3.1, §3.3.4, sheet 000):
 * at most 10 points, never two formations, a formation of 4 figures or
 * more (or at its size limit, A-21) with nothing but one small unit, and one
 * in hedgehog with small units only.
 */
export function stackingAfter(
  state: GameState,
  hex: number,
  formation: Pick<Unit, 'steps' | 'profiles' | 'hex' | 'secondHex' | 'formationMode'> | null,
  others: readonly Pick<Unit, 'size' | 'secondHex' | 'hex'>[],
): Rejection | null {
  const points = (formation ? 4 : 0) + others.reduce((n, u) => n + stackPoints(u), 0);
  const formations = others.filter((u) => isFormation(u)).length + (formation ? 1 : 0);
  const lonely =
    formation !== null &&
    stacksWithOneSmallOnly(formation) &&
    (others.some((u) => u.size === 'large') || others.length > 1);
  const hedgehog = formation !== null && modeEffects(formation).smallStackOnly && others.some((u) => u.size === 'large');
  return points > STACK_LIMIT || formations > 1 || lonely || hedgehog
    ? reject('formationStacking', { hex: hexLabel(state.board, hex) })
    : null;
}
