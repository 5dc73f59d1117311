import { apply, ApplyResult, distance, fireOptions, fireZone, fixedDice, GameState, legalActions, lossChoices, lossesFor } from '../src';
import { H } from './fixtures';
import { code, done, field, shooter, u, unit } from './fire-helpers';
import { heardBy, hideUnderCovers } from './cover-worlds';

/**
 * A formation's fire (§3.3.8, l.2306; FORM-59, FIRE-13): each of its hexes
 * fires as a simple troop, at the rate of one, as a fire group of its own.
 * The archer formation F stands on 0504 (north) and 0505 facing east (3);
 * red targets stand two hexes before it.
 */
const N = '0504';
const S = '0505';
type Capacity = Parameters<typeof shooter>[5];
const archers = (capacity: Capacity = 'ordinary', side: 'blue' | 'red' = 'blue') => shooter('f', side, S, 3, 'archers', capacity, { secondHex: N, steps: 8 });
const targets = () => [unit('r1', 'red', '0703', 9), unit('r2', 'red', '0705', 9)];

/** Two dice that are no double (no ammunition lost, §3.2.5) and give no loss at `adv`. */
function noLoss(adv: number): number[] {
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a !== b && lossesFor(adv, a + b) === 0) return [a, b];
  throw new Error(`every roll hurts at ${adv}`);
}

/** Fires from `from` at `at`, every shot missing; `seat` and `piece` default to blue's F. */
function volley(s: GameState, from: string, at: string[], seat = 'blue', piece = 'f'): ApplyResult {
  const options = fireOptions(s, seat, piece).filter((o) => o.from === H(from));
  const dice = at.flatMap((t) => noLoss(options.find((o) => o.target === t)!.advantage));
  return apply(s, seat, { type: 'fire', piece, targets: at, combine: false, from: H(from) }, { dice: fixedDice([...dice, 1, 2, 1, 2]) });
}
const shots = (r: ApplyResult) => done(r).events.filter((e) => e.type === 'combat').length;

describe('§3.3.8, l.2306 FORM-59 FIRE-13 each hex fires as a simple troop, at the rate per hex', () => {
  test('§3.3.8 FIRE-13 an ordinary archer formation fires 4 times: 2 from each hex', () => {
    const s = field([archers(), ...targets()], {}, 'f');
    const rates = new Map(fireOptions(s, 'blue', 'f').map((o) => [o.from, o.rate]));
    expect(rates).toEqual(new Map([[H(N), 2], [H(S), 2]]));
    const first = done(volley(s, N, ['r1', 'r2']));
    expect(shots(first)).toBe(2);
    expect(first.state.activation?.piece).toBe('f');
    const second = done(volley(first.state, S, ['r2', 'r2']));
    expect(shots(second)).toBe(2);
    expect(second.state.activation).toBeNull();
  });

  test('§3.3.8 FIRE-13 an advantaged archer formation fires 6 times: 3 from each hex', () => {
    const s = field([archers('advantaged'), ...targets()], {}, 'f');
    const first = done(volley(s, N, ['r1', 'r1', 'r2']));
    expect(shots(first)).toBe(3);
    expect(shots(volley(first.state, S, ['r2', 'r2', 'r1']))).toBe(3);
  });

  test('§3.3.8 FIRE-13 a disadvantaged archer formation fires twice, once from each hex', () => {
    const s = field([archers('disadvantaged'), ...targets()], {}, 'f');
    expect(code(volley(s, N, ['r1', 'r2']))).toBe('tooManyShots');
    const first = done(volley(s, N, ['r1']));
    expect(shots(volley(first.state, S, ['r2']))).toBe(1);
  });

  test('§3.2.3 a hex fires no more than its own rate: 3 shots from one hex of an ordinary formation are refused', () => {
    const s = field([archers(), ...targets()], {}, 'f');
    expect(code(volley(s, N, ['r1', 'r1', 'r2']))).toBe('tooManyShots');
  });

  test('§3.3.8 between its two fire groups the formation may only fire again from the other hex or pass', () => {
    const s = field([archers(), ...targets()], {}, 'f');
    const first = done(volley(s, N, ['r1', 'r2']));
    expect(legalActions(first.state, 'blue', 'f').filter((l) => l.allowed).map((l) => l.type).sort()).toEqual(['fire', 'pass']);
    expect(new Set(fireOptions(first.state, 'blue', 'f').map((o) => o.from))).toEqual(new Set([H(S)]));
    expect(code(apply(first.state, 'blue', { type: 'fire', piece: 'f', targets: ['r1'], combine: false, from: H(N) }))).toBe('hexAlreadyAttacked');
  });

  test('§3.3.8, A-12 each hex fires from its own hex: the range is counted from the firing hex', () => {
    // r3 is three hexes from 0504 and four from 0505: in range of one fire group only.
    const s = field([archers(), unit('r3', 'red', '0802', 9)], {}, 'f');
    const by = new Map(fireOptions(s, 'blue', 'f').map((o) => [o.from, o.rejection?.code ?? 'ok']));
    expect(by.get(H(N))).toBe('ok');
    expect(by.has(H(S))).toBe(false);
    expect(code(apply(s, 'blue', { type: 'fire', piece: 'f', targets: ['r3'], combine: false, from: H(S) }))).toBe('targetOutOfRange');
  });

  test('§3.3.8, §3.2.2 its "show range" zone is the union of its two hexes\' cones and ranges', () => {
    const s = field([archers()], {}, 'f');
    const zone = fireZone(s, u(s, 'f'));
    expect(zone).toContain(H('0802'));
    expect(zone).toContain(H('0806'));
    expect(zone).not.toContain(H(N));
    expect(zone).not.toContain(H(S));
  });

  test('§3.2.9 a formation target is struck on its aimed hex, the nearer to the shooter (A-69)', () => {
    const s = field([shooter('b', 'blue', '0707', 0), unit('g', 'red', S, 3, { secondHex: N, steps: 6 })]);
    const adv = fireOptions(s, 'blue', 'b').find((o) => o.target === 'g')!.advantage;
    const hurt = [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => [a, b])).find(([a, b]) => a !== b && lossesFor(adv, a + b) === 1)!;
    const r = done(apply(s, 'blue', { type: 'fire', piece: 'b', targets: ['g'], combine: false }, { dice: fixedDice([...hurt, 1, 2, 1, 2]) }));
    // The defender chooses between a step and a recoil farther from the shooter; the losses land on 0505.
    expect(r.state.pendingLosses?.hex).toBe(H(S));
    const recoils = lossChoices(r.state, 'red').filter((p) => p.recoilSecond !== undefined);
    expect(recoils.length).toBeGreaterThan(0);
    for (const p of recoils) expect(Math.min(distance(r.state.board, p.recoil!, H('0707')), distance(r.state.board, p.recoilSecond!, H('0707')))).toBeGreaterThan(2);
  });

  test('§3.3.1.3 (A-42) a shaken formation of 7 that recoils from a shot breaks 4 and 3: its owner names the hex of the extra step', () => {
    const s = field([shooter('b', 'blue', '0707', 0), unit('g', 'red', S, 3, { secondHex: N, steps: 7 })]);
    u(s, 'g').cohesion = 'shaken';
    const adv = fireOptions(s, 'blue', 'b').find((o) => o.target === 'g')!.advantage;
    const hurt = [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => [a, b])).find(([a, b]) => a !== b && lossesFor(adv, a + b) === 1)!;
    const r = done(apply(s, 'blue', { type: 'fire', piece: 'b', targets: ['g'], combine: false }, { dice: fixedDice([...hurt, 1, 2, 1, 2]) }));
    const recoils = lossChoices(r.state, 'red').filter((p) => p.recoilSecond !== undefined);
    expect(recoils.length).toBeGreaterThan(0);
    for (const p of recoils) {
      expect([p.recoil, p.recoilSecond]).toContain(p.heavier);
      const after = done(apply(r.state, 'red', { type: 'absorbLosses', ...p }, { dice: fixedDice([1, 2, 1, 2]) })).state;
      const stepsIn = (hex: number) => after.units.filter((x) => x.side === 'red' && x.hex === hex).reduce((n, x) => n + x.steps, 0);
      const other = p.heavier === p.recoil ? p.recoilSecond! : p.recoil!;
      expect([stepsIn(p.heavier!), stepsIn(other)]).toEqual([4, 3]);
    }
  });
});

