import { fireRange, fireRate, fireTable, fireTableSchema, fireZone, inFireCone, isHarasser, isShooter, legalActions } from '../src';
import { H } from './fixtures';
import { code, done, field, fire, shooter, u, unit } from './fire-helpers';

/** Who fires, where and how often (§3.2 intro, §3.2.1.1–§3.2.3). */

describe('§3.2 who fires', () => {
  test('§3.2 archers, crossbowmen, artillery, skirmishers and light cavalry fire, troops or characters; infantry does not (FIRE-01)', () => {
    const s = field([
      shooter('a', 'blue', '0101', 0, 'archers'),
      shooter('x', 'blue', '0201', 0, 'crossbowmen'),
      shooter('t', 'blue', '0301', 0, 'artillery'),
      shooter('k', 'blue', '0401', 0, 'skirmishers', 'ordinary', { size: 'small' }),
      shooter('l', 'blue', '0501', 0, 'lightCavalry'),
      shooter('c', 'blue', '0601', 0, 'archers', 'ordinary', { kind: 'character', size: 'small' }),
      unit('i', 'blue', '0701', 0),
      unit('r', 'red', '0110', 0),
    ]);
    expect(['a', 'x', 't', 'k', 'l', 'c'].every((id) => isShooter(u(s, id)))).toBe(true);
    expect(isShooter(u(s, 'i'))).toBe(false);
    expect(isHarasser(u(s, 'k')) && isHarasser(u(s, 'l')) && !isHarasser(u(s, 'a'))).toBe(true);
  });

  test('§3.2 a unit that cannot fire is refused the fire action (FIRE-01)', () => {
    const s = field([unit('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);
    expect(code(fire(s, ['r']))).toBe('notAShooter');
  });

  test('§3.2 a shooter has the fire action; a shooting character also has the fire duel (FIRE-02)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);
    const types = legalActions(s, 'blue', 'b').map((l) => l.type);
    expect(types).toEqual(expect.arrayContaining(['fire', 'fireDuel']));
    expect(legalActions(s, 'blue', 'b').find((l) => l.type === 'fire')?.allowed).toBe(true);
    expect(legalActions(s, 'blue', 'b').find((l) => l.type === 'fireDuel')?.rejection?.code).toBe('fireDuelNeedsCharacters');
  });

  test('§3.2 the fire data file is validated: a shooter class without a range is refused', () => {
    const copy = structuredClone(fireTable) as { range: Record<string, unknown> };
    expect(fireTableSchema.safeParse(copy).success).toBe(true);
    delete copy.range.crossbowmen;
    expect(fireTableSchema.safeParse(copy).success).toBe(false);
  });
});

describe('§3.2.2 range', () => {
  test('§3.2.2 skirmishers and light cavalry 2 hexes, archers and crossbowmen 3 (FIRE-10)', () => {
    const s = field([shooter('k', 'blue', '0401', 0, 'skirmishers'), shooter('l', 'blue', '0501', 0, 'lightCavalry'), shooter('a', 'blue', '0601', 0), shooter('x', 'blue', '0701', 0, 'crossbowmen'), unit('r', 'red', '0110', 0)]);
    expect(['k', 'l', 'a', 'x'].map((id) => fireRange(s, u(s, id)))).toEqual([2, 2, 3, 3]);
  });

  test('§3.2.2 artillery by weapon capacity: inferior 4, disadvantaged 6, ordinary 8, advantaged 10, superior 12 (FIRE-10)', () => {
    const caps = ['inferior', 'disadvantaged', 'ordinary', 'advantaged', 'superior'] as const;
    const s = field([...caps.map((c, i) => shooter(`t${i}`, 'blue', `0${i + 1}01`, 0, 'artillery', c)), unit('r', 'red', '0110', 0)]);
    expect(caps.map((_, i) => fireRange(s, u(s, `t${i}`)))).toEqual([4, 6, 8, 10, 12]);
  });

  test('§3.2.2 a target beyond range is refused (FIRE-10)', () => {
    const s = field([shooter('b', 'blue', '0509', 0), unit('r', 'red', '0505', 6)]);
    expect(code(fire(s, ['r']))).toBe('targetOutOfRange');
  });

  test('§2.7.3.3 an artillery troop stacked with an artillery character fires at his weapon capacity’s range (PRE-08)', () => {
    const s = field([shooter('t', 'blue', '0509', 0, 'artillery'), shooter('c', 'blue', '0509', 0, 'artillery', 'superior', { kind: 'character', size: 'small' }), unit('r', 'red', '0101', 6)]);
    expect(fireRange(s, u(s, 't'))).toBe(12);
  });
});

describe('§3.2.3 rate of fire', () => {
  test('§3.2.3 an ordinary large archer unit fires twice, an advantaged or superior one three times, a lesser one once (FIRE-11)', () => {
    const caps = ['superior', 'advantaged', 'ordinary', 'disadvantaged', 'inferior'] as const;
    const s = field([...caps.map((c, i) => shooter(`a${i}`, 'blue', `0${i + 1}09`, 0, 'archers', c)), unit('r', 'red', '0101', 6)]);
    expect(caps.map((_, i) => fireRate(s, u(s, `a${i}`)))).toEqual([3, 3, 2, 1, 1]);
  });

  test('§3.2.3 small archer units, characters, crossbowmen and artillery fire once (FIRE-11)', () => {
    const s = field([
      shooter('a', 'blue', '0109', 0, 'archers', 'superior', { size: 'small' }),
      shooter('c', 'blue', '0209', 0, 'archers', 'superior', { kind: 'character', size: 'small' }),
      shooter('x', 'blue', '0309', 0, 'crossbowmen', 'superior'),
      shooter('t', 'blue', '0409', 0, 'artillery', 'superior'),
      unit('r', 'red', '0101', 6),
    ]);
    expect(['a', 'c', 'x', 't'].map((id) => fireRate(s, u(s, id)))).toEqual([1, 1, 1, 1]);
  });

  test('§3.2.3 more targets than shots is refused; fewer is allowed (FIRE-11)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0506', 6), unit('q', 'red', '0606', 6)]);
    expect(code(fire(s, ['r', 'q', 'r']))).toBe('tooManyShots');
    expect(code(fire(s, ['r']))).toBe('ok');
  });

  test('§3.2.3 combining needs several shots and one target (FIRE-12)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'disadvantaged'), unit('r', 'red', '0506', 6), unit('q', 'red', '0606', 6)]);
    expect(code(fire(s, ['r'], [6, 5], { combine: true }))).toBe('nothingToCombine');
    u(s, 'b').profiles.weapon.capacity = 'ordinary';
    expect(code(fire(s, ['r', 'q'], [6, 5], { combine: true }))).toBe('nothingToCombine');
    expect(code(fire(s, ['r'], [6, 5], { combine: true }))).toBe('ok');
  });

  test('§3.2.7 an archer unit with several shots may spread them over different enemy units (FIRE-14)', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'archers', 'superior'), unit('r', 'red', '0506', 6), unit('q', 'red', '0707', 6), unit('p', 'red', '0505', 6)]);
    const r = fire(s, ['r', 'q', 'p'], [6, 5, 6, 4, 5, 4]);
    expect(code(r)).toBe('ok');
    const shots = r.ok ? r.events.filter((e) => e.type === 'combat') : [];
    expect(shots.map((e) => (e.type === 'combat' ? [e.defender, e.shot?.index, e.shot?.of] : null))).toEqual([
      ['r', 1, 3],
      ['q', 2, 3],
      ['p', 3, 3],
    ]);
  });
});

