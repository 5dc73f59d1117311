import { apply, isFormation, type GameState, type Unit } from '../src';
import { fixedDice } from '../src/state/dice';
import { loseCohesion, loseStep } from '../src/units/condition';
import { lostSteps } from '../src/units/formation-assembly';
import { stackPointsAt } from '../src/units/stacking';
import { game, H, profiles, unit, type TestUnit } from './fixtures';

/**
 * The cohesion of formations (§3.3.1): in order and shaken behaviours on each
 * test, the forced break and its two priorities (§3.3.1.3), the break below
 * three steps (l.2124), with the elf archers of §3.3.8 (EX-FORM-3) and the
 * forced break of 9 (EX-FORM-9).
 */

const counter = () => ({
  ...profiles(),
  command: { class: 'regular' as const, capacity: 'superior' as const },
  morale: { class: 'normal' as const, capacity: 'advantaged' as const },
});
const formation = (steps: number, extra: Partial<TestUnit> = {}) =>
  unit('f', 'blue', '0505', 3, {
    secondHex: '0504',
    steps,
    profiles: counter(),
    type: 'elfArchers',
    ...extra,
  });
const reserve = unit('reserve', 'blue', '0110', 0, { type: 'reserve' });

function field(units: TestUnit[]): GameState {
  const s = game([...units, reserve]);
  s.troopProfiles = { elfArchers: profiles() };
  return s;
}

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const archers = (s: GameState) => s.units.filter((x) => x.type === 'elfArchers');
const stepsIn = (s: GameState, hex: string) =>
  archers(s)
    .filter((x) => x.hex === H(hex))
    .map((x) => x.steps);
const totalLost = (s: GameState) =>
  s.units.filter((x) => x.side === 'blue').reduce((n, x) => n + lostSteps(x), 0);

