import {
  apply,
  ApplyResult,
  bodyIsValid,
  disciplinePreviews,
  fixedDice,
  GameState,
  hexLabel,
  lossChoices,
  lossesFor,
  secondHexFor,
  shockOptions,
} from '../src';
import { game, H, unit, withOrder } from './fixtures';
import { activated } from './helpers';
import { engagedBy } from '../src/units/engagement';
import { engagedAlone, stackedWithEngaged } from '../src/command/commander';
import { commandBands, commandBandsTo } from '../src/command/distance';

/**
 * PRE-04: a formation stands in both its hexes. The rules that ask what
 * stands in a hex (recoil, withdrawal) must see it in its second hex too.
 */
type Units = Parameters<typeof game>[0];
const u = (s: GameState, id: string) => s.units.find((x) => x.id === id)!;
const code = (r: ApplyResult) => (r.ok ? 'ok' : r.rejection.code);
const activeOn = (units: Units, piece: string) => {
  const s = game(units);
  s.activation = { piece };
  return s;
};

/** The formations of `side` whose second hex is `second` and whose first hex is none of `avoid`. */
function formationsWithSecond(
  s: GameState,
  id: string,
  side: 'blue' | 'red',
  second: number,
  avoid: number[],
) {
  const found = [];
  for (let hex = 0; hex < s.board.cols * s.board.rows; hex++) {
    if (avoid.includes(hex) || hex === second) continue;
    for (let facing = 0; facing < 12; facing++)
      for (const which of [0, 1] as const)
        if (
          secondHexFor(s.board, hex, facing as never, which) === second &&
          bodyIsValid(s.board, {
            hex,
            secondHex: second,
            facing: facing as never,
            kind: 'troop',
            size: 'large',
            faculties: [],
          })
        )
          found.push(
            unit(id, side, hexLabel(s.board, hex), facing, {
              secondHex: hexLabel(s.board, second),
              steps: 4,
            }),
          );
  }
  if (found.length === 0) throw new Error('no body');
  return found;
}

function diceFor(adv: number, losses: number): number[] {
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (lossesFor(adv, a + b) === losses) return [a, b];
  throw new Error(`no roll gives ${losses} at ${adv}`);
}

describe('§3.3 PRE-04 a formation stands in its second hex as in its first', () => {
  const attacker = unit('a', 'blue', '0505', 3);
  const defender = unit('r', 'red', '0605', 9);
  const hit = (units: Units) => {
    const s = activeOn(units, 'a');
    const adv = shockOptions(s, 'blue', 'a').find(
      (o) => o.target === 'r' && o.supported,
    )!.advantage;
    const r = apply(
      s,
      'blue',
      { type: 'shock', piece: 'a', target: 'r', supported: true },
      { dice: fixedDice([...diceFor(adv, 1), 1, 1, 1, 1]) },
    );
    if (!r.ok) throw new Error(r.rejection.code);
    return r.state;
  };
  const recoilHexes = (s: GameState) =>
    lossChoices(s, 'red').flatMap((p) => (p.recoil !== undefined ? [p.recoil] : []));

  test('§2.7.5 PRE-04 a unit never recoils into the second hex of an enemy formation', () => {
    const open = recoilHexes(hit([attacker, defender]));
    expect(open.length).toBeGreaterThan(0);
    const target = open[0];
    const base = game([attacker, defender]);
    // Facing as r does, so that no stacking rule on facings refuses the hex for it.
    const f = formationsWithSecond(base, 'f', 'blue', target, [H('0505'), H('0605'), ...open]).find(
      (x) => x.facing === defender.facing,
    )!;
    expect(recoilHexes(hit([attacker, defender, f]))).not.toContain(target);
  });

  test('§2.6.12 PRE-04 a unit never withdraws into the second hex of an enemy formation', () => {
    const w = unit('w', 'blue', '0505', 3);
    const back = (extra: Units) => activated(withOrder(game([w, ...extra]), 'w'), 'blue', 'w');
    const base = back([]);
    const tried = [H('0405'), H('0404'), H('0406')].map(
      (h) => [h, code(apply(base, 'blue', { type: 'withdraw', piece: 'w', to: h }))] as const,
    );
    const to = tried.find(([, c]) => c === 'ok')?.[0];
    if (to === undefined) throw new Error(JSON.stringify(tried));
    expect(to).toBeDefined();
    // A red formation there that does not engage w (w not in its front zone).
    const s = formationsWithSecond(base, 'f', 'red', to!, [H('0505')])
      .map((f) => back([f]))
      .find((x) => engagedBy(x, u(x, 'w')).length === 0)!;
    expect(u(s, 'f').secondHex).toBe(to);
    expect(code(apply(s, 'blue', { type: 'withdraw', piece: 'w', to: to! }))).toBe('enemyInHex');
  });
});

