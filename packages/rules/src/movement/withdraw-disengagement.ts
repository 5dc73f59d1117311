import { directionTo } from '../geometry/hex';
import { Zone, zoneOf } from '../geometry/facing';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier, rollTest } from '../tests/roll';
import { movementPoints, zoneSize } from '../units/abilities';
import { loseCohesion, loseStep } from '../units/condition';
import { dodgeModifiers } from '../units/dodge';
import { engagedBy } from '../units/engagement';
import { moraleThreshold } from '../units/morale';

/**
 * Le Test de Dégagement (§2.6.14.1), owed at the end of a withdrawal or a
 * flight by a unit that was engaged when the action began. What the test
 * needs is taken at the start: who engaged the unit, from which zone.
 */
export interface EngagedAtStart {
  engagers: Unit[];
  /** Zone of the unit each engager stood in, by engager id. */
  zones: Map<string, Zone>;
}

export function engagedAtStart(state: GameState, unit: Unit): EngagedAtStart {
  const engagers = engagedBy(state, unit).map((e) => ({ ...e }));
  const zones = new Map<string, Zone>();
  for (const e of engagers) {
    const dir = directionTo(state.board, unit.hex, e.hex);
    zones.set(e.id, dir === -1 ? 'front' : zoneOf(zoneSize(unit), unit.facing, dir));
  }
  return { engagers, zones };
}

/** §2.6.14.1 cases 1–2: a withdrawal owes the test when an in-order engager stood on the flank or rear, or had a contact or charge marker. */
export function withdrawalOwesTest(start: EngagedAtStart): boolean {
  return start.engagers.some((e) => e.cohesion === 'inOrder' && (start.zones.get(e.id) !== 'front' || e.shock !== 'none'));
}

/** §2.6.14.1 case 3: a flight owes it when an engager was neither routed nor exhausted. */
export function flightOwesTest(start: EngagedAtStart): boolean {
  return start.engagers.some((e) => e.cohesion !== 'routed' && e.breath !== 'exhausted');
}

/** All the modifiers of §2.6.14.1; positive ones make the test harder. */
export function disengagementModifiers(state: GameState, unit: Unit, start: EngagedAtStart, flight: boolean): Modifier[] {
  const s = '§2.6.14.1';
  const mp = movementPoints(unit);
  const es = start.engagers;
  const mods: Modifier[] = [];
  if (es.every((e) => mp > movementPoints(e))) mods.push(mod(-2, 'Plus rapide que tous ses ennemis', 'Faster than every engaging enemy', s));
  if (es.some((e) => mp < movementPoints(e))) mods.push(mod(2, "Moins rapide qu'un ennemi", 'Slower than an engaging enemy', s));
  if (flight && es.some((e) => engagedElsewhere(state, e, unit).length === 0)) mods.push(mod(1, "Un ennemi n'est engagé par personne d'autre", 'An enemy is engaged by no one else', s));
  if (es.some((e) => e.shock === 'charge')) mods.push(mod(2, 'Un ennemi charge', 'An enemy charges', s));
  else if (es.some((e) => e.shock === 'contact')) mods.push(mod(1, 'Un ennemi au contact', 'An enemy in contact', s));
  const zones = [...start.zones.values()];
  if (zones.includes('flank')) mods.push(mod(1, 'Engagée par le flanc', 'Engaged from the flank', s));
  if (zones.includes('rear')) mods.push(mod(2, "Engagée par l'arrière", 'Engaged from the rear', s));
  if (unit.breath === 'exhausted') mods.push(mod(1, 'À bout de souffle', 'Exhausted', s));
  // §3.1 Esquive (FAC-02): the dodging unit disengages more easily.
  mods.push(...dodgeModifiers(unit));
  return mods;
}

/** The units that engage `enemy`, other than `unit` (on the state as it stands). */
function engagedElsewhere(state: GameState, enemy: Unit, unit: Unit): Unit[] {
  const live = state.units.find((u) => u.id === enemy.id);
  if (!live || live.hex < 0) return [];
  return engagedBy(state, live).filter((o) => o.id !== unit.id);
}

/**
 * Rolls the test (one at most, whatever the reasons). On failure magic and
 * steady units, and shaken demonic ones, lose a step; others a level of
 * cohesion — a shaken formation breaks, the extra step of odd steps in
 * `heavier` (§3.3.1.3, A-42).
 */
export function disengagementTest(state: GameState, unit: Unit, start: EngagedAtStart, flight: boolean, dice: DiceSource, heavier?: number): GameEvent[] {
  const modifiers = disengagementModifiers(state, unit, start, flight);
  const out = rollTest(state, dice, { test: 'disengagement', subject: unit.id, threshold: moraleThreshold(state, unit), modifiers, section: '§2.6.14.1' });
  if (out.success) return [out.event];
  const cls = unit.profiles.morale.class;
  const stepInstead = cls === 'magic' || cls === 'steady' || (cls === 'demonic' && unit.cohesion !== 'inOrder');
  const loss = stepInstead ? loseStep(state, unit, 'disengagement', '§2.6.14.1') : loseCohesion(state, unit, 'disengagement', '§2.6.14.1', heavier);
  return [out.event, ...loss];
}
