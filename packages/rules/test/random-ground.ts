import { seededDice, seedRng } from '../src';

/** Every hex label of the 10×10 test field (fixtures.ts). */
export const LABELS = Array.from(
  { length: 100 },
  (_, i) =>
    `${String((i % 10) + 1).padStart(2, '0')}${String(Math.floor(i / 10) + 1).padStart(2, '0')}`,
);

/**
 * A seeded random ground for the formation properties (rough and difficult
 * hexes, hills, rough hexsides), 0505 and 0504 kept clear for the formation
 * standing there; with the seeded `pick` that drew it, to place the units.
 */
export function randomGround(seed: string, counts: { rough: number; difficult: number }) {
  const dice = seededDice(seedRng(seed));
  const pick = <T>(xs: T[]): T => xs[dice.roll(xs.length) - 1];
  const free = LABELS.filter((l) => !['0505', '0504'].includes(l));
  const some = (n: number) => Array.from({ length: n }, () => pick(free));
  const map = {
    terrain: { rough: some(counts.rough), difficult: some(counts.difficult) },
    altitude: { '1': some(10) },
    hexsides: some(10).map((hex) => ({
      hex,
      direction: pick([0, 1, 2, 3, 4, 5]),
      kind: 'rough' as const,
    })),
  };
  return { pick, map };
}
