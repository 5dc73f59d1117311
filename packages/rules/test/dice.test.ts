import { chachaBlock, seededDice, seedRng } from '../src/state/dice';

describe('the dice (ChaCha20 keystream)', () => {
  test('RFC 8439 A.1 test vector #1: the all-zero key, block 0', () => {
    const words = chachaBlock([0, 0, 0, 0, 0, 0, 0, 0], 0);
    expect(words.slice(0, 4).map((w) => w.toString(16))).toEqual(['ade0b876', '903df1a0', 'e56a5d40', '28bd8653']);
  });

  test('RFC 8439 A.1 test vector #2: the all-zero key, block 1', () => {
    const words = chachaBlock([0, 0, 0, 0, 0, 0, 0, 0], 1);
    expect(words[0].toString(16)).toBe('bee7079f');
  });

  test('a seed replays the same rolls; another seed does not', () => {
    const roll = (seed: string) => {
      const dice = seededDice(seedRng(seed));
      return Array.from({ length: 40 }, () => dice.roll(6));
    };
    expect(roll('0123456789abcdef0123456789abcdef')).toEqual(roll('0123456789abcdef0123456789abcdef'));
    expect(roll('0123456789abcdef0123456789abcdef')).not.toEqual(roll('0123456789abcdef0123456789abcdee'));
  });

  test('every face of a die comes up about as often (fair dice)', () => {
    const dice = seededDice(seedRng('fairness'));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[dice.roll(6) - 1] += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
  });

  test('the generator state survives a JSON round trip (saved battles resume their dice)', () => {
    const state = seedRng('resume');
    const dice = seededDice(state);
    for (let i = 0; i < 21; i++) dice.roll(6);
    const copy = JSON.parse(JSON.stringify(state));
    expect(Array.from({ length: 20 }, () => seededDice(copy).roll(12))).toEqual(Array.from({ length: 20 }, () => dice.roll(12)));
  });
});