describe('§3.2.1.1 the fire cone (A-12)', () => {
  const at = (facing: number, kind: 'troop' | 'character' = 'troop', faculties: ('hedgehog' | 'dodge')[] = []) =>
    field([shooter('b', 'blue', '0508', facing, 'archers', 'ordinary', { kind, faculties }), unit('r', 'red', '0101', 6)]);
  const around = ['0507', '0607', '0608', '0509', '0408', '0407'];

  test('§3.2.1.1 a unit facing a hexside fires into its three front hexes (FIRE-07, FIRE-08)', () => {
    const s = at(0);
    expect(around.map((h) => inFireCone(s, u(s, 'b'), H(h)))).toEqual([true, true, false, false, false, true]);
  });

  test('§3.2.1.1 a unit facing a vertex fires into its two front hexes, not its flanks (FIRE-08)', () => {
    const s = at(1);
    expect(around.map((h) => inFireCone(s, u(s, 'b'), H(h)))).toEqual([true, true, false, false, false, false]);
  });

  test('§3.2.1.1 at range the cone is a 120° wedge, its edges included (A-12)', () => {
    const s = at(0);
    // 0707 lies on the cone's north-east edge, two hexes away; 0708 due east is outside.
    expect(inFireCone(s, u(s, 'b'), H('0707'))).toBe(true);
    expect(inFireCone(s, u(s, 'b'), H('0708'))).toBe(false);
    expect(inFireCone(s, u(s, 'b'), H('0505'))).toBe(true);
  });

  test('§3.2.1.1 characters and hedgehogs fire in every direction (FIRE-09)', () => {
    for (const s of [at(0, 'character'), at(0, 'troop', ['hedgehog'])]) expect(around.every((h) => inFireCone(s, u(s, 'b'), H(h)))).toBe(true);
  });

  test('§3.2.1.1 a target outside the cone is refused (FIRE-07)', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0509', 0)]);
    expect(code(fire(s, ['r']))).toBe('targetOutOfCone');
  });

  test('§3.2.1.1 fireZone lists the hexes in cone and range', () => {
    const s = at(0);
    const zone = fireZone(s, u(s, 'b'));
    expect(zone).toEqual(expect.arrayContaining([H('0507'), H('0505'), H('0707')]));
    expect(zone).not.toContain(H('0504'));
    expect(zone).not.toContain(H('0509'));
  });
});

describe('§3.2.1 fire and stacking', () => {
  const stack = () => field([shooter('b', 'blue', '0508', 0), shooter('b2', 'blue', '0508', 0), unit('r', 'red', '0506', 6)]);

  test('§3.2.1 in a stack of two large units the back unit may not fire (FIRE-04)', () => {
    const s = stack();
    const back = u(s, 'b').stackRank > u(s, 'b2').stackRank ? 'b' : 'b2';
    s.activation = { piece: back };
    expect(code(fire(s, ['r'], [6, 5], { piece: back }))).toBe('shooterAtBack');
  });

  test('§3.2.1 the front unit of two large units may fire but concedes 2, and a target so stacked gives 2 (FIRE-05, FIRE-06)', () => {
    const s = stack();
    const front = u(s, 'b').stackRank < u(s, 'b2').stackRank ? 'b' : 'b2';
    s.activation = { piece: front };
    const combat = done(fire(s, ['r'], [6, 5], { piece: front })).events.find((e) => e.type === 'combat');
    expect(combat?.type === 'combat' && combat.modifiers.find((m) => m.label.en === 'Attacking troop stacked with another troop')?.value).toBe(-2);
  });
});
