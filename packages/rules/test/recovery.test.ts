import { apply, eventsFor, fixedDice, forcedAction, GameState, legalActions, Unit } from '../src';
import { game, profiles, unit } from './fixtures';
import { activated } from './helpers';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const run = (s: GameState, type: string, piece: string, dice: number[]) => apply(activated(s, 'blue', piece), 'blue', { type, piece }, { dice: fixedDice(dice) });
const code = (r: ReturnType<typeof apply>) => (r.ok ? 'ok' : r.rejection.code);
const lone = (extra: Parameters<typeof unit>[4] = {}) => game([unit('b', 'blue', '0505', 0, extra), unit('r', 'red', '0101', 6)]);
const elite = () => ({ profiles: { ...profiles(), morale: { class: 'elite' as const, capacity: 'ordinary' as const } } });

describe('§2.8.2 rest (sheet 001)', () => {
  const winded = (fatigue = 8, extra: Parameters<typeof unit>[4] = {}) => {
    const s = lone(extra);
    u(s, 'b').breath = 'winded';
    s.wings.find((w) => w.id === 'blue-wing')!.fatigue = fatigue;
    return s;
  };

  test('§2.8.2 2D6 at or under the wing fatigue recovers a level of breath', () => {
    const r = run(winded(), 'rest', 'b', [3, 5]);
    expect(r.ok && u(r.state, 'b').breath).toBe('fresh');
    const failed = run(winded(), 'rest', 'b', [4, 5]);
    expect(failed.ok && u(failed.state, 'b').breath).toBe('winded');
    expect(failed.ok && failed.state.activation).toBeNull();
  });

  test('§2.8.2 an exhausted unit becomes winded', () => {
    const s = winded();
    u(s, 'b').breath = 'exhausted';
    const r = run(s, 'rest', 'b', [1, 2]);
    expect(r.ok && u(r.state, 'b').breath).toBe('winded');
  });

  test('§2.8.2 a double tires the wing by one, never below 4', () => {
    const r = run(winded(8), 'rest', 'b', [2, 2]);
    expect(r.ok && r.state.wings.find((w) => w.id === 'blue-wing')?.fatigue).toBe(7);
    expect(r.ok && r.events.find((e) => e.type === 'wingFatigueChanged')).toMatchObject({ fatigue: 7, section: '§2.8.2' });
    const floor = run(winded(4), 'rest', 'b', [1, 1]);
    expect(floor.ok && floor.state.wings.find((w) => w.id === 'blue-wing')?.fatigue).toBe(4);
  });

  test('Fiche 001 a regenerating unit that lost a step gets it back on a double', () => {
    const s = winded(8, { faculties: ['regeneration'], steps: 2 });
    u(s, 'b').steps = 1;
    const r = run(s, 'rest', 'b', [3, 3]);
    expect(r.ok && u(r.state, 'b').steps).toBe(2);
    const noDouble = run(s, 'rest', 'b', [3, 4]);
    expect(noDouble.ok && u(noDouble.state, 'b').steps).toBe(1);
  });

  test('Fiche 001 (FAC-25) a regenerating formation that lost a step does not get it back', () => {
    const s = winded(8, { faculties: ['regeneration'], steps: 6, secondHex: '0504', facing: 3 });
    u(s, 'b').steps = 5;
    const r = run(s, 'rest', 'b', [3, 3]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ steps: 5, breath: 'fresh' });
  });

  test('§2.8.2 a fresh unit has nothing to rest from; an engaged unit may not rest', () => {
    expect(code(run(lone(), 'rest', 'b', []))).toBe('notTired');
    const s = game([unit('b', 'blue', '0505', 0), unit('r', 'red', '0504', 6)]);
    u(s, 'b').breath = 'winded';
    expect(code(run(s, 'rest', 'b', [1, 1]))).toBe('engagedNoRecovery');
  });

  test('Fiche mécanismes communs, Unités Cachées: the rest of a hidden unit is told to its owner only', () => {
    const r = run(winded(8, { hidden: true }), 'rest', 'b', [2, 2]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(JSON.stringify(eventsFor(r.events, 'red'))).not.toContain('"b"');
    expect(eventsFor(r.events, 'blue').map((e) => e.type)).toEqual(expect.arrayContaining(['test', 'breathChanged']));
  });

  test('§2.8.2 legalActions offers rest to a winded unit only', () => {
    const s = winded();
    expect(legalActions(activated(s, 'blue', 'b'), 'blue', 'b').find((l) => l.type === 'rest')?.allowed).toBe(true);
    expect(legalActions(activated(lone(), 'blue', 'b'), 'blue', 'b').find((l) => l.type === 'rest')).toMatchObject({ allowed: false, rejection: { code: 'notTired' } });
  });
});

