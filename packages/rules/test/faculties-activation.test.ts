import { apply, eventsFor, fixedDice, GameState, viewFor } from '../src';
import type { Weather } from '../src/elements/data';
import { done, field, FieldUnit, u, unit } from './fire-helpers';

/** Faculties that act when their unit is activated (§3.1): light-fragile, evanescence, frightening. */

/** Blue 'b' with `faculties` at 0508, red far away unless told; by day under `weather` (null: no marker). */
function battle(faculties: FieldUnit['faculties'], weather: Weather | null = 'fair', others: FieldUnit[] = [unit('r', 'red', '0101', 6)], extra: Partial<FieldUnit> = {}): GameState {
  const s = field([unit('b', 'blue', '0508', 0, { faculties, ...extra }), ...others]);
  s.activation = null;
  s.light = 'day';
  s.gameElements = { weather };
  return s;
}
const activate = (s: GameState, faces: number[], piece = 'b') => done(apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice([...faces, 6, 6, 6, 6]) }));
const rolls = (r: ReturnType<typeof activate>) => r.events.filter((e) => e.type === 'facultyRoll');

describe('§3.1 FAC-01 faculties are data on the unit; light-fragile (FAC-16, FAC-17)', () => {
  test('§3.1 FAC-16 fair or heatwave by day: a 1 or 2 costs a step, a 3 does not', () => {
    for (const weather of ['fair', 'heatwave'] as const) {
      const lost = activate(battle(['lightFragile'], weather), [2]);
      expect(rolls(lost)).toEqual([expect.objectContaining({ piece: 'b', die: 2, faculty: 'lightFragile', stepLost: true })]);
      expect(u(lost.state, 'b').steps).toBe(u(battle([]), 'b').steps - 1);
      const kept = activate(battle(['lightFragile'], weather), [3]);
      expect(u(kept.state, 'b').steps).toBe(u(battle([]), 'b').steps);
    }
  });

  test('§3.1 FAC-16 cloudy: only a 1 costs a step; overcast, rain and storm: no roll', () => {
    expect(rolls(activate(battle(['lightFragile'], 'cloudy'), [1]))[0]).toEqual(expect.objectContaining({ stepLost: true }));
    expect(rolls(activate(battle(['lightFragile'], 'cloudy'), [2]))[0]).toEqual(expect.objectContaining({ stepLost: false }));
    for (const weather of ['overcast', 'rain', 'storm'] as const) expect(rolls(activate(battle(['lightFragile'], weather), [1]))).toEqual([]);
  });

  test('§3.1 A-32 by day with no weather marker, the fair-weather row', () => {
    expect(rolls(activate(battle(['lightFragile'], null), [2]))[0]).toEqual(expect.objectContaining({ stepLost: true }));
  });

  test('§3.1 FAC-17 no effect at night', () => {
    const s = battle(['lightFragile'], 'fair');
    s.light = 'night';
    expect(rolls(activate(s, [1]))).toEqual([]);
  });

  test('§2.1 the last step lost destroys the unit', () => {
    const r = activate(battle(['lightFragile'], 'fair', undefined, { steps: 1 }), [1]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'unitDestroyed', unit: 'b' }));
  });
});

describe('§3.1 evanescence (FAC-20)', () => {
  test('§3.1 FAC-20 after its activation 1D6: 1 to 3 costs a step, 4 to 6 nothing', () => {
    for (const die of [1, 2, 3]) expect(rolls(activate(battle(['evanescent']), [die]))[0]).toEqual(expect.objectContaining({ faculty: 'evanescent', stepLost: true }));
    for (const die of [4, 5, 6]) expect(rolls(activate(battle(['evanescent']), [die]))[0]).toEqual(expect.objectContaining({ faculty: 'evanescent', stepLost: false }));
  });

  test('§3.1 light-fragile and evanescent: both dice, in the text’s order', () => {
    const r = activate(battle(['evanescent', 'lightFragile']), [5, 1]);
    expect(rolls(r).map((e) => [e.type === 'facultyRoll' && e.faculty, e.type === 'facultyRoll' && e.die])).toEqual([
      ['lightFragile', 5],
      ['evanescent', 1],
    ]);
  });
});

