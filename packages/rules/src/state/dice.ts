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

/**
 * ChaCha20 (RFC 8439) as the dice: every draw is the next 32-bit word of the
 * keystream under the battle's key. A small fast generator such as sfc32
 * would do for fairness, but the opponent sees many of its outputs (every
 * public die, every cover id) and could work its state out, then tell how
 * many dice were rolled in secret — a hidden unit's owner-only test against
 * a decoy's none. A cipher's keystream gives away nothing of its key or of
 * how far it has run, so the secret rolls stay secret whatever their count.
 */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

function rotl(v: number, n: number): number {
  return (v << n) | (v >>> (32 - n));
}

function quarter(x: number[], a: number, b: number, c: number, d: number): void {
  x[a] = (x[a] + x[b]) | 0; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] = (x[c] + x[d]) | 0; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] = (x[a] + x[b]) | 0; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] = (x[c] + x[d]) | 0; x[b] = rotl(x[b] ^ x[c], 7);
}

/** One 64-byte ChaCha20 block (as 16 words) of the keystream, nonce zero. */
export function chachaBlock(key: readonly number[], counter: number): number[] {
  const input = [...SIGMA, ...key, counter | 0, 0, 0, 0];
  const x = [...input];
  for (let round = 0; round < 10; round++) {
    quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13); quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12); quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14);
  }
  return x.map((v, i) => (v + input[i]) >>> 0);
}

function next(s: RngState): number {
  const value = chachaBlock(s.key, s.block)[s.word];
  s.word += 1;
  if (s.word === 16) {
    s.word = 0;
    s.block += 1;
  }
  return value / 4294967296;
}

/**
 * Derives the key from a seed string. The server's seed is 128 random bits in
 * hex: they become four key words as they are; the other four, and the key of
 * any other seed (tests use words), are the seed's characters folded in.
 */
export function seedRng(seed: string): RngState {
  const key = [0, 0, 0, 0, 0, 0, 0, 0];
  const hex = /^[0-9a-f]{32,64}$/i.test(seed) ? seed : '';
  for (let i = 0; i < hex.length / 8; i++) key[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16) | 0;
  let h = 0x9e3779b9 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 0x85ebca6b);
    h = rotl(h, 13);
    const slot = hex ? 4 + (i % 4) : i % 8;
    key[slot] = (key[slot] ^ Math.imul(h, 0xc2b2ae35)) | 0;
  }
  // Mix once through the cipher so that neighbouring seeds give unrelated keys.
  return { key: chachaBlock(key, -1).slice(0, 8), block: 0, word: 0 };
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
