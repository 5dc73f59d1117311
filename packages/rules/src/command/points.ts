import { capacityIndex, capacityTable } from '../data';
import type { DiceSource } from '../state/dice';
import type { GameState, Unit } from '../state/types';
import { commandBandsTo } from './distance';
import { stackedWithEngaged } from './commander';

/**
 * Command points (§2.5.9): 1D3 × the multiplier of the character's command
 * capacity, lowered one rank for each of: irregular, stacked with an engaged
 * troop, shaken, exhausted. Below inferior he still gets 1 point, with no roll.
 */
export function loweredSteps(state: GameState, character: Unit): string[] {
  const reasons: string[] = [];
  if (character.profiles.command.class === 'irregular') reasons.push('irregular');
  if (stackedWithEngaged(state, character)) reasons.push('stackedWithEngaged');
  if (character.cohesion === 'shaken') reasons.push('shaken');
  if (character.breath === 'exhausted') reasons.push('exhausted');
  return reasons;
}

export interface CommandRoll {
  /** The D6 rolled, absent below inferior. */
  die?: number;
  /** The rank used, absent below inferior. */
  rank?: string;
  lowered: string[];
  points: number;
}

export function rollCommandPoints(state: GameState, character: Unit, dice: DiceSource): CommandRoll {
  const lowered = loweredSteps(state, character);
  const index = capacityIndex(character.profiles.command.capacity) + lowered.length;
  const rank = capacityTable.ranks[index];
  if (!rank) return { lowered, points: 1 };
  const die = dice.roll(6);
  return { die, rank: rank.id, lowered, points: d3(die) * rank.commandMultiplier };
}

/** 1D3 read on a D6: 1-2 → 1, 3-4 → 2, 5-6 → 3 (§2.5.9). */
export function d3(die: number): number {
  return Math.ceil(die / 2);
}

/**
 * The cost of a special order (§2.5.9): 1, +1 for an irregular unit, +1
 * exhausted, +1 shaken, +2 routed, +1 per full band of 4 hexes between the
 * character and the unit (difficult hexes count 2). A decoy's cost is what
 * its player chooses to spend, at least 1 (sheet 000, Leurres).
 */
export function orderCost(state: GameState, giver: Unit, target: Unit): number {
  let cost = 1;
  if (target.profiles.command.class === 'irregular') cost += 1;
  if (target.breath === 'exhausted') cost += 1;
  if (target.cohesion === 'shaken') cost += 1;
  if (target.cohesion === 'routed') cost += 2;
  return cost + commandBandsTo(state.board, giver.hex, target);
}

