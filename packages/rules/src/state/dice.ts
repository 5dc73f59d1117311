import type { RngState } from './types';

/**
 * Dice. The rules never call Math.random: every roll comes from a DiceSource.
 * In play it is the seeded generator whose state lives in the game state, so a
 * game replays exactly; tests inject fixed dice.
 */
export interface DiceSource {
  /** One die with `sides` faces: 1..sides. */
  roll(sides: number): number;
}

/** sfc32: small, fast, and good enough for dice; its whole state is four 32-bit words. */
function next(s: RngState): number {
  const t = (((s.a + s.b) | 0) + s.d) | 0;
  s.d = (s.d + 1) | 0;
  s.a = s.b ^ (s.b >>> 9);
  s.b = (s.c + (s.c << 3)) | 0;
  s.c = (s.c << 21) | (s.c >>> 11);
  s.c = (s.c + t) | 0;
  return (t >>> 0) / 4294967296;
}

/** Derives a generator state from a seed string (e.g. 128 random bits from the server). */
export function seedRng(seed: string): RngState {
  let h = 1779033703 ^ seed.length;
  const words: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    h = Math.imul(h ^ (h >>> 16), 2246822507 + round);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    words.push((h ^= h >>> 16) >>> 0);
  }
  const s = { a: words[0], b: words[1], c: words[2], d: words[3] };
  for (let i = 0; i < 15; i++) next(s);
  return s;
}

/** A dice source that advances the given generator state in place. */
export function seededDice(state: RngState): DiceSource {
  return { roll: (sides) => 1 + Math.floor(next(state) * sides) };
}

export class DiceExhaustedError extends Error {}

/** Fixed dice for tests: returns the given faces in order and fails loudly when they run out. */
export function fixedDice(faces: number[]): DiceSource & { remaining(): number } {
  const queue = [...faces];
  return {
    roll(sides) {
      const face = queue.shift();
      if (face === undefined) throw new DiceExhaustedError('fixed dice: no face left to roll');
      if (face < 1 || face > sides) throw new DiceExhaustedError(`fixed dice: ${face} is not a face of a d${sides}`);
      return face;
    },
    remaining: () => queue.length,
  };
}

/** An opaque token drawn from the dice, for ids that must not reveal what they name. */
export function drawToken(dice: DiceSource, length = 10): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[dice.roll(alphabet.length) - 1];
  return s;
}
