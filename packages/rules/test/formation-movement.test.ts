import { apply, bodyFaceOptionsFor, bodyStepOptions, bodyIsValid, faceOptions, legalActions, reachable, withdrawOptions, type GameState, type Unit } from '../src';
import { fixedDice } from '../src/state/dice';
import { game, H, profiles, unit, withOrder } from './fixtures';
import { activated } from './helpers';

/**
 * The movement of formations (§3.3.7, checklist FORM-47..55). The formation
 * F stands on 0505 and 0504 (the hex north of it) facing east (facing 3):
 * its front is 0603, 0604 and 0605, its flanks 0503 and 0506, its rear 0403,
 * 0404 and 0405. Its front hexsides are NE (1) and SE (2): advancing NE puts
 * it on 0604 and 0603, advancing SE on 0605 and 0604.
 */
const formation = (extra = {}) => unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 4, ...extra });
const enemyFar = () => unit('r', 'red', '0110', 0);

type Result = ReturnType<typeof apply>;
const code = (r: Result) => (r.ok ? 'ok' : r.rejection.code);
const moveOf = (s: GameState, steps: unknown[], mode = 'normal', extra: object = {}) =>
  apply(activated(s, 'blue', 'f'), 'blue', { type: 'move', piece: 'f', steps, mode, ...extra });
const bodyAfter = (r: Result): Pick<Unit, 'hex' | 'secondHex' | 'facing'> | null => {
  if (!r.ok) return null;
  const f = r.state.units.find((u) => u.id === 'f')!;
  return { hex: f.hex, secondHex: f.secondHex, facing: f.facing };
};
const movedCost = (r: Result) => (r.ok ? r.events.find((e) => e.type === 'moved') : undefined);
/** A free formation (special order: free of the wing's directive, and extra movement open, §2.6.4). */
const field = (others: ReturnType<typeof unit>[] = [], map = {}, extra = {}) => withOrder(game([formation(extra), enemyFar(), ...others], map), 'f');

describe('§3.3.7 the elementary moves of a formation (FORM-50)', () => {
  const s = field();

  test('§3.3.7 FORM-50 it advances both hexes into its front zone without changing facing', () => {
    expect(bodyAfter(moveOf(s, [{ shift: 1 }]))).toEqual({ hex: H('0604'), secondHex: H('0603'), facing: 3 });
    expect(bodyAfter(moveOf(s, [{ shift: 2 }]))).toEqual({ hex: H('0605'), secondHex: H('0604'), facing: 3 });
  });

  test('§3.3.7 FORM-50 a move never goes to the flank or the rear', () => {
    expect(code(moveOf(s, [{ shift: 0 }]))).toBe('notFrontZone');
    expect(code(moveOf(s, [{ shift: 4 }]))).toBe('notFrontZone');
  });

  test('§3.3.7 FORM-50 a forward pivot swings one hex into the front hex both touch, turning the facing 60°', () => {
    // About 0505, 0504 swings onto 0604 (clockwise): facing east → south-south-east.
    expect(bodyAfter(moveOf(s, [{ pivot: H('0505'), onto: H('0604') }]))).toEqual({ hex: H('0505'), secondHex: H('0604'), facing: 5 });
    // About 0504, 0505 swings onto 0604 (anticlockwise): facing east → north-north-east.
    expect(bodyAfter(moveOf(s, [{ pivot: H('0504'), onto: H('0604') }]))).toEqual({ hex: H('0604'), secondHex: H('0504'), facing: 1 });
  });

  test('§3.3.7 FORM-50 a move pivots forward only: the backward pivot is the withdrawal\'s', () => {
    expect(code(moveOf(s, [{ pivot: H('0505'), onto: H('0404') }]))).toBe('formationPivotWay');
  });

  test('§3.3.7 a pivot keeps one of its hexes and swings the other onto a hex both touch', () => {
    expect(code(moveOf(s, [{ pivot: H('0505'), onto: H('0605') }]))).toBe('formationBadPivot');
    expect(code(moveOf(s, [{ pivot: H('0605'), onto: H('0604') }]))).toBe('formationBadPivot');
  });

  test('§3.3.7 FORM-53 a pivot costs what half the formation pays entering its hex; the facing change is free', () => {
    const r = moveOf(s, [{ pivot: H('0505'), onto: H('0604') }, { shift: 2 }]);
    // Clear hexes cost a pedestrian 1 each: the pivot 1, the advance 1, no reorientation price (facing 3 → 5).
    expect(movedCost(r)).toMatchObject({ cost: 2 });
  });

  test('§3.3.7 FORM-50 a pivot escapes the reorientation prohibitions: two in a row are allowed', () => {
    const r = moveOf(s, [{ pivot: H('0505'), onto: H('0604') }, { pivot: H('0505'), onto: H('0605') }]);
    expect(bodyAfter(r)).toEqual({ hex: H('0505'), secondHex: H('0605'), facing: 7 });
  });

  test('§3.3.7 the moved event gives both hexes of every step, for the replay and the other screen', () => {
    const r = moveOf(s, [{ shift: 1 }]);
    expect(r.ok && r.events.find((e) => e.type === 'moved')).toMatchObject({ path: [{ hex: H('0604'), second: H('0603'), facing: 3, spent: 1 }] });
  });
});

