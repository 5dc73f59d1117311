import { apply, directiveRefusal, GameState, MoveStep } from '../src';
import { H } from './fixtures';
import { code, field, fire, shooter, u, unit } from './fire-helpers';

/** Fire and the directives (§3.2.6, §2.9.3). */

const setDirective = (s: GameState, d: 'attack' | 'defend' | 'regroup' | 'retreat') => {
  s.wings.find((w) => w.id === 'blue-wing')!.directive = d;
  return s;
};
/** Blue archers at 0508 facing north, red infantry three hexes away at 0505. */
const archers = (d: 'attack' | 'defend' | 'regroup' | 'retreat', extra: Parameters<typeof shooter>[6] = {}) =>
  setDirective(field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', extra), unit('r', 'red', '0505', 6)]), d);
const move = (s: GameState, steps: MoveStep[]) => {
  const r = apply(s, 'blue', { type: 'move', piece: 'b', mode: 'normal', steps });
  return r.ok ? 'ok' : r.rejection.code;
};

describe('§3.2.6 fire under each directive', () => {
  test('§3.2.6 attack: with a target it may fire (FIRE-27)', () => {
    expect(code(fire(archers('attack'), ['r']))).toBe('ok');
  });

  test('§3.2.6 defend: it may fire (FIRE-28)', () => {
    expect(code(fire(archers('defend'), ['r']))).toBe('ok');
  });

  test('§3.2.6 regroup: fire only out of the enemy’s reach (FIRE-29)', () => {
    expect(code(fire(archers('regroup'), ['r']))).toBe('regroupFireInReach');
    const far = setDirective(field([shooter('b', 'blue', '0509', 0, 'artillery'), unit('r', 'red', '0502', 6)]), 'regroup');
    expect(code(fire(far, ['r']))).toBe('ok');
  });

  test('§3.2.6 retreat: neither fire nor fire duel (FIRE-30)', () => {
    const s = archers('retreat');
    expect(code(fire(s, ['r']))).toBe('retreatNoFire');
    expect(directiveRefusal(s, u(s, 'b'), { type: 'fireDuel' })?.code).toBe('retreatNoFire');
  });

  test('§3.2.6 whatever the directive, engaged only by a unit with a contact marker it may fire at it (FIRE-22)', () => {
    const s = setDirective(field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6, { shock: 'contact' })]), 'retreat');
    expect(code(fire(s, ['r']))).toBe('ok');
    setDirective(s, 'regroup');
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§2.9.3 a special order, an autonomous profile or a character fires whatever the directive (FIRE-66)', () => {
    expect(code(fire(archers('retreat', { order: 'specialOrder' }), ['r']))).toBe('ok');
    const auto = archers('retreat');
    u(auto, 'b').profiles.command.class = 'autonomous';
    expect(code(fire(auto, ['r']))).toBe('ok');
    expect(code(fire(archers('retreat', { kind: 'character', size: 'small' }), ['r']))).toBe('ok');
  });
});

describe('§3.2.6 a shooter’s movement under attack', () => {
  test('§3.2.6 a shooter that can reach a target need not approach: any move keeping a target is allowed (FIRE-25, A-18)', () => {
    // One hex north-west (1 MP of 2): an infantry unit would have to spend half its points and approach.
    expect(move(archers('attack'), [{ to: H('0407') }])).toBe('ok');
    const foot = setDirective(field([unit('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6)]), 'attack');
    expect(move(foot, [{ to: H('0407') }])).toBe('attackSpendHalf');
  });

  test('§3.2.6 … provided it can still fire at an enemy at the end of its move (FIRE-25)', () => {
    const s = archers('attack', { size: 'small' });
    expect(move(s, [{ face: 6 }, { to: H('0509') }])).toBe('shooterMustKeepTarget');
  });

  test('§3.2.6 a shooter with no target yet makes an attack movement (A-18)', () => {
    const s = setDirective(field([shooter('b', 'blue', '0509', 0), unit('r', 'red', '0502', 6)]), 'attack');
    expect(move(s, [{ to: H('0408') }])).toBe('attackSpendHalf');
  });

  test('§3.2.6 a shooter with exhausted ammunition may make a normal movement instead (FIRE-26)', () => {
    const s = archers('attack', { size: 'small', ammunition: 'exhausted' });
    expect(move(s, [{ face: 6 }, { to: H('0509') }])).toBe('ok');
  });
});