describe('§2.5.9 PRE-04 a character in a formation’s second hex is stacked with it', () => {
  // Blue formation f on 0505 and 0504 facing east, its character c in 0504; red r at 0603 facing west engages f.
  const units = () => [
    unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 6 }),
    unit('c', 'blue', '0504', 3, { kind: 'character', size: 'small' }),
    unit('r', 'red', '0603', 9),
  ];

  test('§2.5.9 PRE-04 it is not engaged alone, and it is stacked with an engaged unit', () => {
    const s = game(units());
    expect(engagedBy(s, u(s, 'f')).map((e) => e.id)).toEqual(['r']);
    expect(engagedAlone(s, u(s, 'c'))).toBe(false);
    expect(stackedWithEngaged(s, u(s, 'c'))).toBe(true);
  });
});

describe('§2.6.13 PRE-04 a flight counts a friendly formation in its second hex', () => {
  const fleeInto = (withMates: boolean) => {
    // b flees south from r onto 0506, the second hex of a friendly formation of 4 steps (4 points, A-69).
    const probe = game([unit('b', 'blue', '0505', 6), unit('r', 'red', '0502', 6)]);
    const f = formationsWithSecond(probe, 'f', 'blue', H('0506'), [H('0505'), H('0502')])[0]!;
    const mate = unit('k', 'blue', '0506', f.facing, { size: 'small', kind: 'troop' });
    const s = withOrder(
      game([
        unit('b', 'blue', '0505', 6),
        unit('r', 'red', '0502', 6),
        f,
        ...(withMates ? [mate, { ...mate, id: 'k2' }, { ...mate, id: 'k3' }] : []),
      ]),
      'b',
    );
    const act = apply(s, 'blue', { type: 'activate', piece: 'b' });
    if (!act.ok) throw new Error(act.rejection.code);
    return apply(act.state, 'blue', { type: 'flee', piece: 'b', steps: [{ to: H('0506') }] });
  };

  test('§2.6.13 PRE-04 a flight onto the second hex of a formation counts its 4 points: 4 + 3 + 4 over 10, refused', () => {
    expect(code(fleeInto(true))).toBe('stackingLimit');
  });

  test('§2.6.13 PRE-04 within 10 points, the flight onto that hex is open', () => {
    expect(code(fleeInto(false))).toBe('ok');
  });
});

describe('§2.6.13.1 PRE-04 a flight from a formation: the character stacked in either of its hexes', () => {
  test('§2.6.13.1 A-69 the discipline test takes the weapon capacity of a character in the formation’s second hex', () => {
    const b = unit('b', 'blue', '0505', 0);
    const probe = game([b]);
    // A red formation engaging b from its second hex, 0504, in front of b.
    const engaging = formationsWithSecond(probe, 'f', 'red', H('0504'), [H('0505')]).find((f) =>
      engagedBy(
        game([b, f]),
        game([b, f]).units.find((x) => x.id === 'b')!,
      ).some((e) => e.id === 'f'),
    )!;
    const hero = unit('c', 'red', '0504', engaging.facing, { kind: 'character', size: 'small' });
    hero.profiles = { ...hero.profiles, weapon: { class: 'infantry', capacity: 'superior' } };
    const threshold = (units: Units) =>
      disciplinePreviews(game(units), 'blue', 'b').find((p) => p.subject === 'f')!.threshold;
    expect(threshold([b, engaging])).toBe(8);
    expect(threshold([b, engaging, hero])).toBe(10);
  });
});

describe('§2.5.8 A-69 FORM-06b command distances to a formation from its nearer hex', () => {
  test('§2.5.8 A-69 FORM-06b a leader 3 hexes from its second hex and 4 from its first counts no full band', () => {
    const s = game([unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 6 })]);
    const f = s.units[0]!;
    expect([commandBands(s.board, H('0501'), H('0504')), commandBands(s.board, H('0501'), H('0505'))]).toEqual([0, 1]);
    expect(commandBandsTo(s.board, H('0501'), f)).toBe(0);
  });
});
