/**
 * Swiss pairings (issue 12, "pairings … generated round-robin / Swiss from
 * the standings"): top-down by standings, no rematch (backtracking), the bye
 * to the lowest-ranked player without one, sides as in the round-robin.
 */
import type { Pairing } from '../../src/organiser/model';
import { swissRound, type SwissHistory } from '../../src/organiser/pairings';

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const key = (p: Pairing) => [p.first, p.second].sort().join('-');

test('round 1: the standings order paired top-down (1–2, 3–4), the first side to the better-ranked on a tie', () => {
  expect(swissRound({ ranking: players(4), played: [], byes: [], rounds: 0 })).toEqual({
    pairings: [
      { first: 'p1', second: 'p2' },
      { first: 'p3', second: 'p4' },
    ],
    bye: null,
  });
});

test('round 2: winners meet winners; the first side goes to whoever had it less (p2, p4 had the second side)', () => {
  const round = swissRound({
    ranking: ['p1', 'p3', 'p2', 'p4'],
    played: [
      { first: 'p1', second: 'p2' },
      { first: 'p3', second: 'p4' },
    ],
    byes: [],
    rounds: 1,
  });
  // p1 and p3 both had the first side once: the tie alternates with the round (odd: the lower-ranked takes it)
  expect(round.pairings).toEqual([
    { first: 'p3', second: 'p1' },
    { first: 'p4', second: 'p2' },
  ]);
});

test('no rematch: 1–2 would leave 3–4, who have met, so the search backtracks to 1–3, 2–4', () => {
  const round = swissRound({
    ranking: players(4),
    played: [{ first: 'p3', second: 'p4' }],
    byes: [],
    rounds: 1,
  });
  expect(round.pairings.map(key)).toEqual(['p1-p3', 'p2-p4']);
});

test('the bye skips a player whose absence would force a rematch: p1 has met p2, p3, p4, so p5 must play p1 and p4 sits out', () => {
  const played = [
    { first: 'p1', second: 'p2' },
    { first: 'p3', second: 'p1' },
    { first: 'p1', second: 'p4' },
  ];
  const round = swissRound({ ranking: players(5), played, byes: [], rounds: 3 });
  expect(round.bye).toBe('p4');
  expect(round.pairings.map(key)).toEqual(['p1-p5', 'p2-p3']);
});

test('odd count: the bye goes to the lowest-ranked player who has not had one (p5 had it, so p4)', () => {
  const round = swissRound({
    ranking: players(5),
    played: [
      { first: 'p1', second: 'p2' },
      { first: 'p3', second: 'p4' },
    ],
    byes: ['p5'],
    rounds: 1,
  });
  expect(round.bye).toBe('p4');
  expect(round.pairings.map(key)).toEqual(['p1-p3', 'p2-p5']);
});

test('the bye passes up past a player who had one: p3 sat out already, so p2 does (and p1–p3 is no rematch)', () => {
  const round = swissRound({
    ranking: ['p1', 'p2', 'p3'],
    played: [{ first: 'p1', second: 'p2' }],
    byes: ['p3'],
    rounds: 1,
  });
  expect(round.bye).toBe('p2');
  expect(round.pairings.map(key)).toEqual(['p1-p3']);
});

// A Swiss is shorter than a round-robin (late rounds of a greedy draw may have no rematch-free way left): ⌈n/2⌉ rounds here.
test.each([5, 7, 9, 15])(
  '%i players over ⌈n/2⌉ rounds with a shifting ranking: never a rematch, never a second bye',
  (n) => {
    const history: SwissHistory = { ranking: players(n), played: [], byes: [], rounds: 0 };
    const rounds = Math.ceil(n / 2);
    for (let r = 0; r < rounds; r++) {
      // any ranking will do: rotate it so that the top and bottom change every round
      const ranking = players(n).map((_, i) => `p${((i + r * 2) % n) + 1}`);
      const round = swissRound({ ...history, ranking });
      expect(round.pairings).toHaveLength((n - 1) / 2);
      const seated = [...round.pairings.flatMap((p) => [p.first, p.second]), round.bye];
      expect(new Set(seated).size).toBe(n);
      history.played = [...history.played, ...round.pairings];
      history.byes = [...history.byes, round.bye!];
      history.rounds += 1;
    }
    expect(new Set(history.played.map(key)).size).toBe(history.played.length);
    expect(new Set(history.byes).size).toBe(rounds);
  },
);

test('3 players over 3 rounds: the bye rotates through all three, and all three pairs meet once', () => {
  const history: SwissHistory = { ranking: players(3), played: [], byes: [], rounds: 0 };
  const rankings = [
    ['p1', 'p2', 'p3'],
    ['p1', 'p3', 'p2'],
    ['p3', 'p1', 'p2'],
  ];
  for (const ranking of rankings) {
    const round = swissRound({ ...history, ranking });
    history.played = [...history.played, ...round.pairings];
    history.byes = [...history.byes, round.bye!];
    history.rounds += 1;
  }
  expect(history.byes).toEqual(['p3', 'p2', 'p1']);
  expect(history.played.map(key)).toEqual(['p1-p2', 'p1-p3', 'p2-p3']);
});

test('when every pair has met, a rematch is the only way: still top-down, still everyone seated', () => {
  const played = [
    { first: 'p1', second: 'p2' },
    { first: 'p3', second: 'p4' },
    { first: 'p1', second: 'p3' },
    { first: 'p2', second: 'p4' },
    { first: 'p1', second: 'p4' },
    { first: 'p2', second: 'p3' },
  ];
  expect(
    swissRound({ ranking: players(4), played, byes: [], rounds: 3 }).pairings.map(key),
  ).toEqual(['p1-p2', 'p3-p4']);
});

test('sides over a 6-player Swiss of 5 rounds: every player within one game of an even split', () => {
  const history: SwissHistory = { ranking: players(6), played: [], byes: [], rounds: 0 };
  for (let r = 0; r < 5; r++) {
    const round = swissRound({
      ...history,
      ranking: players(6).map((_, i) => `p${((i + r) % 6) + 1}`),
    });
    history.played = [...history.played, ...round.pairings];
    history.rounds += 1;
  }
  for (const p of players(6)) {
    const diff =
      history.played.filter((x) => x.first === p).length -
      history.played.filter((x) => x.second === p).length;
    expect(Math.abs(diff)).toBeLessThanOrEqual(1);
  }
});
