import { tell } from '../fog/announce';
import { unitLost } from '../command/demoralisation';
import { event, GameEvent } from '../state/events';
import type { Breath, GameState, Unit } from '../state/types';
import { hasFaculty } from './abilities';
import { engagedTargets } from './engagement';
import { formationTable } from '../data';
import { isFormation } from './formation';
import { breakFormation } from './formation-break';

/**
 * Changes of a unit's condition (§2.8): cohesion levels (in order → shaken
 * → routed → destroyed), breath levels (fresh → winded → exhausted), steps.
 * Each returns the events that tell it.
 */

const WORSE_BREATH: Record<Breath, Breath> = { fresh: 'winded', winded: 'exhausted', exhausted: 'exhausted' };
const BETTER_BREATH: Record<Breath, Breath> = { fresh: 'fresh', winded: 'fresh', exhausted: 'winded' };

/**
 * Whether a result that adds a level of breath does anything to the unit:
 * a tireless unit ignores them all (§3.1, Infatigable).
 */
export function breathCanWorsen(unit: Pick<Unit, 'faculties'>): boolean {
  return !hasFaculty(unit, 'tireless');
}

/**
 * One more level of breath (§2.8.1); never beyond exhausted. Every result
 * that adds one comes here, so a tireless unit's ignoring it is told here
 * (§3.1), to whoever hears the unit's breath (a hidden unit's owner only).
 */
export function loseBreath(state: GameState, unit: Unit, reason: string, section: string): GameEvent[] {
  if (!breathCanWorsen(unit)) return [tell(state, unit.id, { type: 'breathIgnored', unit: unit.id, reason }, '§3.1')];
  if (unit.breath === 'exhausted') return [];
  unit.breath = WORSE_BREATH[unit.breath];
  return [tell(state, unit.id, { type: 'breathChanged', unit: unit.id, breath: unit.breath, reason }, section)];
}

/** One level of breath back (§2.8.2). */
export function recoverBreath(state: GameState, unit: Unit, section: string): GameEvent[] {
  unit.breath = BETTER_BREATH[unit.breath];
  return [tell(state, unit.id, { type: 'breathChanged', unit: unit.id, breath: unit.breath, reason: 'rest' }, section)];
}

/**
 * One level of cohesion lost (§2.8.3). Magic and steady units are never
 * shaken (§2.8.3.3); demonic units are shaken but never routed. A charging
 * unit that becomes shaken loses its charge marker (§2.8.3.2). A routed unit
 * that loses a level is destroyed.
 */
/**
 * Whether losing a cohesion level does anything to the unit: magical and
 * steady units are never shaken (§2.8.3.3), a demonic one never routs.
 */
export function cohesionCanFall(unit: Pick<Unit, 'profiles' | 'cohesion'>): boolean {
  const cls = unit.profiles.morale.class;
  if (cls === 'magic' || cls === 'steady') return false;
  return !(cls === 'demonic' && unit.cohesion !== 'inOrder');
}

/**
 * `heavier`: where a formation this loss breaks puts the extra step of odd
 * steps (§3.3.1.3, A-42), its owner's choice made with the decision that led
 * here (`breakChoices`); absent, its first hex.
 */
export function loseCohesion(state: GameState, unit: Unit, reason: string, section: string, heavier?: number): GameEvent[] {
  if (!cohesionCanFall(unit)) return [];
  if (isFormation(unit) && unit.cohesion === 'shaken') return shakenFormationLoss(state, unit, reason, heavier);
  if (unit.cohesion === 'routed') return destroyUnit(state, unit, reason, section);
  unit.cohesion = unit.cohesion === 'inOrder' ? 'shaken' : 'routed';
  const events = [tell(state, unit.id, { type: 'cohesionChanged', unit: unit.id, cohesion: unit.cohesion, reason }, section)];
  if (unit.shock === 'charge') events.push(...loseCharge(state, unit, '§2.8.3.2'));
  return events;
}

