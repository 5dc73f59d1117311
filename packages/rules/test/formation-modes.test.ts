import {
  apply,
  ApplyResult,
  bodyIsValid,
  fireOptions,
  fixedDice,
  GameState,
  legalActions,
  lossChoices,
  lossesFor,
  movementPoints,
  reachable,
  shockOptions,
  withdrawOptions,
  zoneAttacked,
} from '../src';
import type { Modifier } from '../src';
import { game, H, unit, withOrder } from './fixtures';
import { activated } from './helpers';
import { field, shooter, unit as fieldUnit } from './fire-helpers';
import { hideUnderCovers } from './cover-worlds';

/**
 * What a formation's mode does (§3.3.6, l.2264-2274; sheet 000 Orientation
 * l.259; §3.3.8.1 l.2324), read from data/formations.json: shield wall +1
 * and tortoise +2 in shock and in fire, in the formation's favour attacking
 * or defending (A-18b), and one rank of movement capacity less; rotating
 * ranks supports without breath; a hedgehog's every surrounding hex
 * is its front, and it neither moves, recoils nor changes facing.
 *
 * A formation F stands on 0505 and 0504 (north) facing east (3): its front
 * is 0603, 0604, 0605, its rear 0403, 0404, 0405.
 */
const S = '0505';
const N = '0504';
type Extra = Parameters<typeof unit>[4];
type Mode = NonNullable<Extra>['formationMode'];
const formation = (id: string, side: 'blue' | 'red', mode?: Mode, extra: Extra = {}) =>
  unit(id, side, S, 3, {
    secondHex: N,
    steps: 6,
    ...(mode ? { formationMode: mode } : {}),
    ...(mode && mode !== 'shieldWall' ? { faculties: ['manoeuvre'] } : {}),
    ...extra,
  });
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);
const modeMods = (ms: Modifier[]) => ms.filter((m) => m.section === '§3.3.6').map((m) => m.value);

/** A battlefield with `piece` under activation. */
function fight(units: Parameters<typeof game>[0], piece: string): GameState {
  const s = game(units);
  s.activation = { piece };
  return s;
}

/** The supported shock option of `piece` on `target` (from `from` for a formation). */
function option(s: GameState, seat: string, piece: string, target: string, from?: string) {
  const o = shockOptions(s, seat, piece).find(
    (x) => x.target === target && x.supported && (from === undefined || x.from === H(from)),
  );
  if (!o) throw new Error(`no option on ${target}`);
  return o;
}

/** Two dice that give `losses` at advantage `adv`. */
function diceFor(adv: number, losses: number): number[] {
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (lossesFor(adv, a + b) === losses) return [a, b];
  throw new Error(`no roll gives ${losses} at ${adv}`);
}

describe('§3.3.6 FORM-45 FORM-46 A-18b shield wall +1 and tortoise +2 in shock, attacking or defending', () => {
  /** Blue's formation F attacks the red marauder at 0604 from 0504. */
  const attacking = (mode?: Mode) =>
    option(
      fight([formation('f', 'blue', mode), unit('m', 'red', '0604', 9)], 'f'),
      'blue',
      'f',
      'm',
      N,
    );
  /** Red's formation G is attacked from 0605 by blue's 'a'. */
  const defending = (mode?: Mode) =>
    option(
      fight([formation('g', 'red', mode), unit('a', 'blue', '0605', 9)], 'a'),
      'blue',
      'a',
      'g',
    );

  test('§3.3.6 FORM-45 a formation attacking in shield wall gains +1, a named modifier of its section', () => {
    expect(modeMods(attacking().modifiers)).toEqual([]);
    expect(modeMods(attacking('shieldWall').modifiers)).toEqual([1]);
    expect(attacking('shieldWall').advantage).toBe(attacking().advantage + 1);
    expect(attacking('shieldWall').modifiers.find((m) => m.section === '§3.3.6')?.label).toEqual({
      fr: 'Formation qui attaque en mur de boucliers',
      en: 'Attacking formation in shield wall',
    });
  });

  test('§3.3.6 FORM-46 a formation attacking in tortoise gains +2', () => {
    expect(attacking('tortoise').advantage).toBe(attacking().advantage + 2);
  });

  test("§3.3.6 A-18b a formation attacked in shield wall or tortoise takes 1 or 2 off its attacker's advantage", () => {
    expect(defending('shieldWall').advantage).toBe(defending().advantage - 1);
    expect(defending('tortoise').advantage).toBe(defending().advantage - 2);
    expect(defending('tortoise').modifiers.find((m) => m.section === '§3.3.6')?.label.en).toBe(
      'Attacked formation in tortoise',
    );
  });

  test('§3.3.6 rotating ranks and hedgehog give no combat bonus', () => {
    expect(attacking('rotatingRanks').advantage).toBe(attacking().advantage);
    expect(defending('hedgehog').advantage).toBe(defending().advantage);
  });

  test("§3.3.6 the combat event lists the mode's modifier with the others", () => {
    const s = fight([formation('f', 'blue', 'shieldWall'), unit('m', 'red', '0604', 9)], 'f');
    const adv = option(s, 'blue', 'f', 'm', N).advantage;
    const r = apply(
      s,
      'blue',
      { type: 'shock', piece: 'f', target: 'm', supported: true, from: H(N) },
      { dice: fixedDice([...diceFor(adv, 0), 1, 1, 1, 1]) },
    );
    if (!r.ok) throw new Error(r.rejection.code);
    const combat = r.events.find((e) => e.type === 'combat') as {
      advantage: number;
      modifiers: Modifier[];
    };
    expect(modeMods(combat.modifiers)).toEqual([1]);
    expect(combat.advantage).toBe(adv);
  });
});

