import { apply, bodyIsValid, legalActions, reachable, seededDice, seedRng, terrainAt, withdrawOptions, type GameState, type Unit } from '../src';
import { game, unit, withOrder } from './fixtures';
import { activated } from './helpers';

/**
 * Property (§3.3, l.2122; §3.3.7): whatever moves a formation is given —
 * the preview's arrivals, random elementary moves the walker may refuse,
 * withdrawals — it always stands on two adjacent clear hexes of the map,
 * facing a vertex at 90° to the line joining them (bodyIsValid), never on an
 * enemy, a large unit or another formation. Fields are random: rough and
 * difficult hexes, hills, rough hexsides, friends and enemies about.
 */
const LABELS = Array.from({ length: 100 }, (_, i) => `${String((i % 10) + 1).padStart(2, '0')}${String(Math.floor(i / 10) + 1).padStart(2, '0')}`);
const START = ['0505', '0504'];

function randomField(seed: string): GameState {
  const dice = seededDice(seedRng(seed));
  const pick = <T>(xs: T[]): T => xs[dice.roll(xs.length) - 1];
  const free = LABELS.filter((l) => !START.includes(l));
  const some = (n: number) => Array.from({ length: n }, () => pick(free));
  const others = [
    unit('e1', 'red', pick(free), pick([0, 3, 6, 9])),
    unit('e2', 'red', pick(free), pick([1, 5, 7, 11])),
    unit('b2', 'blue', pick(free), 3),
    unit('c', 'blue', pick(free), 3, { kind: 'character', size: 'small', steps: 1 }),
  ].filter((u, i, all) => all.findIndex((o) => o.hex === u.hex) === i);
  const map = {
    terrain: { rough: some(6), difficult: some(3) },
    altitude: { '1': some(8) },
    hexsides: some(8).map((hex) => ({ hex, direction: pick([0, 1, 2, 3, 4, 5]), kind: 'rough' as const })),
  };
  return withOrder(game([unit('f', 'blue', START[0], 3, { secondHex: START[1], steps: pick([3, 4, 7, 8]) }), ...others], map), 'f');
}

function expectSoundBody(s: GameState): void {
  const f = s.units.find((u) => u.id === 'f')!;
  expect(bodyIsValid(s.board, f)).toBe(true);
  expect(f.secondHex).toBeDefined();
  for (const h of [f.hex, f.secondHex!]) {
    expect(h).toBeGreaterThanOrEqual(0);
    expect(terrainAt(s.board, h)).toBe('clear');
    const there = s.units.filter((u: Unit) => u.id !== 'f' && (u.hex === h || u.secondHex === h));
    expect(there.every((u) => u.side === 'blue' && u.size === 'small')).toBe(true);
  }
}

const SEEDS = Array.from({ length: 40 }, (_, i) => `formation-moves-${i}`);

test.each(SEEDS)('§3.3.7 every arrival of the preview leaves a sound body (%s)', (seed) => {
  const s = activated(randomField(seed), 'blue', 'f');
  const dice = seededDice(seedRng(seed));
  // The modes the rules offer the formation now (none when it starts engaged, §2.6.11).
  const modes = legalActions(s, 'blue', 'f').find((l) => l.type === 'move')!.modes ?? [];
  if (modes.length === 0) return;
  const mode = modes[dice.roll(modes.length) - 1];
  const arrivals = reachable(s, 'blue', 'f', mode);
  for (let i = 0; i < Math.min(arrivals.length, 12); i++) {
    const a = arrivals[dice.roll(arrivals.length) - 1];
    const r = apply(s, 'blue', { type: 'move', piece: 'f', steps: a.steps, mode });
    if (!r.ok) throw new Error(`arrival refused: ${r.rejection.code}`);
    expectSoundBody(r.state);
  }
});

test.each(SEEDS)('§3.3.7 random elementary moves, accepted or refused, leave a sound body (%s)', (seed) => {
  const s = activated(randomField(seed), 'blue', 'f');
  const dice = seededDice(seedRng(`${seed}-steps`));
  const f = s.units.find((u) => u.id === 'f')!;
  for (let trial = 0; trial < 30; trial++) {
    const steps = Array.from({ length: dice.roll(3) }, () => {
      const kind = dice.roll(3);
      if (kind === 1) return { shift: dice.roll(6) - 1 };
      if (kind === 2) return { face: dice.roll(12) - 1 };
      return { pivot: dice.roll(2) === 1 ? f.hex : f.secondHex!, onto: f.hex + [-11, -10, -9, -1, 1, 9, 10, 11][dice.roll(8) - 1] };
    });
    const r = apply(s, 'blue', { type: 'move', piece: 'f', steps, mode: 'extra' });
    expectSoundBody(r.ok ? r.state : s);
  }
});

test.each(SEEDS)('§2.6.12 every withdrawal offered leaves a sound body (%s)', (seed) => {
  const s = activated(randomField(seed), 'blue', 'f');
  for (const o of withdrawOptions(s, 'blue', 'f')) {
    const r = apply(s, 'blue', { type: 'withdraw', piece: 'f', step: o.step });
    expect(r.ok).toBe(o.allowed);
    if (r.ok) expectSoundBody(r.state);
  }
});
