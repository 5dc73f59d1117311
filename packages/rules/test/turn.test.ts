import { apply, legalActions, viewFor } from '../src';
import { fordGame } from '../src/testing';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { ok, refused } from './helpers';

const twoEach = () => game([unit('b1', 'blue', '0508', 0), unit('b2', 'blue', '0608', 0), unit('r1', 'red', '0502', 6), unit('r2', 'red', '0602', 6)]);

describe('§2.4 turn structure', () => {
  test('§2.4 only the active player acts; the other is told whose turn it is', () => {
    const r = refused(twoEach(), 'red', { type: 'activate', piece: 'r1' });
    expect(r).toMatchObject({ code: 'notYourTurn', section: '§2.4' });
    expect(r.message.fr).toContain('blue');
  });

  test('§2.4 referee and spectators never act', () => {
    expect(refused(twoEach(), 'referee', { type: 'endTurn' }).code).toBe('notAPlayer');
    expect(refused(twoEach(), 'spectator', { type: 'endTurn' }).code).toBe('notAPlayer');
  });

  test('§2.4 a player activates his own pieces only', () => {
    expect(refused(twoEach(), 'blue', { type: 'activate', piece: 'r1' }).code).toBe('unknownPiece');
  });

  test('§2.4 one activation at a time, one action per activation', () => {
    // Blue 1 holds a special order: it moves one hex freely, whatever its wing's directive (§2.5.5).
    const s = ok(withOrder(twoEach(), 'b1'), 'blue', { type: 'activate', piece: 'b1' }).state;
    expect(refused(s, 'blue', { type: 'activate', piece: 'b2' }).code).toBe('activationInProgress');
    expect(refused(s, 'blue', { type: 'move', piece: 'b2', steps: [{ to: H('0607') }] }).code).toBe('notActivated');
    const moved = ok(s, 'blue', { type: 'move', piece: 'b1', steps: [{ to: H('0507') }] }).state;
    expect(moved.activation).toBeNull();
    expect(refused(moved, 'blue', { type: 'move', piece: 'b1', steps: [{ to: H('0506') }] }).code).toBe('notActivated');
    expect(refused(moved, 'blue', { type: 'activate', piece: 'b1' }).code).toBe('alreadyActivated');
  });

  test('§2.4.3 the activated marker is placed at the end of the activation, even with no action', () => {
    let s = ok(twoEach(), 'blue', { type: 'activate', piece: 'b1' }).state;
    s = ok(s, 'blue', { type: 'pass', piece: 'b1' }).state;
    expect(s.units.find((u) => u.id === 'b1')?.order).toBe('activated');
  });

  test('§2.4 the turn passes to the other player once every piece is activated, and his markers come off', () => {
    let s = twoEach();
    for (const piece of ['b1', 'b2']) {
      s = ok(s, 'blue', { type: 'activate', piece }).state;
      s = ok(s, 'blue', { type: 'pass', piece }).state;
    }
    expect(s.activeSide).toBe('red');
    expect(s.units.filter((u) => u.side === 'blue').map((u) => u.order)).toEqual(['none', 'none']);
  });

  test('§2.4 ending the turn activates the remaining pieces with no action', () => {
    const r = ok(twoEach(), 'blue', { type: 'endTurn' });
    expect(r.state.activeSide).toBe('red');
    expect(r.events.filter((e) => e.type === 'activated')).toHaveLength(2);
    expect(refused(ok(twoEach(), 'blue', { type: 'activate', piece: 'b1' }).state, 'blue', { type: 'endTurn' }).code).toBe('activationOpen');
  });

  test('§2.4 after the last player the turn ends; past the turn limit the game is over', () => {
    let s = twoEach();
    for (let turn = 1; turn <= 3; turn++) {
      expect(s.turn).toBe(turn);
      s = ok(s, 'blue', { type: 'endTurn' }).state;
      s = ok(s, 'red', { type: 'endTurn' }).state;
    }
    expect(s.status).toBe('ended');
    expect(refused(s, 'blue', { type: 'endTurn' }).code).toBe('gameOver');
  });

  test('apply never changes the state it is given', () => {
    const s = twoEach();
    const before = JSON.stringify(s);
    ok(s, 'blue', { type: 'endTurn' });
    expect(JSON.stringify(s)).toBe(before);
  });

  test('a malformed action is refused with the field at fault', () => {
    const r = refused(twoEach(), 'blue', { type: 'move', piece: 'b1', steps: [{ to: -3 }] });
    expect(r.code).toBe('malformedAction');
    expect(r.message.en).toContain('steps');
  });
});

describe('legal actions, with the reason for each refusal', () => {
  test('§2.4 before activation only activating (or ending the turn) is open', () => {
    const legal = legalActions(twoEach(), 'blue', 'b1');
    expect(legal.find((l) => l.type === 'activate')).toMatchObject({ allowed: true });
    expect(legal.find((l) => l.type === 'move')).toMatchObject({ allowed: false, rejection: { code: 'notActivated' } });
    expect(legal.find((l) => l.type === 'endTurn')).toMatchObject({ allowed: true });
  });

  test('§2.6.4 once activated a troop may move normally, not with extra movement; §2.6.5 minimally only where its allowance cannot pay a hex', () => {
    const s = ok(twoEach(), 'blue', { type: 'activate', piece: 'b1' }).state;
    expect(legalActions(s, 'blue', 'b1').find((l) => l.type === 'move')).toMatchObject({ allowed: true, modes: ['normal'] });
    s.units.find((x) => x.id === 'b1')!.profiles = profiles('pedestrian', 'inferior');
    expect(legalActions(s, 'blue', 'b1').find((l) => l.type === 'move')).toMatchObject({ allowed: true, modes: ['normal', 'minimal'] });
  });

  test('legal actions computed on a seat view equal those on the full state', () => {
    const s = ok(fordGame('x'), 'ardenne', { type: 'activate', piece: 'h-knights' }).state;
    expect(legalActions(viewFor(s, 'ardenne'), 'ardenne', 'h-knights')).toEqual(legalActions(s, 'ardenne', 'h-knights'));
  });
});

describe('seeded dice', () => {
  test('the same seed gives the same game, another seed other covers', () => {
    const a = fordGame('seed-1');
    const b = fordGame('seed-1');
    const c = fordGame('seed-2');
    expect(a).toEqual(b);
    expect(a.units.find((u) => u.hidden)?.coverId).not.toBe(c.units.find((u) => u.hidden)?.coverId);
  });

  test('apply with injected fixed dice does not touch the seeded generator', () => {
    const s = twoEach();
    const r = apply(s, 'blue', { type: 'endTurn' }, { dice: { roll: () => 1 } });
    expect(r.ok && r.state.rng).toEqual(s.rng);
  });
});