describe('§3.3.6 FORM-45 FORM-46 FIRE-56 A-18b the same bonus in fire, shooting or shot at', () => {
  /** Blue's archer formation F shoots at the red troop at 0703, from 0504. */
  const shooting = (mode?: Mode) => {
    const f = shooter('f', 'blue', S, 3, 'archers', 'ordinary', {
      secondHex: N,
      steps: 8,
      ...(mode ? { formationMode: mode } : {}),
      ...(mode === 'tortoise' ? { faculties: ['manoeuvre'] } : {}),
    });
    const s = field([f, fieldUnit('r', 'red', '0703', 9)], {}, 'f');
    return fireOptions(s, 'blue', 'f').find((o) => o.target === 'r' && o.from === H(N))!;
  };
  /** Blue's archers at 0705 shoot at red's formation G. */
  const shotAt = (mode?: Mode) => {
    const g = fieldUnit('g', 'red', S, 3, {
      secondHex: N,
      steps: 6,
      ...(mode ? { formationMode: mode } : {}),
      ...(mode === 'tortoise' ? { faculties: ['manoeuvre'] } : {}),
    });
    const s = field([g, shooter('b', 'blue', '0705', 9)], {}, 'b');
    return fireOptions(s, 'blue', 'b').find((o) => o.target === 'g')!;
  };

  test('§3.3.6 FORM-45 a formation shooting in shield wall gains +1 ("+1 au Tir")', () => {
    expect(shooting('shieldWall').advantage).toBe(shooting().advantage + 1);
    expect(shooting('shieldWall').modifiers.find((m) => m.section === '§3.3.6')?.label.en).toBe(
      'Shooting formation in shield wall',
    );
  });

  test("§3.3.6 FORM-46 FIRE-56 a formation shot at in tortoise takes 2 off the shooter's advantage, in shield wall 1", () => {
    expect(shotAt('tortoise').advantage).toBe(shotAt().advantage - 2);
    expect(shotAt('shieldWall').advantage).toBe(shotAt().advantage - 1);
    expect(shotAt('tortoise').modifiers.find((m) => m.section === '§3.3.6')?.label.fr).toBe(
      'Formation ciblée en tortue',
    );
  });
});

describe('§3.2.1.1 l.1891 FIRE-09 a formation in hedgehog fires in every direction', () => {
  test('§3.2.1.1 FIRE-09 archers in hedgehog shoot at a target behind them; in march it is out of their cone', () => {
    const behind = (mode?: Mode) => {
      const f = shooter('f', 'blue', S, 3, 'archers', 'ordinary', {
        secondHex: N,
        steps: 8,
        ...(mode ? { formationMode: mode, faculties: ['manoeuvre'] } : {}),
      });
      const s = field([f, fieldUnit('r', 'red', '0304', 3)], {}, 'f');
      return fireOptions(s, 'blue', 'f').filter((o) => o.target === 'r');
    };
    expect(behind().every((o) => !o.allowed && o.rejection?.code === 'targetOutOfCone')).toBe(true);
    expect(behind('hedgehog').some((o) => o.allowed)).toBe(true);
  });
});