describe('§3.2.1.1, A-69 a formation as a target', () => {
  test('A-69 it may be fired at when either of its hexes is in the cone, and the shot strikes that hex', () => {
    // From 0705 facing north the cone holds 0504, not 0505 (the formation's first hex).
    const s = field([shooter('b', 'blue', '0705', 0), unit('g', 'red', S, 3, { secondHex: N, steps: 6 })]);
    const option = fireOptions(s, 'blue', 'b').find((o) => o.target === 'g')!;
    expect(option.allowed).toBe(true);
    const hurt = [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => [a, b])).find(([a, b]) => a !== b && lossesFor(option.advantage, a + b) === 1)!;
    const r = done(apply(s, 'blue', { type: 'fire', piece: 'b', targets: ['g'], combine: false }, { dice: fixedDice([...hurt, 1, 2, 1, 2]) }));
    expect(r.state.pendingLosses?.hex).toBe(H(N));
  });
});

describe('§4.5.1, sheet 000 Leurres: a formation firing tells the same whether a cover hides a unit or a decoy', () => {
  const P = '0805';
  const Q = '0803';
  /** Red's archer formation F; blue's visible 'v', and under the covers at P and Q the hidden 'h' and its decoy 'd', one way or the other. */
  function world(under: 'unit' | 'decoy'): GameState {
    const s = field([archers('ordinary', 'red'), unit('v', 'blue', '0705', 9), unit('h', 'blue', '0110', 0)], {}, 'f');
    s.activeSide = 'red';
    return hideUnderCovers(s, under, 'blue', P, Q, 9);
  }

  test('§4.5.1 the options, legal actions and the refusal to fire at a cover are the same', () => {
    const [a, b] = [world('unit'), world('decoy')];
    expect(fireOptions(a, 'red', 'f')).toEqual(fireOptions(b, 'red', 'f'));
    expect(legalActions(a, 'red', 'f')).toEqual(legalActions(b, 'red', 'f'));
    const atCover = (s: GameState) => code(apply(s, 'red', { type: 'fire', piece: 'f', targets: ['cover-1'], combine: false, from: H(N) }));
    expect(atCover(a)).toBe('unknownTarget');
    expect(atCover(b)).toBe('unknownTarget');
  });

  test('§4.5.1 both fire groups at the visible unit leave red and a spectator the same trace', () => {
    const play = (s: GameState) => {
      const first = volley(s, N, ['v', 'v'], 'red');
      return [first, volley(done(first).state, S, ['v', 'v'], 'red')];
    };
    const [a, b] = [play(world('unit')), play(world('decoy'))];
    for (const i of [0, 1]) for (const seat of ['red', 'spectator'] as const) expect(heardBy(a[i], seat)).toBe(heardBy(b[i], seat));
    expect(shots(a[0]) + shots(a[1])).toBe(4);
  });
});
