import { fireOptions, legalActions } from '../src';
import { code, done, field, fire, shooter, u, unit } from './fire-helpers';

/** The conditions of a fire (§3.2.4–§3.2.7, §3.2.9). */

/** A ridge at 0506 (altitude 1) between blue at 0508 and red at 0505, all at altitude 0: it blocks the line of sight. */
const ridge = { altitude: { '1': ['0506'] } };

describe('§3.2.9 the conditions of a fire (FIRE-40)', () => {
  test('§3.2.5 a shooter with exhausted ammunition may not fire (FIRE-20)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);
    u(s, 'b').ammunition = 'exhausted';
    expect(code(fire(s, ['r']))).toBe('ammunitionExhausted');
    u(s, 'b').ammunition = 'diminished';
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§3.2.4 a target out of line of sight is refused; an adjacent one is always seen (LOS-01)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6), unit('q', 'red', '0507', 6)], ridge);
    expect(code(fire(s, ['r']))).toBe('noLineOfSight');
  });

  test('§3.2.9 a routed unit may not fire', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);
    u(s, 'b').cohesion = 'routed';
    expect(code(fire(s, ['r']))).not.toBe('ok');
  });

  test('§3.2.9 only the unit under activation fires', () => {
    const s = field([shooter('b', 'blue', '0508', 0), shooter('b2', 'blue', '0308', 0), unit('r', 'red', '0506', 6)]);
    expect(code(fire(s, ['r'], [6, 5], { piece: 'b2' }))).toBe('notActivated');
  });
});

describe('§3.2.4.1 harassment', () => {
  test('§3.2.4.1 harassment is the fire of skirmishers and light cavalry, and never tests the line of sight (FIRE-15, FIRE-16)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6)], { altitude: { '1': ['0507'] } });
    const r = done(fire(s, ['r']));
    const combat = r.events.find((e) => e.type === 'combat');
    expect(combat).toMatchObject({ kind: 'fire', shot: { harassment: true, crossed: 1 } });
  });

  test('§3.2.4.1 harassment needs a hex between harasser and target that it could enter (FIRE-16, A-15)', () => {
    const blocked = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6)], { terrain: { impassable: ['0507'] } });
    expect(code(fire(blocked, ['r']))).toBe('harassmentBlocked');
    // An enemy (facing away, so not engaging the harasser) stands in the hex between.
    const enemyBetween = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6), unit('q', 'red', '0507', 0)]);
    expect(code(fire(enemyBetween, ['r']))).toBe('harassmentBlocked');
  });

  test('§3.2.4.1 a harasser next to its target always may fire at it (A-15)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'lightCavalry'), unit('r', 'red', '0507', 6, { shock: 'contact' })], { terrain: { impassable: ['0407'] } });
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§3.2.4.1 the harasser does not move (FIRE-18)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6, { steps: 1 })]);
    const r = done(fire(s, ['r'], [1, 2]));
    expect(u(r.state, 'b').hex).toBe(u(s, 'b').hex);
  });
});

describe('§3.2.6 fire when engaged', () => {
  test('§3.2.6 engaged only by a unit with a contact marker, the shooter may fire at it if it engages it in turn (FIRE-22)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6, { shock: 'contact' }), unit('q', 'red', '0606', 6)]);
    expect(code(fire(s, ['r']))).toBe('ok');
    expect(code(fire(s, ['q']))).toBe('fireOnlyAtEngager');
  });

  test('§3.2.6 a shooter that does not engage its engager in turn may not fire at it (FIRE-22)', () => {
    // A climbing red unit engages blue across an impassable hexside that blue cannot cross: blue does not engage it back.
    const hexsides = [{ hex: '0508', direction: 0, kind: 'impassable' as const }];
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6, { shock: 'contact', faculties: ['climber'] })], { hexsides });
    expect(code(fire(s, ['r']))).toBe('fireOnlyAtEngager');
  });

  test('§3.2.6 any engaging unit without a contact or charge marker forbids the fire (FIRE-23)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0507', 6), unit('q', 'red', '0506', 6)]);
    expect(code(fire(s, ['q']))).toBe('engagedMayNotFire');
    expect(code(fire(s, ['r']))).toBe('engagedMayNotFire');
  });

  test('§2.6.9 a charging unit without a special order may not fire; with one it may (FIRE-65)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'lightCavalry'), unit('r', 'red', '0506', 6)]);
    u(s, 'b').shock = 'charge';
    expect(code(fire(s, ['r']))).toBe('chargingMayNotFire');
    u(s, 'b').order = 'specialOrder';
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§2.9.1 a charging unit that is engaged may only shock, special order or not (FIRE-65)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'lightCavalry'), unit('r', 'red', '0507', 6, { shock: 'contact' })]);
    u(s, 'b').shock = 'charge';
    u(s, 'b').order = 'specialOrder';
    expect(code(fire(s, ['r']))).toBe('mustShock');
  });
});

