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