/**
 * A shaken formation never routs (§3.3, l.2135, l.2145): recoiling or failing
 * its disengagement test it breaks into shaken troops (§3.3.1.2, l.2183,
 * l.2185; §3.3.8, l.2308); any other level it would lose costs it a step
 * instead ("elle perd un Pas ou se Brise à la place", A-26), which at three
 * steps breaks it (l.2124).
 */
const BREAKS_SHAKEN_FORMATION: ReadonlySet<string> = new Set(['recoil', 'disengagement']);

function shakenFormationLoss(state: GameState, unit: Unit, reason: string, heavier?: number): GameEvent[] {
  if (BREAKS_SHAKEN_FORMATION.has(reason)) return breakFormation(state, unit, 'cohesion', '§3.3.1.3', heavier);
  return loseStep(state, unit, reason, '§3.3');
}

/** Whether a level of cohesion lost for `reason` would break the unit: a shaken formation recoiling or failing its disengagement test. */
export function cohesionLossBreaks(unit: Unit, reason: string): boolean {
  return cohesionCanFall(unit) && isFormation(unit) && unit.cohesion === 'shaken' && BREAKS_SHAKEN_FORMATION.has(reason);
}

/**
 * The owner's choices of where the extra step goes (§3.3.1.3, A-42) when a
 * level of cohesion lost for `reason` breaks the formation, of `steps`
 * steps, standing on `hexes`: either hex when the steps are odd; none to
 * make (one `undefined`) when they are even or nothing breaks.
 */
export function breakChoices(unit: Unit, reason: string, steps: number, hexes: readonly number[]): (number | undefined)[] {
  return cohesionLossBreaks(unit, reason) && steps % 2 === 1 ? [...hexes] : [undefined];
}

export function regainCohesion(state: GameState, unit: Unit, reason: string, section: string): GameEvent[] {
  unit.cohesion = unit.cohesion === 'routed' ? 'shaken' : 'inOrder';
  return [tell(state, unit.id, { type: 'cohesionChanged', unit: unit.id, cohesion: unit.cohesion, reason }, section)];
}

/**
 * The charge marker comes off (§2.6.9): the unit takes a level of breath and
 * keeps a contact marker if it engages an enemy — unless the rule says the
 * marker simply goes (`toContact: false`, §2.7.6: only §2.7.4 and §2.8.3.2
 * turn it to contact in so many words).
 */
export function loseCharge(state: GameState, unit: Unit, section: string, toContact = true): GameEvent[] {
  if (unit.shock !== 'charge') return [];
  unit.shock = toContact && engagedTargets(state, unit).length > 0 ? 'contact' : 'none';
  const events = [tell(state, unit.id, { type: 'chargeLost', unit: unit.id, now: unit.shock }, section)];
  return [...events, ...loseBreath(state, unit, 'chargeLost', '§2.6.9')];
}

/**
 * One step lost (§2.1); the last one destroys the unit. A hidden unit's
 * steps are its owner's to know (a faculty's roll can cost one under its
 * cover, §3.1); its destruction is everyone's.
 */
export function loseStep(state: GameState, unit: Unit, reason: string, section: string): GameEvent[] {
  unit.steps -= 1;
  if (unit.steps <= 0) return destroyUnit(state, unit, reason, section);
  const events = [tell(state, unit.id, { type: 'stepLost', unit: unit.id, steps: unit.steps, reason }, section)];
  // Below three steps a formation is broken at once, its troops as it was (§3.3, l.2124; A-73).
  if (isFormation(unit) && unit.steps < formationTable.steps.min) events.push(...breakFormation(state, unit, 'steps', '§3.3'));
  return events;
}

/** The unit leaves the game. */
export function destroyUnit(state: GameState, unit: Unit, reason: string, section: string): GameEvent[] {
  const hex = unit.hex;
  unit.steps = 0;
  unit.hex = -1;
  delete unit.secondHex;
  unit.destroyed = true;
  unit.hidden = false;
  delete unit.coverId;
  unit.shock = 'none';
  unitLost(state, unit);
  return [event({ type: 'unitDestroyed', unit: unit.id, hex, reason }, section)];
}
