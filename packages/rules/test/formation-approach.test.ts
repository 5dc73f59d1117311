import {
  apply,
  bodyHexes,
  DirectiveJudge,
  GameState,
  movementPoints,
  reachable,
  Unit,
  viewFor,
} from '../src';
import type { BodyStep } from '../src/movement/formation-walker';
import { searchBodyArrivals } from '../src/movement/formation-search';
import { moveContext } from '../src/movement/move-context';
import { threatField } from '../src/movement/threat-field';
import { game, H, profiles, unit } from './fixtures';
import { activated } from './helpers';
import { LABELS, randomGround } from './random-ground';

/**
 * Mouvement d'Attaque (§2.6.11.1): every hex entered brings the unit nearer,
 * in movement points, to engaging its nearest enemy. A formation is priced
 * by its own moves (§3.3.7, movement/formation-approach.ts): from its body
 * place (two hexes, vertex facing, mode), by shifts, pivots and the
 * half-turn on clear ground, engaging next to either of its hexes in its
 * front zone — as the formation threat field prices it. Pricing it as a
 * one-hex unit from its first hex, as before, gave other verdicts; each test
 * names the one it replaces.
 *
 * The blue formation F stands on 0505 (first hex) and 0504 (north of it),
 * facing east (3), under its wing's attack directive: its front is 0603,
 * 0604 and 0605; its flanks 0503 and 0506. Pedestrians: a clear hex costs
 * 1; an attack movement spends at least 2 MP unless it stops on meeting the
 * enemy.
 */
const F = () => unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 6 });
const u = (s: GameState, id: string): Unit => s.units.find((x) => x.id === id)!;
const moveOf = (s: GameState, steps: unknown[]) =>
  apply(activated(s, 'blue', 'f'), 'blue', { type: 'move', piece: 'f', steps, mode: 'normal' });
const code = (r: ReturnType<typeof apply>) => (r.ok ? 'ok' : r.rejection.code);
const pivot = (about: string, onto: string) => ({ pivot: H(about), onto: H(onto) });
/** Whether the move preview offers the arrival these steps make. */
const offered = (s: GameState, steps: BodyStep[]) =>
  reachable(activated(s, 'blue', 'f'), 'blue', 'f', 'normal').some(
    (a) => JSON.stringify(a.steps) === JSON.stringify(steps),
  );

describe('§2.6.11.1 §3.3.7 a formation under an attack directive approaches by its own moves', () => {
  test('§2.6.11.1 A-69 one shift engages the enemy from its second hex: allowed (one-hex pricing from 0505 refused it)', () => {
    const s = game([F(), unit('r', 'red', '0704', 0)]);
    expect(code(moveOf(s, [{ shift: 2 }]))).toBe('ok');
    expect(offered(s, [{ shift: 2 }])).toBe(true);
  });

  test('§2.6.11.1 §3.3.7 FORM-50 an enemy on its flank: the pivot forward that engages it approaches (one-hex: refused)', () => {
    const s = game([F(), unit('r', 'red', '0503', 0)]);
    expect(code(moveOf(s, [pivot('0504', '0604')]))).toBe('ok');
    expect(offered(s, [pivot('0504', '0604')])).toBe(true);
  });

  test('§2.6.11.1 §3.3.7 FORM-49 behind a rough hexside ahead of its second hex, going round north approaches, 4 → 3 → 2 MP (one-hex: refused)', () => {
    const roughAhead = {
      hexsides: [
        { hex: '0504', direction: 1, kind: 'rough' as const },
        { hex: '0504', direction: 2, kind: 'rough' as const },
      ],
    };
    const s = game([F(), unit('r', 'red', '0804', 9)], roughAhead);
    const steps = [pivot('0504', '0604'), { shift: 0 }];
    expect(code(moveOf(s, steps))).toBe('ok');
    expect(offered(s, steps)).toBe(true);
  });

  test('§2.6.11.1 pivoting onto 0604 brings its first hex nearer 0802 but not the formation (2 MP either way): refused (one-hex: allowed)', () => {
    const s = game([F(), unit('r', 'red', '0802', 0)]);
    const steps = [pivot('0504', '0604'), { shift: 0 }];
    expect(code(moveOf(s, steps))).toBe('attackMustApproach');
    expect(offered(s, steps)).toBe(false);
    // Its own way: both hexes north-east, 2 → 1 MP.
    expect(code(moveOf(s, [{ shift: 1 }, { shift: 1 }]))).not.toBe('attackMustApproach');
  });

  test('§2.6.11.1 §3.3.7 a pivot about its first hex enters a hex and is judged: 1 MP to engage 0706 before and after, refused (one-hex: never judged)', () => {
    const s = game([F(), unit('r', 'red', '0706', 0)]);
    const steps = [pivot('0505', '0604'), { shift: 2 }];
    expect(code(moveOf(s, steps))).toBe('attackMustApproach');
    expect(offered(s, steps)).toBe(false);
  });

  test('§2.6.11.1 §3.3.7 two pivots about its first hex enter two hexes: an attack movement that wheels towards 0607, 3 → 2 → 1 MP (one-hex: refused, no hex entered)', () => {
    const s = game([F(), unit('r', 'red', '0607', 0)]);
    const steps = [pivot('0505', '0604'), pivot('0505', '0605')];
    expect(code(moveOf(s, steps))).toBe('ok');
    expect(offered(s, steps)).toBe(true);
  });
});

