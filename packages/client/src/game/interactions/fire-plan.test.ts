import type { FireOption, Rejection } from '@lames/rules';
import * as f from './fire-plan';

const refusal = (code: string): Rejection => ({ code, section: '§3.2.9', message: { fr: code, en: code } }) as Rejection;
const option = (target: string, allowed = true, type: 'fire' | 'fireDuel' = 'fire'): FireOption => ({
  type,
  target,
  allowed,
  ...(allowed ? {} : { rejection: refusal('targetOutOfRange') }),
  harassment: false,
  crossed: 2,
  advantage: 1,
  modifiers: [],
  odds: { 0: 0.5, 1: 0.4, 2: 0.1 },
});
const hexes: Record<string, number> = { a: 10, b: 11, c: 11, far: 40 };
const hexOf = (id: string) => hexes[id] ?? -1;
const options = [option('a'), option('b'), option('c'), option('far', false)];

describe('planning a fire (§3.2.3, §3.2.7)', () => {
  it('§3.2.3 each click adds a shot, up to the unit’s rate; a full plan starts again', () => {
    let plan = f.emptyPlan('fire', 2);
    plan = f.addShot(plan, 'a');
    plan = f.addShot(plan, 'b');
    expect(plan.shots).toEqual(['a', 'b']);
    plan = f.addShot(plan, 'c');
    expect(plan.shots).toEqual(['c']);
  });

  it('§3.2.7 spread shots send one target per shot, in order', () => {
    const plan = f.addShot(f.addShot(f.emptyPlan('fire', 3), 'a'), 'b');
    expect(f.planAction('arch', plan)).toEqual({ type: 'fire', piece: 'arch', targets: ['a', 'b'], combine: false });
  });

  it('§3.2.3 combined shots keep a single target and earn +2 for two, +4 for three', () => {
    let plan = f.addShot(f.addShot(f.emptyPlan('fire', 3), 'a'), 'b');
    plan = f.setCombine(plan, true);
    expect(plan.shots).toEqual(['a']);
    expect(f.planAction('arch', plan)).toEqual({ type: 'fire', piece: 'arch', targets: ['a'], combine: true });
    expect(f.combineBonus(3)).toBe(4);
    expect(f.combineBonus(2)).toBe(2);
  });

  it('§3.2.3 a unit of one shot cannot combine', () => {
    const plan = f.setCombine(f.addShot(f.emptyPlan('fire', 1), 'a'), true);
    expect(f.canCombine(plan)).toBe(false);
    expect(plan.combine).toBe(false);
  });

  it('§3.2.9 a plan is sent only when every target is open; an empty plan never', () => {
    expect(f.planAllowed(f.emptyPlan('fire', 2), options)).toBe(false);
    expect(f.planAllowed(f.addShot(f.emptyPlan('fire', 2), 'a'), options)).toBe(true);
    expect(f.planAllowed(f.addShot(f.emptyPlan('fire', 2), 'far'), options)).toBe(false);
  });

  it('§3.2.8 a fire duel sends its one target', () => {
    const plan = f.addShot(f.emptyPlan('fireDuel', 3), 'a');
    expect(plan.rate).toBe(1);
    expect(f.planAction('hero', plan)).toEqual({ type: 'fireDuel', piece: 'hero', target: 'a' });
  });

  it('map rings: planned targets chosen, open ones target, refused ones greyed; a stack shows its best ring', () => {
    const plan = f.addShot(f.emptyPlan('fire', 2), 'b');
    expect(f.planMarks(plan, options, hexOf)).toEqual(
      expect.arrayContaining([
        { hex: 10, kind: 'target' },
        { hex: 11, kind: 'chosen' },
        { hex: 40, kind: 'refused' },
      ]),
    );
  });

  it('a click on a stack cycles through its open targets; a refused target is never taken', () => {
    const plan = f.emptyPlan('fire', 3);
    expect(f.targetAt(plan, options, 11, hexOf, null)).toBe('b');
    expect(f.targetAt(plan, options, 11, hexOf, 'b')).toBe('c');
    expect(f.targetAt(plan, options, 40, hexOf, null)).toBeNull();
  });
});
