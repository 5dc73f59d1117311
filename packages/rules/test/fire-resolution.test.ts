import { apply, fixedDice, lossChoices } from '../src';
import { H } from './fixtures';
import { done, field, fire, shooter, u, unit } from './fire-helpers';

/** Resolving a fire (§3.2.5, §3.2.9): the table, losses, recoil, ammunition, several shots. */

describe('§3.2.9 resolution', () => {
  test('§3.2.9 a shot rolls 2D6 on the combat results table; losses are absorbed as in shock (FIRE-53)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6, { steps: 3 })]);
    const r = done(fire(s, ['r'], [1, 2]));
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ kind: 'fire', attacker: 'b', defender: 'r', supported: false, advantage: 0, dice: [1, 2], column: '0', losses: 2, shot: { index: 1, of: 1, combined: 1, harassment: false, crossed: 1 }, section: '§3.2.9' });
    // Two losses on three steps: the defender chooses (a step and a recoil, or two steps).
    expect(r.state.pendingLosses).toMatchObject({ kind: 'fire', defender: 'r', losses: 2 });
    expect(u(done(apply(r.state, 'red', { type: 'absorbLosses', steps: ['r', 'r'] }, { dice: fixedDice([1, 1]) })).state, 'r').steps).toBe(1);
  });

  test('§3.2.9 no advance after fire; the activation concludes', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6, { steps: 1, shock: 'contact' })]);
    const r = done(fire(s, ['r'], [1, 2]));
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(u(r.state, 'b').hex).toBe(H('0508'));
    expect(r.events.some((e) => e.type === 'advanced')).toBe(false);
    expect(r.state.activation).toBeNull();
    expect(r.events.find((e) => e.type === 'activationEnded')).toMatchObject({ piece: 'b', acted: true });
  });

  test('§3.2.9 a combined shot is one roll at +2 for two shots (FIRE-12)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6, { steps: 3 })]);
    const r = done(fire(s, ['r'], [6, 5], { combine: true }));
    const shots = r.events.filter((e) => e.type === 'combat');
    expect(shots).toHaveLength(1);
    expect(shots[0]).toMatchObject({ advantage: 2, shot: { index: 1, of: 1, combined: 2 } });
  });

  test('§3.2.9 recoil after fire: one hex farther from the shooter, counted in hexes, facing kept (FIRE-54, A-13b)', () => {
    // Blue fires from 0705 at red (0506, facing south): of red's rear hexes only 0405 is farther from 0705.
    const s = field([shooter('b', 'blue', '0705', 8), unit('r', 'red', '0506', 6, { steps: 2 })]);
    const r = done(fire(s, ['r'], [2, 4]));
    expect(r.state.pendingLosses).toMatchObject({ kind: 'fire', from: H('0705'), losses: 1 });
    expect(lossChoices(r.state, 'red').map((p) => p.recoil ?? null)).toEqual([H('0405'), null]);
    const after = done(apply(r.state, 'red', { type: 'absorbLosses', steps: [], recoil: H('0405') }, { dice: fixedDice([1, 1]) }));
    expect(u(after.state, 'r')).toMatchObject({ hex: H('0405'), facing: 6, steps: 2, cohesion: 'shaken' });
    expect(after.state.activation).toBeNull();
  });

  test('§3.2.9 on its last step the target must recoil away from the shooter when it can (FIRE-54)', () => {
    const s = field([shooter('b', 'blue', '0705', 8), unit('r', 'red', '0506', 6, { steps: 1 })]);
    const r = done(fire(s, ['r'], [2, 4]));
    expect(r.state.pendingLosses).toBeUndefined();
    expect(u(r.state, 'r').hex).toBe(H('0405'));
  });
});

describe('§3.2.5 ammunition', () => {
  test('§3.2.5 a double on the resolution roll lowers the ammunition one level (FIRE-19)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6, { steps: 6 })]);
    const r = done(fire(s, ['r'], [6, 6]));
    expect(u(r.state, 'b').ammunition).toBe('diminished');
    expect(r.events.find((e) => e.type === 'ammunitionChanged')).toMatchObject({ unit: 'b', ammunition: 'diminished', reason: 'double', section: '§3.2.5' });
    const again = { ...r.state, activation: { piece: 'b' }, activeSide: 'blue' };
    u(again, 'b').order = 'none';
    expect(u(done(fire(again, ['r'], [3, 3])).state, 'b').ammunition).toBe('exhausted');
  });

  test('§3.2.5 harassment spends ammunition too (FIRE-19)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6, { steps: 6 })]);
    expect(u(done(fire(s, ['r'], [5, 5])).state, 'b').ammunition).toBe('diminished');
  });

  test('§3.2.5 a double that exhausts the ammunition ends the volley: the shots left are lost (decision)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'superior'), unit('r', 'red', '0505', 6, { steps: 6 })]);
    u(s, 'b').ammunition = 'diminished';
    const r = done(fire(s, ['r', 'r', 'r'], [6, 6, 5, 4, 5, 4]));
    expect(r.events.filter((e) => e.type === 'combat')).toHaveLength(1);
    expect(u(r.state, 'b').ammunition).toBe('exhausted');
    expect(r.state.activation).toBeNull();
  });
});

describe('§3.2.3 several shots', () => {
  test('§3.2.3 the shots go on after the defender chooses how to absorb a shot’s losses', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r1', 'red', '0506', 6), unit('r2', 'red', '0606', 6, { steps: 3 })]);
    const first = done(fire(s, ['r1', 'r2'], [1, 4]));
    expect(first.events.filter((e) => e.type === 'combat')).toHaveLength(1);
    expect(first.state.pendingLosses).toMatchObject({ defender: 'r1', remainingShots: { targets: ['r2'], of: 2 } });
    expect(first.state.activation).not.toBeNull();
    const rest = done(apply(first.state, 'red', { type: 'absorbLosses', steps: ['r1'] }, { dice: fixedDice([6, 5]) }));
    expect(rest.events.find((e) => e.type === 'combat')).toMatchObject({ defender: 'r2', shot: { index: 2, of: 2 }, losses: 0 });
    expect(u(rest.state, 'r1').steps).toBe(1);
    expect(rest.state.pendingLosses).toBeUndefined();
    expect(rest.state.activation).toBeNull();
  });

  test('§3.2.3 a shot whose target an earlier shot destroyed is lost (decision)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6, { steps: 1 }), unit('q', 'red', '0406', 6)]);
    u(s, 'r').shock = 'charge';
    const r = done(fire(s, ['r', 'r'], [1, 2]));
    expect(u(r.state, 'r').destroyed).toBe(true);
    expect(r.events.filter((e) => e.type === 'combat')).toHaveLength(1);
  });
});
