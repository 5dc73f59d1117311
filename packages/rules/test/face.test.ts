import { apply, faceOptions, fixedDice, forcedAction, GameState, hexLabel, legalActions, neighbour, stackPlace, Unit } from '../src';
import { game, H, unit } from './fixtures';

const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const act = (s: GameState, piece: string, dice: number[] = []) => {
  const r = apply(s, 'blue', { type: 'activate', piece }, { dice: fixedDice(dice) });
  if (!r.ok) throw new Error(r.rejection.code);
  return r.state;
};
const face = (s: GameState, piece: string, facing: number, dice: number[] = []) => apply(act(s, piece), 'blue', { type: 'face', piece, facing }, { dice: fixedDice(dice) });
const character = { kind: 'character' as const, size: 'small' as const };

describe('§2.6.14 Faire Face in a stack', () => {
  /** f is the front of a stack facing north, b its back, c a character in the middle; red stands behind, engaging b from the rear. */
  const rearOfStack = () => game([unit('f', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('c', 'blue', '0505', 0, character), unit('r', 'red', '0506', 0)]);

  test('§2.3.1.3, §2.6.14 only the back of a stack attacked from its rear is bound to face', () => {
    const s = rearOfStack();
    expect(forcedAction(s, 'b')).toMatchObject({ types: ['face'] });
    expect(forcedAction(s, 'f')).toBeNull();
    expect(forcedAction(s, 'c')).toBeNull();
  });

  test('§2.3.1, §2.6.14 the whole stack turns with the unit that faces; the back, turned about, becomes the front', () => {
    const r = face(rearOfStack(), 'b', 6, [2, 2]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect(['f', 'b', 'c'].map((id) => u(r.state, id).facing)).toEqual([6, 6, 6]);
    expect(stackPlace(r.state, u(r.state, 'b'))).toBe('front');
    expect(stackPlace(r.state, u(r.state, 'f'))).toBe('back');
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'faced', unit: 'b', facing: 6 }));
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'stackAligned', unit: 'f', facing: 6, cohesionLost: false }));
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'stackAligned', unit: 'c', facing: 6, cohesionLost: false }));
    // The unit that faced, now the front of the stack, is the one engaged: it takes the attack engagement test (§2.6.14).
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'test', test: 'attackEngagement', subject: 'b' }));
  });

  test('§2.6.14, §2.3.1 the front of a stack facing an enemy on its flank turns the stack and stays the front', () => {
    // The stack faces the NNE vertex; red stands on its NW flank, facing it.
    const base = game([unit('x', 'red', '0101', 6)]);
    const nw = hexLabel(base.board, neighbour(base.board, H('0505'), 5));
    const s = game([unit('f', 'blue', '0505', 1), unit('b', 'blue', '0505', 1), unit('r', 'red', nw, 4)]);
    expect(forcedAction(s, 'f')).toMatchObject({ types: ['face'] });
    expect(faceOptions(act(s, 'f'), 'blue', 'f')).toEqual([0, 8, 9, 10, 11]);
    const r = face(s, 'f', 10, [2, 2]);
    if (!r.ok) throw new Error(r.rejection.code);
    expect([u(r.state, 'f').facing, u(r.state, 'b').facing]).toEqual([10, 10]);
    expect(stackPlace(r.state, u(r.state, 'f'))).toBe('front');
  });

  test('§2.6.14, §2.3.1 a stack-mate engaging an enemy that engages it holds the stack: facing is impossible, so not compulsory', () => {
    // f and red's r1 face each other; r2 engages b from the rear.
    const s = game([unit('f', 'blue', '0505', 0), unit('b', 'blue', '0505', 0), unit('r1', 'red', '0504', 6), unit('r2', 'red', '0506', 0)]);
    expect(forcedAction(s, 'b')).toBeNull();
    const a = act(s, 'b');
    expect(faceOptions(a, 'blue', 'b')).toEqual([]);
    expect(legalActions(a, 'blue', 'b').find((l) => l.type === 'face')).toMatchObject({ allowed: false, rejection: { code: 'faceStackHeld', section: '§2.3.1' } });
    const r = apply(a, 'blue', { type: 'face', piece: 'b', facing: 6 });
    expect(r.ok ? null : r.rejection.code).toBe('faceStackHeld');
  });

  test('§2.6.9 a stack-mate turned with the stack loses its charge marker', () => {
    const s = rearOfStack();
    u(s, 'f').shock = 'charge';
    const r = face(s, 'b', 6, [2, 2]);
    // f, now behind b, engages r over b's shoulder (§2.3.2 looks at its front zone only): its charge falls to contact, for a level of breath.
    expect(r.ok && u(r.state, 'f')).toMatchObject({ shock: 'contact', breath: 'winded' });
  });

  test('§2.6.14 the preview and the verdict agree: every facing offered is accepted', () => {
    const a = act(rearOfStack(), 'b');
    const options = faceOptions(a, 'blue', 'b');
    expect(options.length).toBeGreaterThan(0);
    for (const f of options) expect(apply(a, 'blue', { type: 'face', piece: 'b', facing: f }, { dice: fixedDice([2, 2]) }).ok).toBe(true);
  });
});
