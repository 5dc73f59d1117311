import { neighbour, piecesToActivate, type Direction, reachable, shockOptions, fireOptions, viewFor, type GameState } from '@lames/rules';
import { fordGame } from '@lames/rules/testing';
import { actablePieces, cycle, hexOrder, selectKey } from './key-select';
import { MoveInteraction } from './interactions/move';
import { AttackInteraction } from './interactions/attack';
import { FireInteraction } from './interactions/fire';
import { SightInteraction } from './interactions/sight';
import { ReloadInteraction } from './interactions/reload';
import { hexOfPiece } from './interactions/interaction';

// The interactions draw with pixi.js (an ES module jest does not load); these tests draw nothing.
jest.mock('pixi.js', () => ({}));

/** Issue 11: a turn without the mouse — the keys, their order and what each interaction offers them. */
describe('keyboard selection (issue 11)', () => {
  const state = fordGame('keys-seed');
  const side = state.activeSide;
  const other = state.sides.find((s) => s.id !== side)!.id;
  const view: GameState = viewFor(state, side);

  it('maps N / Shift+N, ] / [ and . / , and leaves Ctrl/Alt combinations to the browser', () => {
    expect(selectKey({ key: 'n' })).toEqual({ kind: 'piece', dir: 1 });
    expect(selectKey({ key: 'N' })).toEqual({ kind: 'piece', dir: -1 });
    expect(selectKey({ key: ']' })).toEqual({ kind: 'candidate', dir: 1 });
    expect(selectKey({ key: '[' })).toEqual({ kind: 'candidate', dir: -1 });
    expect(selectKey({ key: '.' })).toEqual({ kind: 'facing', dir: 1 });
    expect(selectKey({ key: ',' })).toEqual({ kind: 'facing', dir: -1 });
    expect(selectKey({ key: 'n', ctrlKey: true })).toBeNull();
    expect(selectKey({ key: ']', altKey: true })).toBeNull();
    // Tab stays the browser's focus order
    expect(selectKey({ key: 'Tab' })).toBeNull();
  });

  it('cycles forward and back with wrap-around, starting at an end when nothing is chosen', () => {
    const list = [4, 9, 17];
    expect(cycle(list, null, 1)).toBe(4);
    expect(cycle(list, null, -1)).toBe(17);
    expect(cycle(list, 4, 1)).toBe(9);
    expect(cycle(list, 17, 1)).toBe(4);
    expect(cycle(list, 4, -1)).toBe(17);
    expect(cycle(list, 99, 1)).toBe(4);
    expect(cycle([], 4, 1)).toBeNull();
  });

  it('orders hexes in the map order, each once, without off-map ones', () => {
    expect(hexOrder([30, 2, 30, -1, 7])).toEqual([2, 7, 30]);
  });

  it('offers the active seat the pieces still to activate, in the map hex order; nobody else', () => {
    const pieces = actablePieces(view, side);
    expect(new Set(pieces)).toEqual(new Set(piecesToActivate(view, side).filter((id) => hexOfPiece(view, id) >= 0)));
    expect(pieces.length).toBeGreaterThan(1);
    const hexes = pieces.map((id) => hexOfPiece(view, id));
    expect(hexes).toEqual([...hexes].sort((a, b) => a - b));
    expect(actablePieces(viewFor(state, other), other)).toEqual([]);
    expect(actablePieces(viewFor(state, 'referee'), 'referee')).toEqual([]);
  });

  it('a move offers its reachable hexes in hex order; a candidate click chooses it and . / , turn its facing', () => {
    const piece = actablePieces(view, side).find((id) => reachable(view, side, id, 'normal').length > 0)!;
    const move = new MoveInteraction({ view, seat: side, piece }, 'move');
    const expected = hexOrder(reachable(view, side, piece, 'normal').map((a) => a.hex));
    expect(move.candidates()).toEqual(expected);
    // no hex chosen yet: no facing to turn
    expect(move.rotate(1)).toBe(false);
    const hex = move.candidates().find((h) => reachable(view, side, piece, 'normal').filter((a) => a.hex === h).length > 1)!;
    expect(move.click(hex)).toBe(true);
    const first = (move.testFacts().chosen as { facing: number }).facing;
    expect(move.rotate(1)).toBe(true);
    const second = (move.testFacts().chosen as { facing: number }).facing;
    expect(second).not.toBe(first);
    expect(move.rotate(-1)).toBe(true);
    expect((move.testFacts().chosen as { facing: number }).facing).toBe(first);
    expect((move.action() as { type: string }).type).toBe('move');
  });

  it('a shock and a fire offer the hexes of their targets; reload none; line of sight every other hex', () => {
    const piece = actablePieces(view, side)[0];
    const shock = new AttackInteraction({ view, seat: side, piece }, 'shock');
    expect(shock.candidates()).toEqual(hexOrder(shockOptions(view, side, piece).filter((o) => o.type === 'shock').map((o) => hexOfPiece(view, o.target))));
    // an enemy set in front of the piece: its hex is a shock candidate
    const near = JSON.parse(JSON.stringify(state)) as GameState;
    const foe = near.units.find((u) => u.side === other && !u.hidden)!;
    const from = hexOfPiece(near, piece);
    foe.hex = [0, 1, 2, 3, 4, 5].map((d) => neighbour(near.board, from, d as Direction)).find((hx) => hx >= 0 && !near.units.some((u) => u.hex === hx))!;
    const nearView = viewFor(near, side);
    const close = new AttackInteraction({ view: nearView, seat: side, piece }, 'shock').candidates();
    expect(close).toEqual(hexOrder(shockOptions(nearView, side, piece).filter((o) => o.type === 'shock').map((o) => hexOfPiece(nearView, o.target))));
    expect(close).toContain(foe.hex);
    const fire = new FireInteraction({ view, seat: side, piece }, 'fire');
    expect(fire.candidates()).toEqual(hexOrder(fireOptions(view, side, piece).filter((o) => o.type === 'fire').map((o) => hexOfPiece(view, o.target))));
    expect(new ReloadInteraction({ view, seat: side, piece }).candidates()).toEqual([]);
    const sight = new SightInteraction({ view, seat: side, piece }).candidates();
    expect(sight).toHaveLength(view.board.cols * view.board.rows - 1);
    expect(sight).not.toContain(hexOfPiece(view, piece));
  });
});
