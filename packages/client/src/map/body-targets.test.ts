import type { Arrival, WithdrawOption } from '@lames/rules';
import { bodyArrivalsByHex, bodyHexes, bodyPath, faceChoices, moveChoices, samePlace, withdrawChoices } from './body-targets';

const start = { hex: 10, second: 11, facing: 1 };
const body = (hex: number, second: number, facing: number, cost: number, trail: Arrival['trail'] = []): Arrival => ({
  hex,
  second,
  facing,
  cost,
  steps: [{ shift: 0 }],
  trail,
  ends: null,
  charge: false,
  engaging: false,
});

describe('formation move preview (§3.3.7)', () => {
  it('lists each place under both its hexes, cheapest first', () => {
    const a = body(4, 5, 1, 2);
    const b = body(5, 6, 3, 1);
    const by = bodyArrivalsByHex([a, b]);
    expect([...by.keys()].sort((x, y) => x - y)).toEqual([4, 5, 6]);
    expect(by.get(4)).toEqual([a]);
    expect(by.get(5)).toEqual([b, a]);
    expect(by.get(6)).toEqual([b]);
  });

  it('ignores an arrival without a second hex (a one-hex unit’s)', () => {
    const single: Arrival = { hex: 3, facing: 0, cost: 1, steps: [{ to: 3 }], ends: null, charge: false, engaging: false };
    expect(bodyArrivalsByHex([single]).size).toBe(0);
  });

  it('a place is the same whichever hex comes first', () => {
    expect(bodyHexes({ hex: 8, second: 3 })).toEqual([3, 8]);
    expect(samePlace({ hex: 8, second: 3, facing: 2 }, { hex: 3, second: 8, facing: 2 })).toBe(true);
    expect(samePlace({ hex: 8, second: 3, facing: 2 }, { hex: 3, second: 8, facing: 8 })).toBe(false);
  });

  it('the path shows both hexes after each step, with the points spent then', () => {
    const a = body(6, 7, 3, 2, [
      { hex: 10, second: 7, facing: 3, spent: 1 },
      { hex: 6, second: 7, facing: 3, spent: 2 },
    ]);
    expect(bodyPath(start, a)).toEqual([
      { ...start, spent: 0 },
      { hex: 10, second: 7, facing: 3, spent: 1 },
      { hex: 6, second: 7, facing: 3, spent: 2 },
    ]);
  });

  it('a move sends the arrival’s steps, in the chosen mode', () => {
    const a = { ...body(6, 7, 3, 2), steps: [{ pivot: 10, onto: 7 }, { shift: 0 }] };
    const [c] = moveChoices('f1', 'normal', start, [a]);
    expect(c.action).toEqual({ type: 'move', piece: 'f1', mode: 'normal', steps: [{ pivot: 10, onto: 7 }, { shift: 0 }] });
    expect(c.cost).toBe(2);
  });

  it('A-70 a withdrawal offers only the allowed moves back, each sent as its step', () => {
    const options: WithdrawOption[] = [
      { to: 20, second: 21, facing: 1, step: { shift: 3 }, minimal: false, allowed: true },
      { to: 10, second: 22, facing: 11, step: { pivot: 10, onto: 22 }, minimal: false, allowed: false, rejection: { code: 'notRearZone' } as never },
    ];
    const choices = withdrawChoices('f1', start, options);
    expect(choices).toHaveLength(1);
    expect(choices[0]).toMatchObject({ hex: 20, second: 21, facing: 1, action: { type: 'withdraw', piece: 'f1', step: { shift: 3 } } });
    expect(choices[0].path.map((s) => [s.hex, s.second])).toEqual([
      [10, 11],
      [20, 21],
    ]);
  });

  it('§3.3.1.3 (A-42) a withdrawal its test would break comes once per hex of the extra step, sent with it', () => {
    const options: WithdrawOption[] = [{ to: 20, second: 21, facing: 1, step: { shift: 3 }, heavier: [20, 21], minimal: false, allowed: true }];
    const choices = withdrawChoices('f1', start, options);
    expect(choices.map((c) => [c.hex, c.second, c.heavier, c.action])).toEqual([
      [20, 21, 20, { type: 'withdraw', piece: 'f1', step: { shift: 3 }, heavier: 20 }],
      [20, 21, 21, { type: 'withdraw', piece: 'f1', step: { shift: 3 }, heavier: 21 }],
    ]);
  });

  it('FORM-54 a face is the half-turn (no step) or a forward pivot sent with its step', () => {
    const choices = faceChoices('f1', [
      { facing: 7, body: { hex: 10, second: 11, facing: 7 } },
      { facing: 3, step: { pivot: 11, onto: 5 }, body: { hex: 5, second: 11, facing: 3 } },
    ]);
    expect(choices.map((c) => c.action)).toEqual([
      { type: 'face', piece: 'f1', facing: 7 },
      { type: 'face', piece: 'f1', facing: 3, step: { pivot: 11, onto: 5 } },
    ]);
    expect(bodyHexes(choices[1])).toEqual([5, 11]);
  });
});