describe('§3.3.6 FORM-45 FORM-46 shield wall and tortoise lower the movement capacity one rank', () => {
  /** F free to move (a special order), a red unit far away. */
  const free = (mode?: Mode) =>
    activated(
      withOrder(
        game([formation('f', 'blue', mode, { steps: 4 }), unit('r', 'red', '0110', 0)]),
        'f',
      ),
      'blue',
      'f',
    );
  const keys = (s: GameState) =>
    new Set(reachable(s, 'blue', 'f', 'normal').map((a) => `${a.hex}/${a.second}/${a.facing}`));

  test('§3.3.6 FORM-45 ordinary becomes disadvantaged: one movement point less, the example of l.2268', () => {
    const march = u(free(), 'f');
    expect(movementPoints(u(free('shieldWall'), 'f'))).toBe(movementPoints(march) - 1);
    expect(movementPoints(u(free('tortoise'), 'f'))).toBe(movementPoints(march) - 1);
    expect(movementPoints(u(free('rotatingRanks'), 'f'))).toBe(movementPoints(march));
  });

  test('§3.3.6 FORM-45 the move preview of a formation in shield wall reaches fewer places than in march, on the same board', () => {
    const march = keys(free());
    const wall = keys(free('shieldWall'));
    expect(wall.size).toBeGreaterThan(0);
    expect(wall.size).toBeLessThan(march.size);
    for (const k of wall) expect(march.has(k)).toBe(true);
  });

  test('§3.3.6 FORM-45 the move is priced on the lowered allowance: a place only march reaches is refused in shield wall', () => {
    const only = reachable(free(), 'blue', 'f', 'normal').find(
      (a) => !keys(free('shieldWall')).has(`${a.hex}/${a.second}/${a.facing}`),
    )!;
    const move = (s: GameState) =>
      apply(s, 'blue', { type: 'move', piece: 'f', steps: only.steps, mode: 'normal' });
    expect(code(move(free()))).toBe('ok');
    expect(code(move(free('shieldWall')))).toBe('notEnoughPoints');
  });
});