describe('§3.1 frightening (FAC-06, FAC-07, A-27)', () => {
  const near = (extra: Partial<FieldUnit> = {}) => [unit('r', 'red', '0507', 6, extra), unit('far', 'red', '0101', 6)];

  test('§3.1 FAC-06 at its activation every adjacent enemy takes a morale test; a failure costs a level of cohesion', () => {
    const failed = activate(battle(['frightening'], null, near()), [6, 6]);
    expect(failed.events).toContainEqual(expect.objectContaining({ type: 'test', test: 'fright', subject: 'r', success: false, section: '§3.1' }));
    expect(u(failed.state, 'r').cohesion).toBe('shaken');
    expect(failed.events.filter((e) => e.type === 'test' && e.subject === 'far')).toEqual([]);
    const held = activate(battle(['frightening'], null, near()), [1, 1]);
    expect(u(held.state, 'r').cohesion).toBe('inOrder');
  });

  test('§3.1 FAC-06, §2.8.3.3 units that ignore morale tests are not frightened', () => {
    const steady = near();
    steady[0].profiles = { ...steady[0].profiles, morale: { class: 'steady', capacity: 'ordinary' } };
    const r = activate(battle(['frightening'], null, steady), [6, 6]);
    expect(r.events.filter((e) => e.type === 'test')).toEqual([]);
  });

  test('§3.1 FAC-07 an invulnerable unit frightens the units that cannot harm it', () => {
    const r = activate(battle(['invulnerable'], null, near()), [6, 6]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'test', test: 'fright', subject: 'r' }));
  });

  test('§3.1 a unit with no such faculty frightens nobody', () => {
    expect(activate(battle([], null, near()), [6, 6]).events.filter((e) => e.type === 'test')).toEqual([]);
  });
});

describe('§3.1, §4.5.1 a cover’s faculty rolls never tell what lies under it', () => {
  const P = '0508';
  const Q = '0708';
  /**
   * Blue's light-fragile and evanescent unit 'h' (4 steps) hidden and its decoy 'd', one at P (the actor) and
   * the other at Q. A unit destroyed by its faculty leaves the game in everyone's sight (rule-decisions §3.1).
   */
  function world(under: 'unit' | 'decoy') {
    const s = battle([], 'fair');
    s.units.push({ ...u(s, 'b'), id: 'h', name: 'h', faculties: ['lightFragile', 'evanescent'], hex: -1, steps: 4, maxSteps: 4 });
    s.units = s.units.filter((x) => x.id !== 'b');
    Object.assign(u(s, 'h'), { hex: under === 'unit' ? field([unit('x', 'blue', P, 0)]).units[0].hex : field([unit('x', 'blue', Q, 0)]).units[0].hex, hidden: true, coverId: under === 'unit' ? 'cover-P' : 'cover-Q' });
    const other = field([unit('x', 'blue', under === 'unit' ? Q : P, 0)]).units[0].hex;
    s.decoys = [{ id: 'd', side: 'blue', hex: other, facing: 0, mimic: 'h', activated: false, stackRank: 0, coverId: under === 'unit' ? 'cover-Q' : 'cover-P' }];
    return { state: s, actor: under === 'unit' ? 'h' : 'd' };
  }
  const heard = (r: ReturnType<typeof activate>, seat: 'red' | 'spectator') => {
    const view = viewFor(r.state, seat);
    view.covers?.sort((a, b) => (a.id < b.id ? -1 : 1));
    return { events: eventsFor(r.events, seat), view };
  };

  test.each([[[1, 2]], [[5, 6]]])('§4.5.1 a decoy rolls its mimic’s faculty dice (%j): red and spectators hear the same, never the faculty', (faces) => {
    const [wu, wd] = [world('unit'), world('decoy')];
    const ru = activate(wu.state, faces, wu.actor);
    const rd = activate(wd.state, faces, wd.actor);
    for (const seat of ['red', 'spectator'] as const) expect(heard(rd, seat)).toEqual(heard(ru, seat));
    const told = eventsFor(ru.events, 'red').filter((e) => e.type === 'facultyRoll');
    expect(told).toEqual([expect.objectContaining({ piece: 'cover-P', die: faces[0] }), expect.objectContaining({ piece: 'cover-P', die: faces[1] })]);
    for (const e of told) expect(e).not.toHaveProperty('faculty');
    expect(JSON.stringify(eventsFor(ru.events, 'red'))).not.toContain('lightFragile');
    // The owner hears the faculty, and of the unit's lost step; the decoy loses nothing.
    expect(eventsFor(ru.events, 'blue')).toContainEqual(expect.objectContaining({ type: 'facultyRoll', piece: 'h', faculty: 'lightFragile', stepLost: faces[0] <= 2 }));
    expect(eventsFor(rd.events, 'blue')).toContainEqual(expect.objectContaining({ type: 'facultyRoll', piece: 'd', stepLost: false }));
  });
});
