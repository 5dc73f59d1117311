import { apply, commandModifiers, fixedDice, GameState, shakenMarkersDrm, Unit } from '../src';
import { resolveDemoralisation, unitLost } from '../src/command/demoralisation';
import { game, H, profiles, unit } from './fixtures';
import { activated, ok } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const wing = (s: GameState) => s.wings.find((w) => w.id === 'blue-wing')!;
const leaderField = () => {
  const s = game([unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' }), unit('b', 'blue', '0508', 0), unit('r', 'red', '0101', 6)]);
  wing(s).leader = 'c';
  return s;
};
const change = (s: GameState, dice: number[], directive = 'defend') => apply(activated(s, 'blue', 'c'), 'blue', { type: 'changeDirective', piece: 'c', directive }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof apply>) => (r.ok ? 'ok' : r.rejection.code);

describe('§2.5.7 changing the directive and §2.5.8 the command test', () => {
  test('§2.5.7 the leader needs a special order, the army command or autonomy', () => {
    const s = leaderField();
    expect(code(change(s, [1, 1]))).toBe('commandActionNeedsOrder');
    s.sides[0].armyCommander = 'c';
    const r = change(s, [3, 4]);
    expect(r.ok && wing(r.state).directive).toBe('defend');
    expect(r.ok && u(r.state, 'c').order).toBe('activated');
  });

  test('§2.5.7 only the wing leader changes its directive', () => {
    const s = leaderField();
    wing(s).leader = null;
    u(s, 'c').order = 'specialOrder';
    expect(code(change(s, [1, 1]))).toBe('notWingLeader');
  });

  test('§2.5.8 modifiers: irregular, shaken, exhausted, bands of 4 hexes to the farthest unit that follows the directive', () => {
    const s = leaderField();
    const c = u(s, 'c');
    c.profiles = { ...profiles(), command: { class: 'irregular', capacity: 'ordinary' } };
    c.cohesion = 'shaken';
    c.breath = 'exhausted';
    u(s, 'b').hex = H('0509'); // 4 hexes from the leader: one band
    const values = commandModifiers(s, c, wing(s)).map((m) => m.value);
    expect(values).toEqual([1, 1, 1, 0, 1]);
    u(s, 'b').order = 'specialOrder';
    expect(commandModifiers(s, c, wing(s))[4].value).toBe(0);
  });

  test('§2.5.8 a natural 2 always succeeds, a natural 12 always fails; the leader has acted either way', () => {
    const s = leaderField();
    s.sides[0].armyCommander = 'c';
    u(s, 'c').cohesion = 'shaken';
    u(s, 'c').breath = 'exhausted';
    const two = change(s, [1, 1]);
    expect(two.ok && wing(two.state).directive).toBe('defend');
    const twelve = change(s, [6, 6]);
    expect(twelve.ok && wing(twelve.state).directive).toBe('attack');
    expect(twelve.ok && twelve.events.find((e) => e.type === 'test')).toMatchObject({ test: 'command', natural: 'failure', success: false });
  });

  test('§2.5.4 a retreat directive is final', () => {
    const s = leaderField();
    s.sides[0].armyCommander = 'c';
    wing(s).directive = 'retreat';
    const r = change(s, [1, 1], 'attack');
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'retreatIsFinal', section: '§2.5.4' });
  });
});

describe('§2.5.14 taking command and §2.5.15 resigning', () => {
  test('§2.5.14 a character takes command of a wing without a leader; §2.5.15 the leader resigns', () => {
    const s = leaderField();
    u(s, 'c').profiles.command.class = 'autonomous';
    const resigned = ok(activated(s, 'blue', 'c'), 'blue', { type: 'resign', piece: 'c' });
    expect(wing(resigned.state).leader).toBeNull();
    wing(s).leader = null;
    const r = apply(activated(s, 'blue', 'c'), 'blue', { type: 'takeCommand', piece: 'c', wing: 'blue-wing' }, { dice: fixedDice([2, 2]) });
    expect(r.ok && wing(r.state).leader).toBe('c');
    expect(r.ok && r.events.map((e) => e.type)).toContain('commandTaken');
  });

  test('§2.5.14 a commanded wing cannot be taken', () => {
    const s = leaderField();
    s.sides[0].armyCommander = 'c';
    const r = apply(activated(s, 'blue', 'c'), 'blue', { type: 'takeCommand', piece: 'c', wing: 'blue-wing' });
    expect(code(r)).toBe('wingCommanded');
  });
});

