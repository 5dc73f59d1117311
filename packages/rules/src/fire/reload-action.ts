import type { ActionRule } from '../actions/action-rule';
import { firstRejection, rulesLevelRefusal } from '../actions/common';
import { reject, Rejection } from '../actions/rejection';
import { directiveRefusal } from '../command/directive';
import { recoveryConditions, unitOf } from '../recovery/common';
import { asPlayed, decoyActed, decoyOnMap } from '../recovery/decoy';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, rollTest, TestOutcome } from '../tests/roll';
import { concludeActivation } from '../turn/conclude';
import { ammunitionOf, restoreAmmunition } from '../units/ammunition';
import { ammunitionSource, supplyDistance } from './ammunition-source';
import { isShooter } from './shooters';

/** Within this supply distance the reload is automatic (§3.2.10, A-7: the sheet's "à moins de 3 Hex"). */
export const AUTOMATIC_RELOAD = 2;
/** The reload test succeeds on 12 or less (§3.2.10.1). */
export const RELOAD_THRESHOLD = 12;

/** How a unit would reload from where it stands: automatically, or by a test with +1 per complete band of 3 hexes. */
export interface Supply {
  /** The source's hex. */
  source: number;
  distance: number;
  automatic: boolean;
  bands: number;
  /** Whether the source is a commander under a cover, whose distance the others must not learn. */
  sourceHidden: boolean;
}

/**
 * Action de Rechargement (§3.2.10, sheet 001). Conditions: a shooter with
 * a diminished or exhausted marker, neither shaken, routed nor exhausted,
 * engaged by no enemy (§3.2.6); under defend, regroup out of reach, a
 * special order, or attack with exhausted ammunition (characters are free);
 * an ammunition source linked to it by a supply path. Procedure: automatic
 * within 2 hexes of the source, else 2D6 + bands ≤ 12; the marker is
 * removed. A decoy reloads as the unit it plays, out of ammunition
 * (§4.5.1), leaving the trace a hidden unit's reload leaves.
 */
export const reloadRule: ActionRule<{ type: 'reload'; piece: string }> = {
  section: '§3.2.10',
  conditions: (state, seat, a) => {
    const played = asPlayed(state, a.piece, { ammunition: 'exhausted' }) ?? state;
    return firstRejection(
      () => engagedAsReload(recoveryConditions(played, seat, a.piece)),
      () => rulesLevelRefusal(state, 'intermediate'),
      () => reloadConditions(played, unitOf(played, a.piece)!),
    );
  },
  procedure(state, _seat, a, dice) {
    const decoy = decoyOnMap(state, a.piece);
    const unit = decoy ? unitOf(asPlayed(state, a.piece, { ammunition: 'exhausted' })!, a.piece)! : unitOf(state, a.piece)!;
    const supply = supplyOf(state, unit)!;
    const test = supply.automatic ? null : reloadTest(state, unit, supply, dice);
    const events: GameEvent[] = test ? [test.event] : [];
    if (decoy) events.push(decoyActed(state, a.piece, 'reload'));
    else if (!test || test.success) events.push(...restoreAmmunition(state, unit, '§3.2.10'));
    return [...events, ...concludeActivation(state, true)];
  },
};

/** The recovery actions' conditions are reload's (sheet 001); engaged, §3.2.6 says it of reloading in its own words. */
function engagedAsReload(r: Rejection | null): Rejection | null {
  return r?.code === 'engagedNoRecovery' ? reject('engagedNoReload') : r;
}

function reloadConditions(state: GameState, unit: Unit): Rejection | null {
  return firstRejection(
    () => (isShooter(unit) ? null : reject('notAShooter')),
    () => (ammunitionOf(unit) === 'full' ? reject('fullAmmunition') : null),
    () => (unit.cohesion !== 'inOrder' || unit.breath === 'exhausted' ? reject('mayNotReload') : null),
    () => (ammunitionSource(state, unit.side) ? null : reject('noAmmunitionSource')),
    () => (supplyOf(state, unit) ? null : reject('noSupplyPath')),
    () => directiveRefusal(state, unit, { type: 'reload' }),
  );
}

/** The unit's supply from its army's source (§3.2.10, A-7), or null when none reaches it. */
export function supplyOf(state: GameState, unit: Unit): Supply | null {
  const source = ammunitionSource(state, unit.side);
  if (!source) return null;
  const distance = supplyDistance(state.board, source.hex, unit.hex);
  if (distance === null) return null;
  return { source: source.hex, distance, automatic: distance <= AUTOMATIC_RELOAD, bands: Math.floor(distance / 3), sourceHidden: source.hidden };
}

/**
 * Test de Rechargement (§3.2.10.1). Told as any test of the unit (its
 * owner alone when it is under a cover); when the source is a commander
 * under a cover the band modifier would tell the others how far he stands,
 * so the test is its side's alone then.
 */
function reloadTest(state: GameState, unit: Unit, supply: Supply, dice: DiceSource): TestOutcome {
  const modifiers = supply.bands > 0 ? [mod(supply.bands, `${supply.bands} tranche(s) de 3 hex jusqu'à la source`, `${supply.bands} band(s) of 3 hexes to the source`, '§3.2.10.1')] : [];
  const outcome = rollTest(state, dice, { test: 'reload', subject: unit.id, threshold: RELOAD_THRESHOLD, modifiers, section: '§3.2.10.1' });
  if (!supply.sourceHidden) return outcome;
  return { ...outcome, event: { ...outcome.event, audience: { to: 'owner', side: unit.side } } };
}
