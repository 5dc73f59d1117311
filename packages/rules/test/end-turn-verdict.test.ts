import { legalActions, piecesToActivate, type GameState, type Seat } from '../src';
import { snapshotOf, unchangedSince } from '../src/state/snapshot';
import { stressGame } from '../src/testing';
import { recordedPositions } from './recorded-positions';

/**
 * Issue 9: the end-turn verdict (§2.4, §2.9.1: no piece bound to an action
 * may be left) is worked out once per state and served to the legal actions
 * of every piece; it must be the verdict of a fresh copy of the state, and
 * a state changed in place must be judged again.
 */

const endTurn = (state: GameState, seat: Seat, piece: string) =>
  legalActions(state, seat, piece).find((a) => a.type === 'endTurn')!;

describe('§2.4 ending the turn (issue 9): one verdict per state, never stale', () => {
  test('§2.9.1 a piece routed in place after a first verdict binds the end of the turn', () => {
    const state = stressGame('end-turn-verdict');
    const seat = state.activeSide;
    const pieces = piecesToActivate(state, seat);
    expect(endTurn(state, seat, pieces[0])).toEqual(
      endTurn(structuredClone(state), seat, pieces[0]),
    );
    const unit = state.units.find(
      (u) =>
        u.id === pieces.find((p) => state.units.some((u) => u.id === p && u.hex >= 0 && !u.hidden)),
    )!;
    unit.cohesion = 'routed';
    const after = endTurn(state, seat, pieces[1]);
    expect(after).toEqual(endTurn(structuredClone(state), seat, pieces[1]));
    expect(after.allowed).toBe(false);
    expect(after.rejection?.code).toBe('boundPieceLeft');
  });

  test.each(
    recordedPositions('end-turn-verdict', { every: 40, stressLimit: 80, formations: true }),
  )('%s: every piece hears the verdict of a fresh copy', (_id, state) => {
    const seat = state.activeSide;
    const fresh = endTurn(structuredClone(state), seat, '');
    for (const piece of piecesToActivate(state, seat))
      expect([piece, endTurn(state, seat, piece)]).toEqual([piece, fresh]);
  });

  test('a snapshot tells a state changed in place: a unit turned, the activation set, a field added', () => {
    const state = stressGame('snapshot');
    const snap = snapshotOf(state);
    expect(unchangedSince(state, snap)).toBe(true);
    state.units[3].facing = ((state.units[3].facing + 1) %
      12) as GameState['units'][number]['facing'];
    expect(unchangedSince(state, snap)).toBe(false);
    const again = snapshotOf(state);
    state.activation = { piece: state.units[0].id };
    expect(unchangedSince(state, again)).toBe(false);
    const third = snapshotOf(state);
    state.units[5].destroyed = true;
    expect(unchangedSince(state, third)).toBe(false);
  });
});