describe('§3.3.1.3 breaking a formation by a loss of cohesion', () => {
  test('§3.3.1.3 (EX-FORM-9) a shaken formation of 9 that recoils breaks: 5 and 4 steps, troops 2+2+1 and 2+2, all shaken, with its facing, breath and ammunition', () => {
    const s = field([formation(9)]);
    Object.assign(u(s, 'f'), { cohesion: 'shaken', breath: 'winded', ammunition: 'diminished' });
    const lost = totalLost(s);
    const events = loseCohesion(s, u(s, 'f'), 'recoil', '§2.7.5');
    expect(stepsIn(s, '0505')).toEqual([2, 2, 1]);
    expect(stepsIn(s, '0504')).toEqual([2, 2]);
    for (const t of archers(s)) {
      expect(isFormation(t)).toBe(false);
      expect(t).toMatchObject({
        facing: 3,
        cohesion: 'shaken',
        breath: 'winded',
        ammunition: 'diminished',
      });
    }
    expect(events).toEqual([
      expect.objectContaining({
        type: 'troopsReleased',
        action: 'break',
        cause: 'cohesion',
        unit: 'f',
        steps: 9,
        section: '§3.3.1.3',
      }),
    ]);
    // FORM-27: the forced break leaves three troops, 12 points, in one hex
    expect(stackPointsAt(s, H('0505'))).toBe(12);
    expect(totalLost(s)).toBe(lost);
  });

  test('§3.3.8 (EX-FORM-3) the shaken elf archers of 10 steps take a step then recoil: they break at 9, 5 and 4, shaken and with their ammunition marker', () => {
    const s = field([formation(10)]);
    Object.assign(u(s, 'f'), { cohesion: 'shaken', ammunition: 'diminished' });
    loseStep(s, u(s, 'f'), 'combat', '§2.7.4');
    expect(u(s, 'f').steps).toBe(9);
    loseCohesion(s, u(s, 'f'), 'recoil', '§2.7.5');
    expect([stepsIn(s, '0505'), stepsIn(s, '0504')]).toEqual([
      [2, 2, 1],
      [2, 2],
    ]);
    expect(archers(s).every((t) => t.cohesion === 'shaken' && t.ammunition === 'diminished')).toBe(
      true,
    );
    // §3.3.1.3 "Ebranlées et non en Déroute"
    expect(archers(s).some((t) => t.cohesion === 'routed')).toBe(false);
  });

  test('§3.3.8 (FORM-60) an in-order formation taking its last loss by recoiling becomes shaken, and stays a formation', () => {
    const s = field([formation(6)]);
    loseCohesion(s, u(s, 'f'), 'recoil', '§2.7.5');
    expect(u(s, 'f')).toMatchObject({ cohesion: 'shaken', steps: 6 });
    expect(isFormation(u(s, 'f'))).toBe(true);
  });

  test('§3.3.1.1–3.3.1.2 (FORM-14, FORM-20) failing its disengagement test: in order it is shaken, shaken it breaks into shaken troops', () => {
    const s = field([formation(6)]);
    loseCohesion(s, u(s, 'f'), 'disengagement', '§2.6.14.1');
    expect(u(s, 'f').cohesion).toBe('shaken');
    loseCohesion(s, u(s, 'f'), 'disengagement', '§2.6.14.1');
    expect([stepsIn(s, '0505'), stepsIn(s, '0504')]).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(archers(s).every((t) => t.cohesion === 'shaken')).toBe(true);
  });

  test('§3.3, l.2135 (FORM-22, A-26) any other level a shaken formation would lose costs it a step instead; it never routs', () => {
    const s = field([formation(4)]);
    u(s, 'f').cohesion = 'shaken';
    const events = loseCohesion(s, u(s, 'f'), 'frightened', '§3.1');
    expect(u(s, 'f')).toMatchObject({ cohesion: 'shaken', steps: 3 });
    expect(events).toEqual([
      expect.objectContaining({ type: 'stepLost', steps: 3, section: '§3.3' }),
    ]);
    // at three steps the next one breaks it (l.2124): two troops of one step, still shaken
    loseCohesion(s, u(s, 'f'), 'rout', '§2.4.1.1');
    expect([stepsIn(s, '0505'), stepsIn(s, '0504')]).toEqual([[1], [1]]);
    expect(archers(s).every((t) => t.cohesion === 'shaken')).toBe(true);
  });

  test('§3.3, l.2124 (FORM-04, A-73) below three steps it breaks at once; the troops keep its cohesion (in order), facing and breath', () => {
    const s = field([formation(3)]);
    u(s, 'f').breath = 'winded';
    const events = loseStep(s, u(s, 'f'), 'combat', '§2.7.4');
    expect(events.map((e) => e.type)).toEqual(['stepLost', 'troopsReleased']);
    expect(events[1]).toMatchObject({ cause: 'steps' });
    expect(archers(s).map((t) => [t.hex, t.steps, t.cohesion, t.breath, t.facing])).toEqual([
      [H('0505'), 1, 'inOrder', 'winded', 3],
      [H('0504'), 1, 'inOrder', 'winded', 3],
    ]);
    // a one-step troop shows its bloodied face: the step it lost
    expect(archers(s).map((t) => t.maxSteps)).toEqual([2, 1]);
  });
});

describe('§3.3.1 the defensive engagement test of a formation', () => {
  /** Red engages the formation's front from 0605 with a contact marker: blue's activation tests it (§2.4.1.2). */
  const engaged = (cohesion: Unit['cohesion']) => {
    const s = field([formation(6), unit('r', 'red', '0605', 9)]);
    u(s, 'r').shock = 'contact';
    u(s, 'f').cohesion = cohesion;
    return s;
  };
  const activate = (s: GameState, dice: number[]) => {
    const r = apply(s, 'blue', { type: 'activate', piece: 'f' }, { dice: fixedDice(dice) });
    if (!r.ok) throw new Error(r.rejection.code);
    return r;
  };

  test('§3.3.1.1 (FORM-13) in order, it fails: shaken, and may then choose an action', () => {
    const r = activate(engaged('inOrder'), [6, 6]);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'test', test: 'defensiveEngagement', success: false }),
    );
    expect(u(r.state, 'f').cohesion).toBe('shaken');
    expect(r.state.activation?.piece).toBe('f');
  });

  test('§3.3.1.2 (FORM-19) shaken, it fails: not routed, deprived of its action', () => {
    const r = activate(engaged('shaken'), [6, 6]);
    expect(u(r.state, 'f').cohesion).toBe('shaken');
    expect(r.state.activation).toBeNull();
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'activationEnded', piece: 'f' }),
    );
    expect(u(r.state, 'f').order).toBe('activated');
  });

  test('§3.3.1.2 shaken, it passes: it acts as usual', () => {
    const r = activate(engaged('shaken'), [1, 1]);
    expect(r.state.activation?.piece).toBe('f');
  });
});