describe('§3.2.7 who in a stack can be fired at', () => {
  test('§3.2.7 in a stack mixing large and small units only the large ones can be fired at (FIRE-31)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6), unit('c', 'red', '0506', 6, { kind: 'character', size: 'small' })]);
    expect(code(fire(s, ['c']))).toBe('targetProtectedInStack');
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§3.2.7 fire through the stack’s front or flank hits the front unit (FIRE-32)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r1', 'red', '0506', 6), unit('r2', 'red', '0506', 6)]);
    const [front, back] = ['r1', 'r2'].sort((x, y) => u(s, x).stackRank - u(s, y).stackRank);
    expect(code(fire(s, [front]))).toBe('ok');
    expect(code(fire(s, [back]))).toBe('fireFrontHitsFront');
  });

  test('§3.2.7 fire through the stack’s rear hits the back unit (FIRE-33)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r1', 'red', '0506', 0), unit('r2', 'red', '0506', 0)]);
    const [front, back] = ['r1', 'r2'].sort((x, y) => u(s, x).stackRank - u(s, y).stackRank);
    expect(code(fire(s, [back]))).toBe('ok');
    expect(code(fire(s, [front]))).toBe('fireRearHitsBack');
  });

  test('§3.2.7 a unit in the middle can neither fire nor be fired at (FIRE-34)', () => {
    const smalls = ['r1', 'r2', 'r3'].map((id) => unit(id, 'red', '0506', 6, { size: 'small' }));
    const s = field([shooter('b', 'blue', '0508', 0), ...smalls]);
    const middle = ['r1', 'r2', 'r3'].sort((x, y) => u(s, x).stackRank - u(s, y).stackRank)[1];
    expect(code(fire(s, [middle]))).toBe('fireTargetInMiddle');
    const t = field([unit('b0', 'blue', '0508', 0), shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { kind: 'character', size: 'small' }), unit('r', 'red', '0506', 6)]);
    expect(code(fire(t, ['r']))).toBe('shooterInMiddle');
  });

  test('§3.2.7 a large character can be fired at like any large unit (FIRE-35)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('c', 'red', '0506', 6, { kind: 'character', size: 'large' }), unit('r', 'red', '0506', 6)]);
    const front = ['c', 'r'].sort((x, y) => u(s, x).stackRank - u(s, y).stackRank)[0];
    expect(code(fire(s, [front]))).toBe('ok');
  });
});

describe('§3.2 secrecy of fire', () => {
  test('Fiche 000 Leurres: a decoy cannot fire', () => {
    const s = field([shooter('bh', 'blue', '0308', 0, 'archers', 'ordinary', { hidden: true }), unit('r', 'red', '0506', 6)], {}, 'd1', [{ id: 'd1', side: 'blue', hex: '0508', facing: 0, mimic: 'bh' }]);
    expect(code(fire(s, ['r'], [6, 5], { piece: 'd1' }))).toBe('decoyMayNotFire');
    expect(legalActions(s, 'blue', 'd1').find((l) => l.type === 'fire')?.rejection?.code).toBe('decoyMayNotFire');
  });

  test('§3.2 FIRE-H3 a hidden target is never listed and cannot be targeted', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('rh', 'red', '0506', 6, { hidden: true }), unit('r', 'red', '0606', 6)]);
    expect(fireOptions(s, 'blue', 'b').map((o) => o.target)).toEqual(['r']);
    expect(code(fire(s, ['rh']))).toBe('unknownTarget');
  });

  test('§3.2 FIRE-H2 a hidden shooter is revealed by firing, before the shot', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'ordinary', { hidden: true }), unit('r', 'red', '0505', 6)]);
    expect(u(s, 'b').hidden).toBe(true);
    const r = done(fire(s, ['r']));
    const kinds = r.events.map((e) => e.type);
    expect(kinds.indexOf('revealed')).toBeLessThan(kinds.indexOf('combat'));
    expect(r.events.find((e) => e.type === 'revealed')).toMatchObject({ unit: 'b', audience: { to: 'all' } });
    expect(u(r.state, 'b').hidden).toBe(false);
  });
});

describe('§1 fire belongs to the intermediate rules', () => {
  test('§1 a battle played at the basic level refuses fire and fire duel, and lists them refused', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);
    expect(code(fire(s, ['r']))).toBe('ok');
    s.rulesLevel = 'basic';
    expect(code(fire(s, ['r']))).toBe('intermediateRulesOnly');
    const verdicts = legalActions(s, 'blue', 'b');
    expect(verdicts.find((v) => v.type === 'fire')?.rejection?.code).toBe('intermediateRulesOnly');
    expect(verdicts.find((v) => v.type === 'fireDuel')?.rejection?.code).toBe('intermediateRulesOnly');
  });
});