describe('§3.3.6 FORM-46 l.2274 the hedgehog: all front, never moves', () => {
  const free = (mode?: Mode, others: Parameters<typeof game>[0] = [unit('r', 'red', '0110', 0)]) =>
    activated(
      withOrder(game([formation('f', 'blue', mode, { steps: 4 }), ...others]), 'f'),
      'blue',
      'f',
    );
  const verdict = (s: GameState, type: string) =>
    legalActions(s, 'blue', 'f').find((a) => a.type === type)!;

  test('§3.3.6 FORM-46 FORM-55 a hedgehog cannot move, not even by minimal movement; its preview is empty', () => {
    const s = free('hedgehog');
    expect(verdict(s, 'move')).toMatchObject({
      allowed: false,
      rejection: { code: 'hedgehogMayNotMove' },
    });
    for (const mode of ['normal', 'minimal'] as const) {
      expect(
        code(apply(s, 'blue', { type: 'move', piece: 'f', steps: [{ shift: 1 }], mode })),
      ).toBe('hedgehogMayNotMove');
      expect(reachable(s, 'blue', 'f', mode)).toEqual([]);
    }
    expect(verdict(free('rotatingRanks'), 'move').allowed).toBe(true);
  });

  test('§3.3.6 FORM-46 a hedgehog cannot withdraw either ("ne peut plus bouger")', () => {
    const s = free('hedgehog', [unit('r', 'red', '0604', 9)]);
    expect(verdict(s, 'withdraw').rejection?.code).toBe('hedgehogMayNotMove');
    expect(
      withdrawOptions(s, 'blue', 'f').every(
        (o) => !o.allowed && o.rejection?.code === 'hedgehogMayNotMove',
      ),
    ).toBe(true);
    expect(code(apply(s, 'blue', { type: 'withdraw', piece: 'f', step: { shift: 4 } }))).toBe(
      'hedgehogMayNotMove',
    );
  });

  test('Fiche 000 Orientation l.259 FORM-46 a hedgehog cannot change facing: face is refused with its reason', () => {
    // An enemy at 0404 facing east engages F's rear.
    const behind = [unit('r', 'red', '0404', 3)];
    expect(verdict(free(undefined, behind), 'face').allowed).toBe(true);
    const s = free('hedgehog', behind);
    expect(verdict(s, 'face')).toMatchObject({
      allowed: false,
      rejection: { code: 'hedgehogKeepsFacing', section: 'Fiche 000 Orientation' },
    });
    expect(code(apply(s, 'blue', { type: 'face', piece: 'f', facing: 9 }))).toBe(
      'hedgehogKeepsFacing',
    );
  });

  test('Fiche 000 Orientation §2.3.1 a unit stacked with a hedgehog cannot face either: the stack turns as one', () => {
    const small = (mode?: Mode) => {
      const s = activated(
        withOrder(
          game([
            formation('f', 'blue', mode, { steps: 4 }),
            unit('k', 'blue', S, 3, { size: 'small' }),
            unit('r', 'red', '0606', 9),
          ]),
          'k',
        ),
        'blue',
        'k',
      );
      return legalActions(s, 'blue', 'k').find((a) => a.type === 'face')!.rejection?.code;
    };
    expect(small()).not.toBe('hedgehogKeepsFacing');
    expect(small('hedgehog')).toBe('hedgehogKeepsFacing');
  });

  test('§3.3.6 FORM-46 every hex around a hedgehog is its front: it shocks an enemy behind it', () => {
    const targets = (mode?: Mode) =>
      shockOptions(
        fight([formation('f', 'blue', mode), unit('r', 'red', '0404', 3)], 'f'),
        'blue',
        'f',
      ).filter((o) => o.target === 'r' && o.allowed);
    expect(targets()).toEqual([]);
    expect(targets('hedgehog').length).toBeGreaterThan(0);
  });

  test('§3.3.6 FORM-46 a hedgehog attacked from its rear gives its attacker no rear bonus', () => {
    const rearAttack = (mode?: Mode) => {
      const s = fight([formation('g', 'red', mode), unit('a', 'blue', '0404', 3)], 'a');
      return {
        zone: zoneAttacked(s, u(s, 'a'), u(s, 'g')),
        mods: option(s, 'blue', 'a', 'g').modifiers.map((m) => m.label.en),
      };
    };
    expect(rearAttack()).toEqual({
      zone: 'rear',
      mods: expect.arrayContaining(['Attack from the rear']),
    });
    const hedgehog = rearAttack('hedgehog');
    expect(hedgehog.zone).toBe('front');
    expect(hedgehog.mods).not.toContain('Attack from the rear');
    expect(hedgehog.mods).not.toContain('Attack on the flank');
  });

  test('§3.3.8.1 l.2324 FORM-65 a formation in hedgehog mode cannot recoil: its loss is a step', () => {
    const hit = (mode?: Mode) => {
      const s = fight([formation('g', 'red', mode), unit('a', 'blue', '0605', 9)], 'a');
      const adv = option(s, 'blue', 'a', 'g').advantage;
      const r = apply(
        s,
        'blue',
        { type: 'shock', piece: 'a', target: 'g', supported: true },
        { dice: fixedDice([...diceFor(adv, 1), 1, 1, 1, 1]) },
      );
      if (!r.ok) throw new Error(r.rejection.code);
      return r.state;
    };
    expect(lossChoices(hit(), 'red').some((p) => p.recoil !== undefined)).toBe(true);
    const hedgehog = hit('hedgehog');
    expect(lossChoices(hedgehog, 'red').some((p) => p.recoil !== undefined)).toBe(false);
    expect(u(hedgehog, 'g').steps).toBe(5);
  });
});

describe('Fiche 000 Empilement S0 l.221 FORM-41 a formation in hedgehog stacks with small units only', () => {
  /** Blue's troop 'k' (or a small unit) south of F steps north into F's hex 0505. */
  const stepIn = (mode?: Mode, extra: Extra = {}) => {
    const s = activated(
      withOrder(
        game([
          formation('f', 'blue', mode, { steps: 4 }),
          unit('k', 'blue', '0506', 0, extra),
          unit('r', 'red', '0110', 0),
        ]),
        'k',
      ),
      'blue',
      'k',
    );
    return code(
      apply(s, 'blue', { type: 'move', piece: 'k', steps: [{ to: H(S) }], mode: 'normal' }),
    );
  };

  test("FORM-41 a large troop may not step into a hedgehog's hex; into the same formation in march it may", () => {
    expect(stepIn()).toBe('ok');
    expect(stepIn('hedgehog')).toBe('stackingInferior');
  });

  test('FORM-41 a small unit still may', () => {
    expect(stepIn('hedgehog', { size: 'small' })).toBe('ok');
  });
});

