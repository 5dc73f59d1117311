/** Round-robin pairings (circle method) and the CSV writer of the organiser API (issue 12). */
import { csvField, toCsv } from '../../src/organiser/csv';
import { roundRobin } from '../../src/organiser/pairings';

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

test('4 players: 6 battles over 3 rounds, each pair meets once, sides within one of even', () => {
  const rounds = roundRobin(players(4));
  expect(rounds).toHaveLength(3);
  const pairs = rounds.flatMap((r) => r.pairings);
  expect(pairs).toHaveLength(6);
  expect(new Set(pairs.map((p) => [p.first, p.second].sort().join('-'))).size).toBe(6);
  for (const r of rounds) expect(new Set(r.pairings.flatMap((p) => [p.first, p.second])).size).toBe(4);
  for (const p of players(4)) {
    const firsts = pairs.filter((x) => x.first === p).length;
    const seconds = pairs.filter((x) => x.second === p).length;
    expect(Math.abs(firsts - seconds)).toBeLessThanOrEqual(1);
  }
});

test.each([3, 5, 6, 7, 8, 10])('%i players: everyone meets everyone once, one bye each when odd, sides balanced', (n) => {
  const rounds = roundRobin(players(n));
  const pairs = rounds.flatMap((r) => r.pairings);
  expect(pairs).toHaveLength((n * (n - 1)) / 2);
  expect(new Set(pairs.map((p) => [p.first, p.second].sort().join('-'))).size).toBe(pairs.length);
  const byes = rounds.map((r) => r.bye).filter((b) => b !== null);
  expect(byes.sort()).toEqual(n % 2 ? players(n).sort() : []);
  for (const p of players(n)) {
    const diff = pairs.filter((x) => x.first === p).length - pairs.filter((x) => x.second === p).length;
    expect(Math.abs(diff)).toBeLessThanOrEqual(1);
  }
});

test('CSV quotes commas, quotes and line breaks, and neutralises formulas', () => {
  expect(csvField('Dupont, Jean')).toBe('"Dupont, Jean"');
  expect(csvField('Le "Rouge"')).toBe('"Le ""Rouge"""');
  expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  for (const f of ['+1', '-2', '@SUM(A1)']) expect(csvField(f)).toBe(`'${f}`);
  expect(csvField(-2)).toBe('-2');
  expect(toCsv(['a', 'b'], [['x', 1]])).toBe('a,b\r\nx,1\r\n');
});
