import type { Tournament } from './model';

/** How a battle ended, as standings count it: the winner's player id (null: draw) and each player's victory points. */
export interface BattleOutcome {
  winner: string | null;
  points: Record<string, number>;
  /** The battle ended on time (rooms/clock.ts forfeit policy): the players who ran out. */
  forfeit?: { losers: string[]; reason: 'timeout' };
}

export interface Standing {
  rank: number;
  playerId: string;
  name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Win 1, draw ½, loss 0; a bye counts as a win. */
  score: number;
  /** Victory points scored in finished battles (the tie-break). */
  victoryPoints: number;
}

/**
 * The standings from the outcomes known so far (battles not finished nor
 * adjudicated count for nothing yet): score first, then victory points, then
 * name, so the order is the same on every call.
 */
export function standingsOf(t: Tournament, outcomes: ReadonlyMap<string, BattleOutcome>): Standing[] {
  const rows = new Map<string, Standing>(
    t.players.map((p) => [p.id, { rank: 0, playerId: p.id, name: p.name, played: 0, wins: 0, draws: 0, losses: 0, byes: 0, score: 0, victoryPoints: 0 }]),
  );
  for (const round of t.rounds) {
    for (const id of round.byes) {
      const row = rows.get(id);
      if (!row) continue;
      row.byes += 1;
      row.score += 1;
    }
    for (const battle of round.battles) {
      const outcome = outcomes.get(battle.battleId);
      if (outcome) countBattle(rows, battle.sides.map((s) => s.playerId), outcome);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => b.score - a.score || b.victoryPoints - a.victoryPoints || a.name.localeCompare(b.name));
  // Equal score and points share a rank (1, 2, 2, 4).
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    row.rank = prev && prev.score === row.score && prev.victoryPoints === row.victoryPoints ? prev.rank : i + 1;
  });
  return sorted;
}

function countBattle(rows: Map<string, Standing>, players: string[], outcome: BattleOutcome): void {
  for (const id of players) {
    const row = rows.get(id);
    if (!row) continue;
    row.played += 1;
    row.victoryPoints += outcome.points[id] ?? 0;
    if (outcome.winner === null) {
      row.draws += 1;
      row.score += 0.5;
    } else if (outcome.winner === id) {
      row.wins += 1;
      row.score += 1;
    } else row.losses += 1;
  }
}
