import { combatResults } from '../data';

/**
 * The combat results table (§2.7.4), read from data: the column of an
 * advantage, the losses of a 2D6 total, and the exact odds of each number of
 * losses for the client's preview.
 */

export function columnIndex(advantage: number): number {
  return combatResults.columns.findIndex((c) => (c.min === undefined || advantage >= c.min) && (c.max === undefined || advantage <= c.max));
}

export function columnLabel(advantage: number): string {
  return combatResults.columns[columnIndex(advantage)].label;
}

/** Losses inflicted on the defender by a 2D6 total (2..12) at this advantage. */
export function lossesFor(advantage: number, total: number): number {
  const row = (combatResults.rows as Record<string, number[]>)[String(total)];
  return row[columnIndex(advantage)];
}

/** Probability of each number of losses (0..3) over the 36 equally likely 2D6 rolls. */
export function lossOdds(advantage: number): Record<number, number> {
  const odds: Record<number, number> = { 0: 0, 1: 0, 2: 0 };
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const n = lossesFor(advantage, a + b);
      odds[n] = (odds[n] ?? 0) + 1 / 36;
    }
  }
  return odds;
}
