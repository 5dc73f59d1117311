import type { Pairing } from './model';

/** One round of a schedule: who meets whom, and who sits out (odd counts). */
export interface ScheduledRound {
  pairings: Pairing[];
  bye: string | null;
}

/**
 * A full round-robin by the circle method: the first player stays put, the
 * others turn one place each round, so everyone meets everyone exactly once
 * over n-1 rounds (n rounded up to even; the extra place is the bye).
 * Sides then alternate: each pairing gives the first side to whichever of
 * its two players has had it less often so far, which keeps every player
 * within one game of an even split.
 */
export function roundRobin(playerIds: readonly string[]): ScheduledRound[] {
  const places: (string | null)[] = [...playerIds];
  if (places.length % 2 === 1) places.push(null);
  const n = places.length;
  const firsts = new Map<string, number>(playerIds.map((p) => [p, 0]));
  const rounds: ScheduledRound[] = [];
  let ring = places.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const order = [places[0], ...ring];
    const round: ScheduledRound = { pairings: [], bye: null };
    for (let i = 0; i < n / 2; i++) {
      const a = order[i];
      const b = order[n - 1 - i];
      if (a === null || b === null) {
        round.bye = a ?? b;
        continue;
      }
      round.pairings.push(sidesFor(a, b, r, firsts));
    }
    rounds.push(round);
    // The circle turns: the last place comes to the front of the ring.
    ring = [ring[ring.length - 1], ...ring.slice(0, -1)];
  }
  return rounds;
}

/** The first side to the player who had it less; on a tie, alternate by round so the fixed player swaps each round. */
function sidesFor(a: string, b: string, round: number, firsts: Map<string, number>): Pairing {
  const fa = firsts.get(a)!;
  const fb = firsts.get(b)!;
  const aFirst = fa !== fb ? fa < fb : round % 2 === 0;
  const pairing = aFirst ? { first: a, second: b } : { first: b, second: a };
  firsts.set(pairing.first, firsts.get(pairing.first)! + 1);
  return pairing;
}

/** What a Swiss round is drawn from: the standings order and what happened before. */
export interface SwissHistory {
  /** Player ids in standings order, best first (score, then victory points: standings.ts). */
  ranking: readonly string[];
  /** Every pairing of the earlier rounds. */
  played: readonly Pairing[];
  /** Players who already sat a round out. */
  byes: readonly string[];
  /** How many rounds came before (a tie on sides alternates with it, as in the round-robin). */
  rounds: number;
}

/** Past this many tries the search gives up on avoiding rematches (late rounds of a small field may have no way to). */
const SWISS_BUDGET = 200_000;

/**
 * The next round of a Swiss system: players in standings order are paired
 * top-down, each with the best-ranked player left whom they have not met,
 * backtracking when the rest could not then be paired without a rematch.
 * With an odd count, the bye goes to the lowest-ranked player who has not had
 * one and whose absence leaves a rematch-free round. When no rematch-free
 * round exists, rematches are allowed, still top-down; a second bye comes
 * only when every player has had one. Sides as in the
 * round-robin: the first side to whoever had it less often.
 */
export function swissRound(h: SwissHistory): ScheduledRound {
  const met = new Set(h.played.map((p) => pairKey(p.first, p.second)));
  const hadBye = new Set(h.byes);
  const firsts = new Map<string, number>(h.ranking.map((p) => [p, 0]));
  for (const p of h.played) if (firsts.has(p.first)) firsts.set(p.first, firsts.get(p.first)! + 1);
  // Lowest-ranked first; those who already had a bye only when nobody else can sit out.
  const fresh = [...h.ranking].reverse().filter((p) => !hadBye.has(p));
  const again = [...h.ranking].reverse().filter((p) => hadBye.has(p));
  const odd = h.ranking.length % 2 === 1;
  // A second bye (a free win) is worse than a rematch: it is given only when every fresh bye fails.
  const tries: [ReadonlySet<string>, (string | null)[]][] = odd
    ? [
        [met, fresh],
        [new Set(), fresh],
        [met, again],
        [new Set(), again],
      ]
    : [
        [met, [null]],
        [new Set(), [null]],
      ];
  for (const [avoid, candidates] of tries) {
    for (const bye of candidates) {
      const pairs = pairTopDown(
        h.ranking.filter((p) => p !== bye),
        avoid,
        { left: SWISS_BUDGET },
      );
      if (pairs) return { pairings: pairs.map(([a, b]) => sidesFor(a, b, h.rounds, firsts)), bye };
    }
  }
  throw new Error('unreachable: top-down pairing with rematches allowed always succeeds');
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** The first player left with the best-ranked opponent it has not met, the rest paired likewise; null when there is no way. */
function pairTopDown(
  left: readonly string[],
  met: ReadonlySet<string>,
  budget: { left: number },
): [string, string][] | null {
  if (left.length === 0) return [];
  const [a, ...others] = left;
  for (const b of others) {
    if (met.has(pairKey(a, b))) continue;
    if (--budget.left < 0) return null;
    const rest = pairTopDown(
      others.filter((x) => x !== b),
      met,
      budget,
    );
    if (rest) return [[a, b], ...rest];
  }
  return null;
}