describe('§3.3.7 FORM-51 its only reorientation is the half-turn', () => {
  const s = field();

  test('§3.3.7 FORM-51 any other facing is refused: a formation changes facing by pivoting', () => {
    expect(code(moveOf(s, [{ face: 5 }]))).toBe('formationHalfTurnOnly');
    expect(code(moveOf(s, [{ face: 1 }]))).toBe('formationHalfTurnOnly');
  });

  test('§3.3.7 A-19b the half-turn costs the table\'s six 30° steps: 2.5 for a pedestrian, beyond its 2 points', () => {
    expect(code(moveOf(s, [{ face: 9 }]))).toBe('notEnoughPoints');
    const r = moveOf(s, [{ face: 9 }], 'extra');
    expect(bodyAfter(r)).toEqual({ hex: H('0505'), secondHex: H('0504'), facing: 9 });
    expect(movedCost(r)).toMatchObject({ cost: 2.5 });
  });

  test('§2.6.6 the half-turn is a reorientation: never two without a move between', () => {
    const cav = field([], {}, { profiles: profiles('equestrian', 'superior') });
    expect(code(moveOf(cav, [{ face: 9 }, { face: 3 }], 'extra'))).toBe('reorientTwice');
  });
});

describe('§3.3.7 FORM-48, FORM-49 clear terrain only, never a rough hexside', () => {
  test('§3.3.7 FORM-48 every hex it enters must be clear terrain', () => {
    const s = field([], { terrain: { rough: ['0603'] } });
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('formationClearOnly');
    expect(code(moveOf(s, [{ shift: 2 }]))).toBe('ok');
  });

  test('Fiche 000 FORM-49 it never crosses a rough hexside, even where a one-hex unit may', () => {
    // The NE hexside of 0504 (into 0603) is rough.
    const s = field([], { hexsides: [{ hex: '0504', direction: 1, kind: 'rough' }] });
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('formationRoughHexside');
    expect(code(moveOf(s, [{ pivot: H('0505'), onto: H('0604') }]))).toBe('ok');
  });
});

describe('§3.3.7 FORM-52 the hill example (EX-FORM-1, l.2290)', () => {
  // The formation climbs NE onto the hill (0603, 0703, 0704 at level 1): on the first move only 0504 climbs (into 0603), on the second only 0505's hex (0604 → 0704).
  const s = field([], { altitude: { '1': ['0603', '0703', '0704'] } });

  test('§3.3.7 FORM-52 each move costs the dearer hex: 1.5 then 1.5, 3 in all, which needs extra movement', () => {
    expect(code(moveOf(s, [{ shift: 1 }, { shift: 1 }]))).toBe('notEnoughPoints');
    const r = moveOf(s, [{ shift: 1 }, { shift: 1 }], 'extra');
    expect(bodyAfter(r)).toEqual({ hex: H('0704'), secondHex: H('0703'), facing: 3 });
    const moved = movedCost(r);
    expect(moved).toMatchObject({ cost: 3, path: [{ spent: 1.5 }, { spent: 3 }] });
    // Extra movement tires the formation (§2.6.4, FORM-55).
    expect(r.ok && r.state.units.find((u) => u.id === 'f')!.breath).toBe('winded');
  });

  test('§3.3.7 FORM-52 the preview finds the same price for the same place', () => {
    const view = activated(s, 'blue', 'f');
    const there = reachable(view, 'blue', 'f', 'extra').find((a) => a.hex === H('0704') && a.second === H('0703') && a.facing === 3);
    expect(there).toMatchObject({ cost: 3 });
    expect(reachable(view, 'blue', 'f', 'normal').some((a) => a.hex === H('0704') && a.second === H('0703'))).toBe(false);
  });
});

