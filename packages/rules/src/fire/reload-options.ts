import type { Rejection } from '../actions/rejection';
import { asPlayed } from '../recovery/decoy';
import { unitOf } from '../recovery/common';
import type { GameState, Seat } from '../state/types';
import { seatView } from './fire-action';
import { RELOAD_THRESHOLD, reloadRule, supplyOf } from './reload-action';
import { testChance } from '../tests/odds';

/** What the reload panel shows (§3.2.10): whether the unit may reload, how far its source is, and its odds. */
export interface ReloadOption {
  allowed: boolean;
  rejection?: Rejection;
  /** The source's hex, as the seat knows it; absent when no supply path reaches the unit. */
  source?: number;
  /** Hexes of the supply path to the source. */
  distance?: number;
  automatic?: boolean;
  /** The test's modifier: +1 per complete band of 3 hexes (§3.2.10.1). */
  bands?: number;
  /** Probability that the marker comes off: 1 when automatic. */
  chance?: number;
}

/** The reload as the seat sees it: judged on its view, a decoy as the unit it plays. */
export function reloadOption(state: GameState, seat: Seat, piece: string): ReloadOption {
  const view = seatView(state, seat);
  const rejection = reloadRule.conditions(view, seat, { type: 'reload', piece });
  const played = asPlayed(view, piece, { ammunition: 'exhausted' }) ?? view;
  const unit = unitOf(played, piece);
  const supply = unit && unit.side === seat ? supplyOf(played, unit) : null;
  const base = rejection ? { allowed: false, rejection } : { allowed: true };
  if (!supply) return base;
  return { ...base, source: supply.source, distance: supply.distance, automatic: supply.automatic, bands: supply.bands, chance: supply.automatic ? 1 : testChance(RELOAD_THRESHOLD - supply.bands) };
}
