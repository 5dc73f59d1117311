import { capacityRank, formationTable } from '../data';
import type { FormationMode } from '../data/schemas';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier, rollTest } from '../tests/roll';
import { concludeActivation } from '../turn/conclude';
import { hasFaculty } from '../units/abilities';
import { bodyHexes } from '../units/body';
import { adjacentEnemies, engagedBy } from '../units/engagement';
import { effectsOfMode, isFormation, modeOf, modesOpen } from '../units/formation';
import type { ActionRule } from './action-rule';
import { firstRejection } from './common';
import {
  actor,
  formationConditions,
  inOrderAndBreathing,
  standingIn,
} from './formation-conditions';
import { reject, Rejection } from './rejection';

export type ChangeModeAction = { type: 'changeMode'; piece: string; mode: FormationMode };

/**
 * Action Changer le mode d'une Formation (§3.3.14, sheet 001): a formation
 * neither shaken nor exhausted, adjacent to no enemy or only to enemies with
 * a contact or charge marker, takes one of the modes open to it. Away from
 * the enemy the change is automatic; adjacent, it passes an organisation
 * test first. Hedgehog is refused to a formation stacked with another large
 * unit (sheet 000 Empilement).
 */
export const changeModeRule: ActionRule<ChangeModeAction> = {
  section: '§3.3.14',
  conditions: formationConditions((state, unit, a: ChangeModeAction) =>
    modeConditions(state, unit, a.mode),
  ),
  procedure(state, _seat, a, dice) {
    const f = actor(state, a.piece);
    const events: GameEvent[] = [];
    if (adjacentEnemies(state, f).length > 0) {
      const outcome = organisationTest(state, f, dice);
      events.push(outcome.event);
      if (!outcome.success) return [...events, ...concludeActivation(state, true)];
    }
    if (a.mode === 'march') delete f.formationMode;
    else f.formationMode = a.mode;
    events.push(event({ type: 'formationModeChanged', unit: f.id, mode: a.mode }, '§3.3.14'));
    return [...events, ...concludeActivation(state, true)];
  },
};

function modeConditions(state: GameState, f: Unit, mode: FormationMode): Rejection | null {
  return firstRejection(
    () => (isFormation(f) ? null : reject('notAFormation')),
    () => inOrderAndBreathing(f),
    () =>
      adjacentEnemies(state, f).some((e) => e.shock === 'none') ? reject('modeNearEnemy') : null,
    () => (modesOpen(f).includes(mode) ? null : reject('modeNotOpen')),
    () => (modeOf(f) === mode ? reject('sameMode') : null),
    () => (effectsOfMode(mode).smallStackOnly && stackedWithLarge(state, f) ? reject('hedgehogStacked') : null),
  );
}

/** Another large unit in either hex, a decoy weighing as the unit it imitates (sheet 000 Leurres). */
function stackedWithLarge(state: GameState, f: Unit): boolean {
  return bodyHexes(f).some((h) => standingIn(state, h, [f.id]).some((u) => u.size === 'large'));
}

/**
 * The organisation test (§3.3.14, l.2409-2413; S1 l.102-108): 2D6, −2 with
 * Manoeuvre, +1 for each enemy unit engaging the formation, at or under its
 * weapon capacity's threshold (10/9/8/7/6); a double 1 always succeeds.
 */
export function organisationTest(state: GameState, f: Unit, dice: DiceSource) {
  return rollTest(state, dice, {
    test: 'organisation',
    subject: f.id,
    threshold: organisationThreshold(f),
    modifiers: organisationModifiers(state, f),
    naturals: 'success',
    section: '§3.3.14',
  });
}

export function organisationThreshold(f: Unit): number {
  return capacityRank(f.profiles.weapon.capacity).testThreshold;
}

export function organisationModifiers(state: GameState, f: Unit): Modifier[] {
  const o = formationTable.organisation;
  const mods: Modifier[] = [];
  if (hasFaculty(f, 'manoeuvre'))
    mods.push(mod(o.manoeuvreModifier, 'Faculté Manœuvre', 'Manoeuvre faculty', '§3.3.14'));
  const engaging = engagedBy(state, f).length;
  if (engaging > 0)
    mods.push(
      mod(
        o.perEngagingEnemy * engaging,
        `${engaging} unité(s) ennemie(s) engageant la formation`,
        `${engaging} enemy unit(s) engaging the formation`,
        '§3.3.14',
      ),
    );
  return mods;
}