describe('§3.3.4 FORM-38..40 where a formation may stand', () => {
  test('§3.3.4 FORM-39 it never moves onto a large unit', () => {
    const s = field([unit('b2', 'blue', '0603', 0)]);
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('formationOntoLarge');
  });

  test('§3.3.4 FORM-38 it never moves onto another formation, not even partly', () => {
    const s = field([unit('g', 'blue', '0703', 3, { secondHex: '0702', steps: 4 })]);
    expect(code(moveOf(s, [{ shift: 1 }, { shift: 1 }], 'extra'))).toBe('formationOntoLarge');
  });

  test('§3.3.4 a small unit may share its hex', () => {
    const s = field([unit('c', 'blue', '0603', 0, { kind: 'character', size: 'small', steps: 1 })]);
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('ok');
  });

  test('Fiche 000 FORM-40 from 4 figures (7 steps) it stacks with one small unit only', () => {
    const small = (id: string) => unit(id, 'blue', '0603', 0, { kind: 'character', size: 'small', steps: 1 });
    const big = field([small('c1'), small('c2')], {}, { steps: 7 });
    expect(code(moveOf(big, [{ shift: 1 }]))).toBe('formationStacksOneSmall');
    const few = field([small('c1'), small('c2')], {}, { steps: 6 });
    expect(code(moveOf(few, [{ shift: 1 }]))).toBe('ok');
  });

  test('§2.3.1 it never enters an enemy hex', () => {
    // The enemy on 0603 faces north: the formation engages it without being engaged, so it may move, but not onto it.
    const s = field([unit('e', 'red', '0603', 0)]);
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('enemyInHex');
  });
});

describe('§3.3.7 what a formation never does', () => {
  const s = field();

  test('§3.3.7 it moves by its own moves: a one-hex step is refused', () => {
    expect(code(moveOf(s, [{ to: H('0604') }]))).toBe('formationMovesByBody');
  });

  test('§3.3.7, §2.6.10 it never leaves the map', () => {
    const edge = withOrder(game([unit('f', 'blue', '1005', 3, { secondHex: '1004', steps: 4 }), enemyFar()]), 'f');
    expect(code(moveOf(edge, [{ exit: 1 }]))).toBe('formationNeverLeavesMap');
    expect(code(moveOf(edge, [{ shift: 1 }]))).toBe('offMap');
  });

  test('§3.3.7 only a formation shifts or pivots', () => {
    const one = withOrder(game([unit('f', 'blue', '0505', 0), enemyFar()]), 'f');
    expect(code(moveOf(one, [{ shift: 0 }]))).toBe('notAFormation');
  });

  test('§3.3.7 FORM-10 a formation never charges', () => {
    const r = moveOf(s, [{ shift: 1 }, { shift: 1 }], 'normal', { shock: 'charge' });
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'formationNeverCharges', section: '§3.3.7' });
  });

  test('§3.3.7 FORM-08, FORM-47 a formation never flees: the flight is refused with its reason', () => {
    const threatened = field([unit('e', 'red', '0803', 9)]);
    const flee = legalActions(activated(threatened, 'blue', 'f'), 'blue', 'f').find((a) => a.type === 'flee');
    expect(flee).toMatchObject({ allowed: false, rejection: { code: 'formationNeverFlees' } });
  });
});

describe('§3.3.7 FORM-55 extra and minimal movement', () => {
  // A disadvantaged pedestrian has 1 point: climbing a level costs it 1.5.
  const slow = (map = {}) => field([], map, { profiles: profiles('pedestrian', 'disadvantaged') });

  test('§2.6.5 FORM-55 minimal movement takes it one move where its points cannot, for a level of breath', () => {
    const s = slow({ altitude: { '1': ['0603'] } });
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('notEnoughPoints');
    const r = moveOf(s, [{ shift: 1 }], 'minimal');
    expect(bodyAfter(r)).toEqual({ hex: H('0604'), secondHex: H('0603'), facing: 3 });
    expect(r.ok && r.state.units.find((u) => u.id === 'f')!.breath).toBe('winded');
  });

  test('§2.6.5 FORM-55 minimal movement is one move, and only where the allowance falls short', () => {
    const s = slow({ altitude: { '1': ['0603'] } });
    expect(code(moveOf(s, [{ shift: 1 }, { shift: 1 }], 'minimal'))).toBe('minimalOneHex');
    expect(code(moveOf(s, [{ shift: 2 }], 'minimal'))).toBe('minimalNotNeeded');
  });
});

