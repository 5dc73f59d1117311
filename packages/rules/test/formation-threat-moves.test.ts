import {
  apply,
  DirectiveJudge,
  engageCost,
  engages,
  fixedDice,
  fleeArrivals,
  GameState,
  nearestThreats,
  Unit,
  viewFor,
} from '../src';
import { searchBodyArrivals } from '../src/movement/formation-search';
import { moveContext } from '../src/movement/move-context';
import { threatField } from '../src/movement/threat-field';
import { boardIndex } from '../src/terrain/board';
import { game, gameWithFreeB, H, profiles, unit } from './fixtures';
import { activated } from './helpers';
import { randomGround } from './random-ground';

/**
 * La Menace La Plus Proche (§2.5.3.1) is the enemy that would spend the
 * fewest movement points to engage the unit, other units ignored. A
 * formation spends them by its own moves (§3.3.7): both hexes forward (the
 * dearer hex), a pivot forward (the moving hex), the half-turn; clear
 * terrain only, never a rough hexside (movement/formation-threat-field.ts).
 * Pricing it as a one-hex unit from its first hex, as before, gave other
 * answers; each test below names the one-hex answer it replaces.
 *
 * The red formation F stands on 0505 (first hex) and 0504 (north of it),
 * facing east (3): its front is 0603, 0604 and 0605; its flanks 0503 and
 * 0506. Pedestrians: a clear hex costs 1, the half-turn 2½ (A-19b).
 */
type Extra = Parameters<typeof unit>[4];
const F = (extra: Extra = {}) =>
  unit('f', 'red', '0505', 3, { secondHex: '0504', steps: 6, ...extra });
const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const threats = (s: GameState, id: string) => {
  const t = nearestThreats(s, u(s, id));
  return { units: t.units.map((x) => x.id), distance: t.distance };
};
/** Rough hexsides ahead of F's second hex (0504's NE and SE): its body cannot march straight east. */
const roughAhead = {
  hexsides: [
    { hex: '0504', direction: 1, kind: 'rough' as const },
    { hex: '0504', direction: 2, kind: 'rough' as const },
  ],
};

describe('§2.5.3.1 §3.3.7 a formation threatens by its own moves', () => {
  test('§3.3.7 FORM-49 behind a rough hexside ahead of its second hex it goes round: 4 MP, not the one-hex 2', () => {
    // Clear: two shifts east, then 0804 is in its front (the one-hex pricing agreed: 2).
    expect(threats(game([F(), unit('b', 'blue', '0804', 9)]), 'b')).toEqual({
      units: ['f'],
      distance: 2,
    });
    // Rough hexsides at 0504 NE/SE: no shift east; pivot onto 0604, north, pivot back, east (4 MP). A one-hex unit from 0505 never meets them: 2.
    const s = game([F(), unit('b', 'blue', '0804', 9)], roughAhead);
    expect(threats(s, 'b')).toEqual({ units: ['f'], distance: 4 });
    expect(engageCost(s, u(s, 'f'), u(s, 'b')) / 2).toBe(4);
  });

  test('§3.3.7 FORM-50 a unit on its flank: it pivots forward (1 MP, the hex it swings onto), no free 30° turn (one-hex: 0)', () => {
    expect(threats(game([F(), unit('b', 'blue', '0506', 0)]), 'b')).toEqual({
      units: ['f'],
      distance: 1,
    });
    // The hex it would swing onto (0604) is difficult ground: no pivot there; it half-turns (2½) then pivots (1).
    const s = game([F(), unit('b', 'blue', '0506', 0)], { terrain: { difficult: ['0604'] } });
    expect(threats(s, 'b')).toEqual({ units: ['f'], distance: 3.5 });
  });

  test('§3.3.7 FORM-48 no path through rough ground: behind a wall of rough hexes it is no threat, and the nearest is another enemy', () => {
    const wall = {
      terrain: {
        rough: ['0601', '0602', '0603', '0604', '0605', '0606', '0607', '0608', '0609', '0610'],
      },
    };
    // A one-hex unit from 0505 would walk through 0605 (1½) and engage 0805 from 0705: 2½, nearer than r (3).
    const s = game([F(), unit('r', 'red', '0802', 6), unit('b', 'blue', '0805', 9)], wall);
    expect(threatField(s, u(s, 'f')).at(H('0805'))).toBe(Number.POSITIVE_INFINITY);
    expect(threats(s, 'b').units).toEqual(['r']);
  });

  test('§3.3.7 the field is keyed by the whole body: same first hex and facing, other second hex, other costs', () => {
    const north = game([F(), unit('b', 'blue', '0503', 0)]);
    const south = game([
      unit('f', 'red', '0505', 3, { secondHex: '0506', steps: 6 }),
      unit('b', 'blue', '0503', 0),
    ]);
    // 0503 is F's flank hex when it holds 0504 (one pivot), two hexes off when it holds 0506 (a pivot, then a shift).
    expect([threats(north, 'b').distance, threats(south, 'b').distance]).toEqual([1, 2]);
  });
});

