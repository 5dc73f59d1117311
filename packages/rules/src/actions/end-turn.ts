import { GameEvent } from '../state/events';
import { concludeActivation, endSideTurn } from '../turn/conclude';
import { piecesToActivate } from '../turn/pieces';
import type { ActionRule } from './action-rule';
import { activateRule } from './activate';
import { activePlayer, firstRejection } from './common';
import { reject, Rejection } from './rejection';
import { forcedAction } from '../turn/forced';
import type { GameState, Unit } from '../state/types';
import { boardIndex } from '../terrain/board';
import { compulsoryWingMorale } from '../command/wing-morale';
import { Snapshot, snapshotOf, unchangedSince } from '../state/snapshot';

/**
 * A piece bound to an action (§2.9.1: face, rally or flee, keep charging)
 * must be activated and play it: ending the turn may not skip it.
 */
function boundPieceLeft(state: GameState, seat: string): Rejection | null {
  const known = bound.get(state);
  if (known && known.seat === seat && unchangedSince(state, known.snapshot)) return known.verdict;
  const verdict = firstBoundPiece(state, seat);
  bound.set(state, { seat, snapshot: snapshotOf(state), verdict });
  return verdict;
}

/**
 * The verdict of the last seat asked, per state object (issue 9): legal
 * actions ask it for every piece of the side, and it is the same for all.
 * Served again only while the state is unchanged (state/snapshot.ts).
 */
const bound = new WeakMap<GameState, { seat: string; snapshot: Snapshot; verdict: Rejection | null }>();

function firstBoundPiece(state: GameState, seat: string): Rejection | null {
  const free = surelyFree(state);
  const bound = piecesToActivate(state, seat).find((p) => !free(p) && forcedAction(state, p) !== null);
  if (!bound) return null;
  const name = state.units.find((u) => u.id === bound)?.name ?? bound;
  return reject('boundPieceLeft', { piece: name });
}

/**
 * The units no force majeure can bind (§2.9.1), told apart without asking
 * `forcedAction` for each (issue 9: legal actions ask this for every piece,
 * and a side's pieces are many): on the map, not routed, not charging, and
 * with no enemy in the open next door, so that no one engages them and they
 * need not face. Every other piece is asked in full.
 */
function surelyFree(state: GameState): (piece: string) => boolean {
  const idx = boardIndex(state.board);
  const sidesAt = new Map<number, Set<string>>();
  for (const u of state.units) {
    if (u.hidden || u.hex < 0) continue;
    if (!sidesAt.has(u.hex)) sidesAt.set(u.hex, new Set());
    sidesAt.get(u.hex)!.add(u.side);
  }
  const enemyNext = (u: Unit) => {
    for (let d = 0; d < 6; d++) for (const side of sidesAt.get(idx.neighbours[u.hex * 6 + d]) ?? []) if (side !== u.side) return true;
    return false;
  };
  return (piece) => {
    const u = state.units.find((x) => x.id === piece);
    return !!u && u.hex >= 0 && u.cohesion !== 'routed' && u.shock !== 'charge' && !enemyNext(u);
  };
}

/**
 * Ending one's turn (§2.4): every piece must be activated once, so the pieces
 * left are activated in turn and take no action.
 */
export const endTurnRule: ActionRule<{ type: 'endTurn' }> = {
  section: '§2.4',
  conditions: (state, seat) =>
    firstRejection(
      () => activePlayer(state, seat),
      () => (state.activation ? reject('activationOpen') : null),
      () => boundPieceLeft(state, seat),
    ),
  procedure(state, seat, _a, dice) {
    // The compulsory wing morale markers are played first (§2.5.10.1).
    const events: GameEvent[] = compulsoryWingMorale(state, seat, dice);
    const pieces = piecesToActivate(state, seat);
    if (pieces.length === 0) return [...events, ...endSideTurn(state)];
    for (const piece of pieces) {
      events.push(...activateRule.procedure(state, seat, { type: 'activate', piece }, dice));
      events.push(...concludeActivation(state, false));
    }
    return events;
  },
};