describe('§2.5.10 wing morale', () => {
  test('§2.5.10.2 a lost unit makes its wing test; a failure lowers the morale (minimum 4) and lays a shaken marker', () => {
    const s = leaderField();
    unitLost(s, u(s, 'b'));
    const events = resolveDemoralisation(s, fixedDice([4, 3]));
    expect(events.find((e) => e.type === 'test')).toMatchObject({ test: 'demoralisation', total: 7, threshold: 5, success: false });
    expect(wing(s)).toMatchObject({ morale: 4, shakenMarkers: 1 });
    unitLost(s, u(s, 'b'));
    resolveDemoralisation(s, fixedDice([6, 6]));
    expect(wing(s)).toMatchObject({ morale: 4, shakenMarkers: 2 });
  });

  test('§2.5.11 losing the wing leader: +1, and the wing is no longer commanded; §2.5.13 the army commander: +2 to every wing', () => {
    const s = leaderField();
    s.sides[0].armyCommander = 'c';
    unitLost(s, u(s, 'c'));
    const events = resolveDemoralisation(s, fixedDice([1, 1]));
    expect(wing(s).leader).toBeNull();
    expect(s.sides[0].armyCommander).toBeNull();
    const test = events.find((e) => e.type === 'test') as { modifiers: { value: number }[] };
    expect(test.modifiers.map((m) => m.value)).toEqual([1, 2]);
  });

  test('§2.5.10.2 the tests owed for units lost during an action are rolled before the action returns', () => {
    const s = activated(leaderField(), 'blue', 'b');
    s.pendingDemoralisation = [{ wing: 'blue-wing', lost: 'b' }];
    const r = apply(s, 'blue', { type: 'pass', piece: 'b' }, { dice: fixedDice([6, 5]) });
    expect(r.ok && r.events.find((e) => e.type === 'test')).toMatchObject({ test: 'demoralisation', subject: 'blue-wing', success: false });
    expect(r.ok && r.state.pendingDemoralisation).toBeUndefined();
    expect(r.ok && wing(r.state).shakenMarkers).toBe(1);
  });

  test('§2.5.10.1 the wing morale marker: DRM by shaken markers, above the morale the wing retreats for good, markers removed', () => {
    expect([1, 2, 3, 4, 6, 7, 9].map(shakenMarkersDrm)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    const s = leaderField();
    wing(s).shakenMarkers = 2;
    const held = apply(s, 'blue', { type: 'wingMorale', wing: 'blue-wing' }, { dice: fixedDice([2, 2]) });
    expect(held.ok && wing(held.state)).toMatchObject({ directive: 'attack', shakenMarkers: 0 });
    const broke = apply(s, 'blue', { type: 'wingMorale', wing: 'blue-wing' }, { dice: fixedDice([3, 2]) });
    expect(broke.ok && wing(broke.state)).toMatchObject({ directive: 'retreat', shakenMarkers: 0 });
    expect(broke.ok && broke.events.find((e) => e.type === 'directiveChanged')).toMatchObject({ directive: 'retreat', reason: 'demoralised' });
  });

  test('§2.5.10.1 a marker with shaken markers must be activated before the turn ends; ending the turn plays it', () => {
    const s = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0101', 6)]);
    wing(s).shakenMarkers = 1;
    const passed = ok(activated(s, 'blue', 'b'), 'blue', { type: 'pass', piece: 'b' });
    expect(passed.state.activeSide).toBe('blue');
    const ended = apply(passed.state, 'blue', { type: 'endTurn' }, { dice: fixedDice([1, 1]) });
    expect(ended.ok && ended.state.activeSide).toBe('red');
    expect(ended.ok && wing(ended.state).shakenMarkers).toBe(0);
    const none = apply(ended.ok ? ended.state : s, 'red', { type: 'wingMorale', wing: 'red-wing' });
    expect(code(none)).toBe('noShakenMarkers');
  });
});