describe('§2.5.3 §2.6.13 the rules that read the nearest threat follow the formation’s own moves', () => {
  test('§2.5.3 regroup: 4 MP off a formation of 2 MP is out of reach, so a winded unit may rest (one-hex pricing: 2 MP, within reach)', () => {
    const s = game([F(), unit('one', 'blue', '0804', 9)], roughAhead);
    s.wings.find((w) => w.id === 'blue-wing')!.directive = 'regroup';
    const v = viewFor(s, 'blue');
    expect(new DirectiveJudge(v, u(v, 'one')).fields.reachable(H('0804'))).toBe(false);
    u(s, 'one').breath = 'winded';
    const rest = { type: 'rest', piece: 'one' };
    const r = apply(activated(s, 'blue', 'one'), 'blue', rest, { dice: fixedDice([1, 2]) });
    expect(r.ok ? u(r.state, 'one').breath : r.rejection.code).toBe('fresh');
  });

  test('§2.6.13 fleeing one hex nearer in hexes may take it away in points: 0706 → 0606 needs a shift and a pivot more (one-hex: 1 → 1, refused)', () => {
    const s = gameWithFreeB([F(), unit('b', 'blue', '0706', 9)]);
    const field = threatField(s, u(s, 'f'));
    expect([field.at(H('0706')), field.at(H('0606'))]).toEqual([2, 4]);
    const act = apply(s, 'blue', { type: 'activate', piece: 'b' });
    if (!act.ok) throw new Error(act.rejection.code);
    const r = apply(act.state, 'blue', { type: 'flee', piece: 'b', steps: [{ to: H('0606') }] });
    expect(r.ok ? u(r.state, 'b').hex : r.rejection.code).toBe(H('0606'));
    expect(fleeArrivals(act.state, 'blue', 'b').some((a) => a.hex === H('0606'))).toBe(true);
  });

  test('§2.6.13 a hex nearer in points is refused though the one-hex pricing called it farther: 0404 → 0403', () => {
    // F engages 0404 by a half-turn (2½), 0403 by two pivots about 0504 (2); a one-hex unit from 0505: 1 → 1½.
    const s = gameWithFreeB([F(), unit('b', 'blue', '0404', 10)]);
    const act = apply(s, 'blue', { type: 'activate', piece: 'b' });
    if (!act.ok) throw new Error(act.rejection.code);
    const r = apply(act.state, 'blue', { type: 'flee', piece: 'b', steps: [{ to: H('0403') }] });
    expect(r.ok ? 'ok' : r.rejection.code).toBe('fleeNotAway');
  });
});

/**
 * Property: the field is the formation's own move search's pricing. On
 * random fields (rough and difficult ground, hills, rough hexsides), with no
 * other unit about, the cost to engage each hex within the budget of its
 * extra movement is the cheapest arrival of its move preview
 * (formation-search.ts) placed so that it engages a unit there (`engages`).
 */
function randomFormation(seed: string): GameState {
  const { pick, map } = randomGround(seed, { rough: 8, difficult: 4 });
  const f = unit('f', 'red', '0505', pick([3, 9]), {
    secondHex: '0504',
    steps: 6,
    profiles: profiles('pedestrian', 'superior'),
  });
  return game([f], map);
}

describe('§2.5.3.1 §3.3.7 the threat field prices exactly what the formation’s own move search does', () => {
  test.each(Array.from({ length: 25 }, (_, i) => `formation-threat-${i}`))('%s', (seed) => {
    const s = randomFormation(seed);
    const f = u(s, 'f');
    const ctx = moveContext(s, { unit: f, isDecoy: false }, 'extra');
    const places = [
      { hex: f.hex, second: f.secondHex!, facing: f.facing, cost: 0 },
      ...searchBodyArrivals(ctx),
    ];
    const target = (hex: number): Unit => ({
      ...f,
      id: 'target',
      side: 'blue',
      hex,
      secondHex: undefined,
    });
    const field = threatField(s, f);
    let engaged = 0;
    for (let hex = 0; hex < boardIndex(s.board).size; hex++) {
      const costs = places
        .filter((p) =>
          engages(s, { ...f, hex: p.hex, secondHex: p.second, facing: p.facing }, target(hex)),
        )
        .map((p) => p.cost * 2);
      const cheapest = Math.min(...costs);
      expect([hex, field.at(hex, ctx.budget)]).toEqual([
        hex,
        cheapest <= ctx.budget ? cheapest : Number.POSITIVE_INFINITY,
      ]);
      if (cheapest <= ctx.budget) engaged += 1;
    }
    expect(engaged).toBeGreaterThan(3);
  });
});