describe('§2.6.8 a formation meets the enemy as any unit does', () => {
  test('§2.6.8 its move stops where it engages an enemy, from either hex', () => {
    // After advancing NE, the formation's front takes in 0703, 0704 and 0705: the enemy on 0703 facing west engages its hex 0603, and is engaged back.
    const s = field([unit('e', 'red', '0703', 9)]);
    const r = moveOf(s, [{ shift: 1 }, { shift: 1 }]);
    expect(code(r)).toBe('moveEnded');
    expect(code(moveOf(s, [{ shift: 1 }]))).toBe('ok');
  });
});

describe('§3.3.7 the preview of a formation\'s move', () => {
  const s = activated(field([unit('e', 'red', '0801', 6)], { terrain: { rough: ['0606'] }, altitude: { '1': ['0703'] } }), 'blue', 'f');
  const arrivals = reachable(s, 'blue', 'f', 'extra');

  test('§3.3.7 every arrival is a valid body on clear terrain, with both hexes of every step', () => {
    expect(arrivals.length).toBeGreaterThan(10);
    const f = s.units.find((u) => u.id === 'f')!;
    for (const a of arrivals) {
      expect(a.second).toBeDefined();
      expect(bodyIsValid(s.board, { ...f, hex: a.hex, secondHex: a.second, facing: a.facing })).toBe(true);
      expect(a.trail).toHaveLength(a.steps.length);
      expect(a.trail![a.trail!.length - 1]).toMatchObject({ hex: a.hex, second: a.second, facing: a.facing, spent: a.cost });
      expect([a.hex, a.second]).not.toContain(H('0606'));
    }
  });

  test('§3.3.7 the preview and the verdict agree: every arrival\'s steps are accepted, to the same place and price', () => {
    for (const a of arrivals.slice(0, 40)) {
      const r = apply(s, 'blue', { type: 'move', piece: 'f', steps: a.steps, mode: 'extra' });
      expect(bodyAfter(r)).toEqual({ hex: a.hex, secondHex: a.second, facing: a.facing });
      expect(movedCost(r)).toMatchObject({ cost: a.cost });
    }
  });
});

describe('§2.6.12, §3.3.7 A-70 a formation withdraws by one move back', () => {
  // The enemy on 0604 facing west engages both hexes of the formation, which engages it back: it may withdraw.
  const engaged = (others: ReturnType<typeof unit>[] = []) => activated(field([unit('e', 'red', '0604', 9), ...others]), 'blue', 'f');
  const withdraw = (s: GameState, extra: object) => apply(s, 'blue', { type: 'withdraw', piece: 'f', ...extra });

  test('§3.3.7 A-70 both hexes one hex back into the rear zone, facing kept', () => {
    const r = withdraw(engaged(), { step: { shift: 5 } });
    expect(bodyAfter(r)).toEqual({ hex: H('0404'), secondHex: H('0403'), facing: 3 });
    expect(r.ok && r.events.find((e) => e.type === 'withdrew')).toMatchObject({ from: H('0505'), to: H('0404'), second: H('0403'), facing: 3, minimal: false });
  });

  test('§3.3.7 FORM-50 a pivot back about either hex, turning the facing 60°', () => {
    expect(bodyAfter(withdraw(engaged(), { step: { pivot: H('0505'), onto: H('0404') } }))).toEqual({ hex: H('0505'), secondHex: H('0404'), facing: 1 });
    expect(bodyAfter(withdraw(engaged(), { step: { pivot: H('0504'), onto: H('0404') } }))).toEqual({ hex: H('0404'), secondHex: H('0504'), facing: 5 });
  });

  test('§2.6.12 a withdrawal goes back only: never forward, nor by a forward pivot', () => {
    const s = activated(field(), 'blue', 'f');
    expect(code(withdraw(s, { step: { shift: 1 } }))).toBe('withdrawNotRear');
    expect(code(withdraw(s, { step: { pivot: H('0505'), onto: H('0604') } }))).toBe('formationPivotWay');
  });

  test('§3.3.7 a formation names its move back, never a hex or an edge; a one-hex unit never a move', () => {
    expect(code(withdraw(engaged(), { to: H('0404') }))).toBe('formationMovesByBody');
    const one = activated(withOrder(game([unit('f', 'blue', '0505', 0), enemyFar()]), 'f'), 'blue', 'f');
    expect(code(withdraw(one, { step: { shift: 3 } }))).toBe('notAFormation');
  });

  test('§2.6.12 it may not withdraw where it would be engaged from its flank or rear', () => {
    // On 0303 facing east, an enemy would hold 0403 in its front, at the formation's rear once it stepped back north-west.
    const s = engaged([unit('e2', 'red', '0303', 3)]);
    expect(code(withdraw(s, { step: { shift: 5 } }))).toBe('withdrawExposed');
  });

  test('§3.3.7 FORM-48 clear terrain only, on the way back too', () => {
    const s = activated(field([unit('e', 'red', '0604', 9)], { terrain: { rough: ['0403'] } }), 'blue', 'f');
    expect(code(withdraw(s, { step: { shift: 5 } }))).toBe('formationClearOnly');
  });

  test('§2.6.12 the withdrawal options list each move back with its verdict and the body after it', () => {
    const options = withdrawOptions(engaged([unit('e2', 'red', '0303', 3)]), 'blue', 'f');
    expect(options).toHaveLength(4);
    expect(options.find((o) => 'shift' in o.step! && o.step.shift === 5)).toMatchObject({ to: H('0404'), second: H('0403'), facing: 3, allowed: false, rejection: { code: 'withdrawExposed' } });
    expect(options.find((o) => 'pivot' in o.step! && o.step.pivot === H('0504'))).toMatchObject({ to: H('0404'), second: H('0504'), facing: 5, allowed: true });
  });
});