describe('§3.3.6 FORM-61 A-19 rotating ranks: no extra breath level for a supported attack (l.2273)', () => {
  const attack = (mode?: Mode, breath: 'fresh' | 'exhausted' = 'fresh') => {
    const s = fight([formation('f', 'blue', mode), unit('m', 'red', '0604', 9)], 'f');
    u(s, 'f').breath = breath;
    return s;
  };
  const shockFrom = (s: GameState) => {
    const adv = option(s, 'blue', 'f', 'm', N).advantage;
    return apply(
      s,
      'blue',
      { type: 'shock', piece: 'f', target: 'm', supported: true, from: H(N) },
      { dice: fixedDice([...diceFor(adv, 0), 1, 1, 1, 1]) },
    );
  };

  test('§3.3.6 FORM-61 a supported attack in rotating ranks costs no breath; in march one level', () => {
    const r = shockFrom(attack('rotatingRanks'));
    if (!r.ok) throw new Error(r.rejection.code);
    expect(u(r.state, 'f').breath).toBe('fresh');
    expect(r.events.some((e) => e.type === 'breathChanged')).toBe(false);
    const m = shockFrom(attack());
    if (!m.ok) throw new Error(m.rejection.code);
    expect(u(m.state, 'f').breath).toBe('winded');
  });

  test('§3.3.6 FORM-61 §2.7.3.1 an exhausted formation in rotating ranks may still support: it costs no breath', () => {
    expect(option(attack(undefined, 'exhausted'), 'blue', 'f', 'm', N)).toMatchObject({
      allowed: false,
      rejection: { code: 'exhaustedMayNotSupport' },
    });
    expect(option(attack('rotatingRanks', 'exhausted'), 'blue', 'f', 'm', N).allowed).toBe(true);
  });
});

describe("§4.5.1 sheet 000 Leurres: a shield wall's move is the same whether the cover near it hides a unit or a decoy", () => {
  const P = '0705';
  const Q = '0109';
  /** Blue's F in shield wall, red's hidden 'h' and its decoy 'd' under the covers at P (before F) and Q, one way or the other. */
  function world(under: 'unit' | 'decoy'): GameState {
    const s = withOrder(
      game([formation('f', 'blue', 'shieldWall', { steps: 4 }), unit('h', 'red', '0110', 9)]),
      'f',
    );
    return activated(hideUnderCovers(s, under, 'red', P, Q, 9), 'blue', 'f');
  }

  test('§3.3.6 §4.5.1 the preview and the legal actions of a shield wall next to a cover do not tell a hidden unit from a decoy', () => {
    const seen = (s: GameState) =>
      JSON.stringify({
        reach: reachable(s, 'blue', 'f', 'normal'),
        legal: legalActions(s, 'blue', 'f'),
      });
    expect(seen(world('unit'))).toBe(seen(world('decoy')));
    expect(reachable(world('unit'), 'blue', 'f', 'normal').length).toBeGreaterThan(0);
  });
});

describe('§2.3.1 §3.3.3 a formation pivoting back about a hex it shares with a large troop turns that troop with it', () => {
  test('§3.3.7 §2.3.1 the stack of the kept hex turns as one: the formation keeps its pivoted facing, its body stays valid', () => {
    const s = activated(
      withOrder(
        game([
          formation('f', 'blue', undefined, { steps: 4 }),
          unit('k', 'blue', S, 3),
          unit('r', 'red', '0110', 0),
        ]),
        'f',
      ),
      'blue',
      'f',
    );
    const r = apply(s, 'blue', {
      type: 'withdraw',
      piece: 'f',
      step: { pivot: H(S), onto: H('0404') },
    });
    if (!r.ok) throw new Error(r.rejection.code);
    const f = u(r.state, 'f');
    expect({ hex: f.hex, second: f.secondHex }).toEqual({ hex: H(S), second: H('0404') });
    expect(f.facing).not.toBe(3);
    expect(bodyIsValid(r.state.board, f)).toBe(true);
    expect(u(r.state, 'k').facing).toBe(f.facing);
    expect(f.cohesion).toBe('inOrder');
  });
});
