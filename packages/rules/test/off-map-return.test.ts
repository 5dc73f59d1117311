import { apply, eventsFor, fixedDice, GameEvent, GameState, legalActions, piecesToActivate, returnOptions, Unit, viewFor } from '../src';
import { game, H, unit, withOrder } from './fixtures';
import { activated, ok } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;

/** Blue 'b' went off the map behind 0510 on turn 1; it is now turn 2, blue to play, with 'b2' still on the map. */
const waiting = () => {
  const s = game([unit('b', 'blue', '0510', 0), unit('b2', 'blue', '0105', 0), unit('r', 'red', '0101', 6)]);
  Object.assign(u(s, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
  s.turn = 2;
  return s;
};

describe('§2.6.10.2 pieces off the map are pieces to activate', () => {
  test('§2.6.10.2 a unit off the map since an earlier turn is a piece to activate; not the turn it left', () => {
    expect(piecesToActivate(waiting(), 'blue')).toEqual(['b', 'b2']);
    const s = waiting();
    s.turn = 1;
    expect(piecesToActivate(s, 'blue')).toEqual(['b2']);
  });

  test('§2.6.10.2 its activation is the return roll: `activate` is refused, `returnToMap` offered', () => {
    const legal = legalActions(waiting(), 'blue', 'b');
    expect(legal.find((a) => a.type === 'activate')).toMatchObject({ allowed: false, rejection: { code: 'notOnMap' } });
    expect(legal.find((a) => a.type === 'returnToMap')).toMatchObject({ allowed: true });
  });

  test('§2.6.10.2 the return may come after the side’s last piece on the map: the turn waits for it', () => {
    const s = ok(activated(waiting(), 'blue', 'b2'), 'blue', { type: 'pass', piece: 'b2' }).state;
    expect(s.activeSide).toBe('blue');
    expect(piecesToActivate(s, 'blue')).toEqual(['b']);
    const r = apply(s, 'blue', { type: 'returnToMap', piece: 'b', to: H('0510') }, { dice: fixedDice([1, 2]) });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'returned', unit: 'b', hex: H('0510'), facing: 0 }));
    // Its activation over, nothing is left: the side's turn ends.
    expect(r.ok && r.state.activeSide).toBe('red');
    expect(r.ok && u(r.state, 'b').hex).toBe(H('0510'));
  });

  test('§2.6.10.2 a failed roll still activates it', () => {
    const r = apply(waiting(), 'blue', { type: 'returnToMap', piece: 'b', to: H('0510') }, { dice: fixedDice([3, 2]) });
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, order: 'activated' });
    expect(r.ok && piecesToActivate(r.state, 'blue')).toEqual(['b2']);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['activated', 'test', 'activationEnded']);
  });

  test('§2.4, §2.6.10.2 ending the turn activates it without a roll: it stays off the map', () => {
    const r = apply(waiting(), 'blue', { type: 'endTurn' }, { dice: fixedDice([]) });
    expect(r.ok && r.state.activeSide).toBe('red');
    expect(r.ok && r.events.some((e) => e.type === 'test')).toBe(false);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
  });

  test('§2.4, §2.6.10.2 a side whose only pieces are off the map still plays its turn', () => {
    const s = game([unit('b', 'blue', '0510', 0), unit('r', 'red', '0101', 6)]);
    Object.assign(u(s, 'b'), { hex: -1, offMap: { hex: H('0510'), dir: 3, turn: 1 } });
    s.activeSide = 'red';
    const r = ok(s, 'red', { type: 'endTurn' });
    expect(r.state).toMatchObject({ turn: 2, activeSide: 'blue' });
    expect(returnOptions(r.state, 'blue', 'b')).toEqual(expect.arrayContaining([H('0510')]));
  });
});

describe('§2.6.10 leaving the map under a cover tells the enemy nothing', () => {
  /** Blue's hidden unit 'h' and decoy 'd' on the south edge, facing it, free of their directive; red far away. */
  const covered = () => {
    const s = game([unit('h', 'blue', '0310', 6, { hidden: true }), unit('m', 'blue', '0801', 0), unit('r', 'red', '0901', 6)], {}, [{ id: 'd', side: 'blue', hex: '0610', facing: 6, mimic: 'h' }]);
    withOrder(s, 'h');
    s.decoys[0].specialOrder = true;
    return s;
  };
  const leave = (s: GameState, piece: string) => ok(activated(s, 'blue', piece), 'blue', { type: 'move', piece, steps: [{ exit: 3 }] });
  /** What red hears, the cover's id blanked. */
  const heard = (events: GameEvent[], cover: string) => JSON.parse(JSON.stringify(eventsFor(events, 'red')).split(cover).join('COVER'));

  test('§2.6.10 a hidden unit and a decoy leaving the map: red hears the same events about a cover, never whether it is gone for good', () => {
    const s = covered();
    const hCover = u(s, 'h').coverId!;
    const dCover = s.decoys[0].coverId;
    const byUnit = heard(leave(s, 'h').events, hCover);
    const byDecoy = heard(leave(s, 'd').events, dCover);
    expect(byUnit).toEqual(byDecoy.map((e: { hex?: number; from?: number }) => (e.hex === H('0610') ? { ...e, hex: H('0310') } : e.from === H('0610') ? { ...e, from: H('0310'), to: H('0310') } : e)));
    expect(byUnit).toContainEqual(expect.objectContaining({ type: 'leftMap', unit: 'COVER', final: false }));
    expect(JSON.stringify(byUnit)).not.toContain('"h"');
  });

  test('§2.6.10 off the map, neither shows in red’s view; both wait as pieces of blue to activate, and a decoy may come back', () => {
    let s = leave(covered(), 'h').state;
    s = leave(s, 'd').state;
    const red = viewFor(s, 'red');
    expect(red.covers).toEqual([]);
    expect(JSON.stringify(red)).not.toContain('"h"');
    expect(s.decoys[0]).toMatchObject({ hex: -1, offMap: { hex: H('0610'), dir: 3, turn: 1 } });
    s = ok(s, 'blue', { type: 'endTurn' }).state;
    s = ok(s, 'red', { type: 'endTurn' }).state;
    // The piece in the open first, then the covered ones by cover id (issue 7: an order from public facts only).
    const byCover = [['h', u(s, 'h').coverId!], ['d', s.decoys[0].coverId]].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([id]) => id);
    expect(piecesToActivate(s, 'blue')).toEqual(['m', ...byCover]);
    const back = apply(s, 'blue', { type: 'returnToMap', piece: 'd', to: H('0610') }, { dice: fixedDice([2, 2]) });
    expect(back.ok && back.state.decoys[0]).toMatchObject({ hex: H('0610'), facing: 0 });
    // Red hears a cover coming back, and not the roll.
    const told = back.ok ? eventsFor(back.events, 'red') : [];
    expect(told.map((e) => e.type)).toEqual(['activated', 'returned', 'activationEnded']);
    expect(JSON.stringify(told)).not.toContain('"d"');
  });
});