describe('§3.3.7 FORM-54 a formation faces by a half-turn or a forward pivot', () => {
  const face = (s: GameState, extra: object) => apply(activated(s, 'blue', 'f'), 'blue', { type: 'face', piece: 'f', ...extra });
  const faceVerdict = (s: GameState) => legalActions(activated(s, 'blue', 'f'), 'blue', 'f').find((l) => l.type === 'face')!;

  test('§3.3.7 FORM-54 engaged from its rear, it turns about (180°) on its two hexes', () => {
    // On 0404 facing east, the enemy holds both hexes of the formation in its front, and is in the formation's rear.
    const s = field([unit('e', 'red', '0404', 3)]);
    expect(faceOptions(activated(s, 'blue', 'f'), 'blue', 'f')).toEqual([9]);
    expect(bodyAfter(face(s, { facing: 9 }))).toEqual({ hex: H('0505'), secondHex: H('0504'), facing: 9 });
    expect(code(face(s, { facing: 7 }))).toBe('formationHalfTurnOnly');
  });

  test('§3.3.7 FORM-54 engaged from its flank, it pivots forward to engage its engager', () => {
    // On 0503 facing south, the enemy engages 0504 from the formation's north flank: only the pivot about 0504 (0505 onto 0604) turns it to face it.
    const s = field([unit('e', 'red', '0503', 6)]);
    const options = bodyFaceOptionsFor(activated(s, 'blue', 'f'), 'blue', 'f');
    expect(options).toEqual([{ facing: 1, step: { pivot: H('0504'), onto: H('0604') }, body: { hex: H('0604'), second: H('0504'), facing: 1 } }]);
    expect(faceVerdict(s)).toMatchObject({ allowed: true });
    const r = face(s, { facing: 1, step: { pivot: H('0504'), onto: H('0604') } });
    expect(bodyAfter(r)).toEqual({ hex: H('0604'), secondHex: H('0504'), facing: 1 });
    expect(r.ok && r.events.find((e) => e.type === 'faced')).toMatchObject({ facing: 1, hex: H('0604'), second: H('0504') });
    expect(code(face(s, { facing: 9 }))).toBe('faceMustEngage');
  });

  test('§3.3.7 FORM-54 when no half-turn or pivot may engage an engager, it is not obliged to face', () => {
    // The only answering pivot would put it on rough ground.
    const s = field([unit('e', 'red', '0503', 6)], { terrain: { rough: ['0604'] } });
    expect(faceVerdict(s)).toMatchObject({ allowed: false, rejection: { code: 'faceMustEngage' } });
  });
});

