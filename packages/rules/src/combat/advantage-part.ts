import type { GameState, Unit } from '../state/types';
import type { Modifier } from '../tests/roll';

/**
 * What is fought, for the advantage builder (combat/advantage.ts): shock and
 * duel (§2.7), fire and fire duel (§3.2), a breath attack (§3.1, Souffle).
 */
export type AttackKind = 'shock' | 'duel' | 'fire' | 'fireDuel' | 'breath';

/** Facts of a shot that the target and shooter alone do not tell (§3.2.5). */
export interface ShotSpec {
  /** Hexes the line of sight crosses, the shooter's and the target's excluded (range modifiers, §3.2.5). */
  crossed: number;
  /** Harassment (§3.2.2): no line of sight, no range modifier. */
  harassment: boolean;
  /** Shots combined into this one (§3.2.1.3): 1, or 2 (+2) or 3 (+4) for an archer unit putting all on one target. */
  combined: number;
}

export interface AttackSpec {
  kind: AttackKind;
  /** Supported as the attack will be fought (a charging unit always is, §2.7.3.1); false for fire, which has no support (§3.2.5). */
  supported: boolean;
  /** For fire and fire duel. */
  shot?: ShotSpec;
}

/** One source of modifiers: each names its rule; the builder keeps them all so the dice log and previews can explain the total. */
export type Part = (state: GameState, attacker: Unit, defender: Unit, spec: AttackSpec) => Modifier[];

export function isFire(kind: AttackKind): boolean {
  return kind === 'fire' || kind === 'fireDuel';
}

/** Duels set character against character: the size bonus and malus cancel out (§2.7.1.1, §3.2.4). */
export function isDuel(kind: AttackKind): boolean {
  return kind === 'duel' || kind === 'fireDuel';
}