/**
 * Properties on random fields (rough and difficult ground, hills, rough
 * hexsides) and random enemies, one of them sometimes a formation: the
 * value the attack directive reads at each place of a formation's moves is
 * the least, over its enemies' hexes (either hex of a formation, A-69), of
 * the formation threat field from that place; and the move preview offers
 * exactly the arrivals a submitted move of the same steps is allowed.
 */
function randomBattle(seed: string): GameState {
  const { pick, map } = randomGround(seed, { rough: 6, difficult: 3 });
  // One type, one formation counter (§3.3): both formations have the same profiles.
  const counter = profiles('pedestrian', 'superior');
  const f = unit('f', 'blue', '0505', pick([3, 9]), {
    secondHex: '0504',
    steps: 6,
    profiles: counter,
  });
  // Enemies two hexes off at least, out of the formation's way; the second, when a formation, holds the hex north of its first too.
  const far = LABELS.filter(
    (l) => Math.abs(+l.slice(0, 2) - 5) + Math.abs(+l.slice(2) - 5) >= 3 && +l.slice(2) > 1,
  );
  const one = unit('r1', 'red', pick(far), pick([0, 2, 4, 6, 8, 10]));
  const at = pick(
    far.filter(
      (l) => l !== one.hex && l.slice(0, 2) + String(+l.slice(2) - 1).padStart(2, '0') !== one.hex,
    ),
  );
  const north = at.slice(0, 2) + String(+at.slice(2) - 1).padStart(2, '0');
  // A formation stands on clear ground only (§3.3.7).
  const clear = ![at, north].some((l) =>
    [...map.terrain.rough, ...map.terrain.difficult].includes(l),
  );
  const two =
    pick([true, false]) && clear
      ? unit('r2', 'red', at, pick([3, 9]), { secondHex: north, steps: 6, profiles: counter })
      : unit('r2', 'red', at, pick([0, 2, 4, 6, 8, 10]));
  return game([f, one, two], map);
}

type Place = { hex: number; second: number; facing: number };

const SEEDS = Array.from({ length: 20 }, (_, i) => `formation-approach-${i}`);

describe('§2.6.11.1 §3.3.7 the attack directive reads the formation threat field from each place, and the preview offers what a move is allowed', () => {
  test.each(SEEDS)('%s', (seed) => {
    const s = activated(randomBattle(seed), 'blue', 'f');
    const view = viewFor(s, 'blue');
    const f = u(view, 'f');
    const judge = new DirectiveJudge(view, f);
    expect(judge.directive).toBe('attack');
    const enemyHexes = view.units.filter((e) => e.side === 'red').flatMap((e) => bodyHexes(e));
    const all = searchBodyArrivals(moveContext(view, { unit: f, isDecoy: false }, 'normal'));
    /** The least, over the enemies' hexes, of the formation threat field from a place. */
    const value = (p: Place) => {
      const field = threatField(view, { ...f, hex: p.hex, secondHex: p.second, facing: p.facing });
      return Math.min(...enemyHexes.map((h) => field.at(h)));
    };
    const start = { hex: f.hex, second: f.secondHex!, facing: f.facing };
    // An arrival is offered when it enters a hex, each move entering one lowers that value, and it spends its half (or stops on meeting the enemy); a submitted move of its steps is allowed exactly then.
    const need = Math.min(movementPoints(f), Math.max(2, movementPoints(f) / 2));
    const shown = new Set(reachable(s, 'blue', 'f', 'normal').map((a) => JSON.stringify(a.steps)));
    for (const a of all) {
      const places = [start, ...a.trail!];
      const enters = places.map(
        (p, i) => i > 0 && (p.hex !== places[i - 1].hex || p.second !== places[i - 1].second),
      );
      const nearer = places.every((p, i) => !enters[i] || value(p) < value(places[i - 1]));
      // At least one hex (a half-turn alone is no attack movement).
      const allowed = enters.includes(true) && nearer && (a.ends !== null || a.cost >= need);
      const r = apply(s, 'blue', { type: 'move', piece: 'f', steps: a.steps, mode: 'normal' });
      expect([a.steps, r.ok, shown.has(JSON.stringify(a.steps))]).toEqual([
        a.steps,
        allowed,
        allowed,
      ]);
    }
    // The directive's own reading of that value, at every place of every arrival.
    for (const p of [start, ...all.flatMap((a) => a.trail!)])
      expect([p, judge.fields.approachCost(p)]).toEqual([p, value(p)]);
    expect(all.length).toBeGreaterThan(0);
  });
});