describe('§2.8.3.4 reorganise (sheet 001)', () => {
  const shaken = (extra: Parameters<typeof unit>[4] = elite()) => {
    const s = lone(extra);
    u(s, 'b').cohesion = 'shaken';
    return s;
  };

  test('§2.8.3.4 an elite shaken unit rolling 2D6 at or under its morale is in order again', () => {
    const r = run(shaken(), 'reorganise', 'b', [4, 4]);
    expect(r.ok && u(r.state, 'b').cohesion).toBe('inOrder');
    const failed = run(shaken(), 'reorganise', 'b', [4, 5]);
    expect(failed.ok && u(failed.state, 'b').cohesion).toBe('shaken');
  });

  test('§3.3 FORM-06 a shaken formation reorganises as a troop does, on both its hexes', () => {
    const s = shaken({ ...elite(), steps: 6, secondHex: '0504', facing: 3 });
    const r = run(s, 'reorganise', 'b', [4, 4]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ cohesion: 'inOrder', hex: u(s, 'b').hex, secondHex: u(s, 'b').secondHex, steps: 6 });
  });

  test('Fiche 001 without elite morale it needs a special order (or a regroup directive out of reach)', () => {
    expect(code(run(shaken({}), 'reorganise', 'b', []))).toBe('reorganiseNeedsOrder');
    const s = shaken({});
    u(s, 'b').order = 'specialOrder';
    expect(code(run(s, 'reorganise', 'b', [1, 1]))).toBe('ok');
  });

  test('Fiche 001 a large unit stacked with another large unit may not reorganise (the sheet wins over §2.3.1.3)', () => {
    const s = game([unit('b', 'blue', '0505', 0, elite()), unit('b2', 'blue', '0505', 0), unit('r', 'red', '0101', 6)]);
    u(s, 'b').cohesion = 'shaken';
    expect(code(run(s, 'reorganise', 'b', []))).toBe('stackedWithLarge');
    const withChief = game([unit('b', 'blue', '0505', 0, elite()), unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' }), unit('r', 'red', '0101', 6)]);
    u(withChief, 'b').cohesion = 'shaken';
    expect(code(run(withChief, 'reorganise', 'b', [1, 1]))).toBe('ok');
  });

  test('§2.8.3.4 an in-order unit has nothing to reorganise; magic and steady units never may', () => {
    expect(code(run(lone(elite()), 'reorganise', 'b', []))).toBe('notShaken');
    const s = shaken({ profiles: { ...profiles(), morale: { class: 'steady', capacity: 'ordinary' } } });
    expect(code(run(s, 'reorganise', 'b', []))).toBe('neverShaken');
  });
});

describe('§2.8.4 rally (sheet 001)', () => {
  const routed = (extra: Parameters<typeof unit>[4] = elite()) => {
    const s = lone(extra);
    u(s, 'b').cohesion = 'routed';
    return s;
  };

  test('§2.8.4 success: the routed unit is shaken again and keeps its facing', () => {
    const r = run(routed(), 'rally', 'b', [2, 6]);
    expect(r.ok && u(r.state, 'b')).toMatchObject({ cohesion: 'shaken', facing: 0 });
    expect(r.ok && r.state.activation).toBeNull();
  });

  test('§2.8.3.1 failure: the unit must flee; the activation stays open for the flight only', () => {
    const r = run(routed(), 'rally', 'b', [5, 4]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(u(r.state, 'b').cohesion).toBe('routed');
    expect(r.state.activation).toMatchObject({ piece: 'b', mustFlee: true });
    expect(r.events.find((e) => e.type === 'mustFlee')).toBeDefined();
    expect(forcedAction(r.state, 'b')).toMatchObject({ types: ['flee'] });
    const again = apply(r.state, 'blue', { type: 'rally', piece: 'b' });
    expect(again.ok ? null : again.rejection.code).toBe('mustFlee');
  });

  test('Fiche 001 a stacked routed unit may not rally; nor a fragile one; nor one without elite morale, autonomy or a special order', () => {
    const stacked = game([unit('b', 'blue', '0505', 0, elite()), unit('c', 'blue', '0505', 0, { kind: 'character', size: 'small' }), unit('r', 'red', '0101', 6)]);
    u(stacked, 'b').cohesion = 'routed';
    expect(code(run(stacked, 'rally', 'b', []))).toBe('stackedNoRally');
    const fragile = routed({ profiles: { ...profiles(), morale: { class: 'fragile', capacity: 'ordinary' } } });
    u(fragile, 'b').order = 'specialOrder';
    expect(code(run(fragile, 'rally', 'b', []))).toBe('fragileNeverRallies');
    expect(code(run(routed({}), 'rally', 'b', []))).toBe('rallyNeedsOrder');
  });

  test('§2.5.5 an army commander may always attempt to rally, without a special order', () => {
    const c = { kind: 'character' as const, size: 'small' as const };
    const s = routed(c);
    expect(code(run(s, 'rally', 'b', [1, 1]))).toBe('rallyNeedsOrder');
    s.sides[0].armyCommander = 'b';
    expect(code(run(s, 'rally', 'b', [1, 1]))).toBe('ok');
  });

  test('§2.8.4 an autonomous unit may rally whatever its order situation', () => {
    const s = routed({ profiles: { ...profiles(), command: { class: 'autonomous', capacity: 'ordinary' } } });
    expect(code(run(s, 'rally', 'b', [1, 1]))).toBe('ok');
  });

  test('§2.8.4 an engaged routed unit may not rally', () => {
    const s = game([unit('b', 'blue', '0505', 0, elite()), unit('r', 'red', '0504', 6)]);
    u(s, 'b').cohesion = 'routed';
    u(s, 'r').shock = 'none';
    const r = apply(activated(s, 'blue', 'b'), 'blue', { type: 'rally', piece: 'b' });
    expect(r.ok ? null : r.rejection.code).toBe('engagedNoRecovery');
  });
});