describe('§3.3.7 the next elementary moves of a formation, each with its verdict', () => {
  test('§3.3.7 each shift, pivot and the half-turn is listed, allowed with the body after it or refused with its rule', () => {
    const s = activated(field([], { terrain: { rough: ['0605'] } }), 'blue', 'f');
    const options = bodyStepOptions(s, 'blue', 'f', 'normal');
    const of = (step: object) => options.find((o) => JSON.stringify(o.step) === JSON.stringify(step));
    expect(options).toHaveLength(11);
    expect(of({ shift: 1 })).toMatchObject({ allowed: true, after: { hex: H('0604'), second: H('0603'), facing: 3, spent: 1 } });
    expect(of({ shift: 2 })).toMatchObject({ allowed: false, rejection: { code: 'formationClearOnly' } });
    expect(of({ shift: 0 })).toMatchObject({ allowed: false, rejection: { code: 'notFrontZone' } });
    expect(of({ pivot: H('0505'), onto: H('0404') })).toMatchObject({ allowed: false, rejection: { code: 'formationPivotWay' } });
    expect(of({ face: 9 })).toMatchObject({ allowed: false, rejection: { code: 'notEnoughPoints' } });
  });

  test('§3.3.7 after the steps so far: a second move is judged on what is left', () => {
    const s = activated(field(), 'blue', 'f');
    const options = bodyStepOptions(s, 'blue', 'f', 'normal', [{ shift: 1 }, { shift: 1 }]);
    expect(options.every((o) => !o.allowed)).toBe(true);
    expect(bodyStepOptions(s, 'blue', 'f', 'normal', [{ shift: 0 }])).toEqual([]);
  });
});

describe('§3.3.1.3 (A-42) a shaken formation its disengagement test breaks: the owner names the hex of the extra step with its withdrawal', () => {
  // The enemy on 0604 in contact engages both hexes: withdrawing owes the test (§2.6.14.1); two sixes fail it.
  const shakenEngaged = (steps: number) => {
    const s = activated(field([unit('e', 'red', '0604', 9)], {}, { steps }), 'blue', 'f');
    s.units.find((x) => x.id === 'e')!.shock = 'contact';
    s.units.find((x) => x.id === 'f')!.cohesion = 'shaken';
    return s;
  };
  const back = (s: GameState, heavier?: string) =>
    apply(s, 'blue', { type: 'withdraw', piece: 'f', step: { shift: 5 }, ...(heavier ? { heavier: H(heavier) } : {}) }, { dice: fixedDice([6, 6, 6, 6, 6, 6]) });
  const stepsIn = (r: Result, hex: string) => (r.ok ? r.state.units.filter((x) => x.side === 'blue' && x.hex === H(hex) && x.type !== 'reserve').map((x) => x.steps) : null);

  test('§3.3.1.3 (A-42) 5 steps break 3 and 2 where it withdrew, the extra step in the hex it named, either one; unnamed, its first hex', () => {
    for (const [heavy, light] of [['0403', '0404'], ['0404', '0403']]) {
      const r = back(shakenEngaged(5), heavy);
      expect(r.ok && r.events.some((e) => e.type === 'troopsReleased')).toBe(true);
      expect([stepsIn(r, heavy), stepsIn(r, light)]).toEqual([[2, 1], [2]]);
    }
    expect(stepsIn(back(shakenEngaged(5)), '0404')).toEqual([2, 1]);
  });

  test('§3.3.1.3 (A-42) the withdrawal options offer the two hexes only when odd steps would break', () => {
    const offered = (s: GameState) => withdrawOptions(s, 'blue', 'f').find((o) => o.to === H('0404') && o.second === H('0403'))!.heavier;
    expect(offered(shakenEngaged(5))).toEqual([H('0404'), H('0403')]);
    expect(offered(shakenEngaged(4))).toBeUndefined();
    const inOrder = shakenEngaged(5);
    inOrder.units.find((x) => x.id === 'f')!.cohesion = 'inOrder';
    expect(offered(inOrder)).toBeUndefined();
  });

  test('§3.3.1.3 (A-42) a bad choice is refused with its reason: not a hex it withdraws onto, an even formation, one in order', () => {
    expect(code(back(shakenEngaged(5), '0505'))).toBe('forcedBreakHeavier');
    expect(code(back(shakenEngaged(4), '0404'))).toBe('forcedBreakHeavier');
    const inOrder = shakenEngaged(5);
    inOrder.units.find((x) => x.id === 'f')!.cohesion = 'inOrder';
    expect(code(back(inOrder, '0404'))).toBe('forcedBreakHeavier');
  });
});
