import { formationTable } from '../data';
import { FORMATION_MODES, type Capacity, type FormationMode, type FormationTable } from '../data/schemas';
import type { GameState, Profiles, Unit } from '../state/types';
import { hasFaculty } from './abilities';
import { isTwoHex } from './body';

/**
 * What a formation is and is not (§3.3): a unit whose body has two hexes (a
 * double counter is always a formation, l.2144). The rules ask these
 * predicates rather than the body's shape, so that each reads as its rule.
 */

type Shaped = Pick<Unit, 'hex' | 'secondHex'>;

export function isFormation(u: Shaped): boolean {
  return isTwoHex(u);
}

/** Figures on the counter: 2 steps each, the last one bloodied when the steps are odd (§3.3, l.2124; S1 l.128). */
export function figuresOf(steps: number): number {
  return Math.ceil(steps / formationTable.stepsPerFigure);
}

/** The bloodied face (the counter's recto) shows one step fewer than its figures (§3.3, l.2124). */
export function isBloodied(steps: number): boolean {
  return steps % formationTable.stepsPerFigure !== 0;
}

/** Steps a counter shows: 2 per figure, one fewer on its bloodied face (§3.3, l.2124). */
export function stepsShown(figures: number, bloodied: boolean): number {
  return figures * formationTable.stepsPerFigure - (bloodied ? 1 : 0);
}

/** The size limit of a formation of troops of this command capacity, 0 when they may not form (§3.3.2, l.2202-2214). */
export function maxFormationSteps(command: Capacity): number {
  return formationTable.maxStepsByCommand[command];
}

/** Only large simple troops whose command allows it may build formations; small units and characters never (§3.3, l.2116; §3.3.2). */
export function mayForm(u: Pick<Unit, 'kind' | 'size' | 'profiles'> & Shaped): boolean {
  return (
    u.kind === 'troop' &&
    u.size === 'large' &&
    !isFormation(u) &&
    maxFormationSteps(u.profiles.command.capacity) >= formationTable.steps.min
  );
}

/** A formation has 3 to 12 steps; below 3 it breaks (§3.3, l.2124). */
export function formationStepsValid(steps: number): boolean {
  return steps >= formationTable.steps.min && steps <= formationTable.steps.max;
}

/** At its size limit (§3.3.4, §3.3.5): as many steps as its troops' command capacity allows. */
export function atSizeLimit(u: Pick<Unit, 'steps' | 'profiles'>): boolean {
  return u.steps >= maxFormationSteps(u.profiles.command.capacity);
}

/**
 * A formation that stacks with nothing but one small unit (sheet 000
 * Empilement, S0 l.223: from 4 figures; the book, l.2252: at its size
 * limit) — which reading is data.
 */
export function stacksWithOneSmallOnly(u: Pick<Unit, 'steps' | 'profiles'> & Shaped): boolean {
  if (!isFormation(u)) return false;
  const rule = formationTable.noStackFrom;
  return rule === 'sizeLimit' ? atSizeLimit(u) : figuresOf(u.steps) >= rule.figures;
}

/** A formation of at most 4 figures may be crossed; one at its size limit only with Manoeuvre (§3.3.5, l.2254, l.2258). */
export function mayBeCrossed(u: Pick<Unit, 'steps' | 'profiles' | 'faculties'> & Shaped): boolean {
  if (!isFormation(u)) return true;
  if (figuresOf(u.steps) > formationTable.crossableUpToFigures) return false;
  return !atSizeLimit(u) || hasFaculty(u, formationTable.crossableAtLimitWith);
}

/** A formation never routs, hence never rallies (§3.3, l.2145, l.2158). */
export function neverRouts(u: Shaped): boolean {
  return isFormation(u);
}

/** A formation cannot flee (§3.3, l.2146; §3.3.7, l.2280). */
export function neverFlees(u: Shaped): boolean {
  return isFormation(u);
}

/** A formation never charges (§3.3, l.2148; §3.3.7). */
export function neverCharges(u: Shaped): boolean {
  return isFormation(u);
}

/** ...and so never advances after combat (§3.3, l.2148, l.2294). */
export function neverAdvances(u: Shaped): boolean {
  return isFormation(u);
}

/** A formation may be crossed but never crosses anyone (§3.3, l.2151; §3.3.5, l.2258). */
export function neverCrosses(u: Shaped): boolean {
  return isFormation(u);
}

/** A formation shocks or fires once from each of its hexes (§3.3, l.2147; §3.3.8, l.2300, l.2306). */
export function attacksPerAction(u: Shaped): number {
  return isFormation(u) ? 2 : 1;
}

/** A formation's mode (§3.3.6): its marker, march when it has none. */
export function modeOf(u: Partial<Pick<Unit, 'formationMode'>>): FormationMode {
  return u.formationMode ?? 'march';
}

/**
 * What a mode does (data/formations.json): its shock and fire bonus, the
 * movement ranks it costs, hedgehog's all-round front, rotating ranks' free
 * support. Read from the mode alone, never the shape: only a formation has a
 * mode (scenario cross-check, change mode; a break drops it), and the copy a
 * formation attacks as from one hex (combat/attack-hex.ts) keeps it.
 */
export function modeEffects(u: Partial<Pick<Unit, 'formationMode'>>): FormationTable['modes'][FormationMode] {
  return effectsOfMode(modeOf(u));
}

/** What a mode does, named (the change of mode asks it of the mode chosen; the client lists it). */
export function effectsOfMode(mode: FormationMode): FormationTable['modes'][FormationMode] {
  return formationTable.modes[mode];
}

/** The modes open to a formation (§3.3.14, S1 l.99-100): with Manoeuvre march, tortoise, rotating ranks, hedgehog; without it march and shield wall. */
export function modesOpen(u: Pick<Unit, 'faculties'>): FormationMode[] {
  const kind = hasFaculty(u, 'manoeuvre') ? 'manoeuvre' : 'plain';
  return FORMATION_MODES.filter((m) => formationTable.modes[m].with.includes(kind));
}

/**
 * The simple troop counter's profiles of a formation's type (§3.3): what it
 * breaks into. The army lists are missing (PRE-06); without a known troop
 * counter the troops take the formation's own profiles (docs/rule-decisions.md §3.3).
 */
export function troopProfilesOf(state: Pick<GameState, 'troopProfiles'>, f: Pick<Unit, 'type' | 'profiles'>): Profiles {
  return state.troopProfiles?.[f.type] ?? f.profiles;
}

/** The formation counter of a troop type (§3.3, PRE-06), from the scenario; null when the type has none. */
export function formationProfilesOf(state: Pick<GameState, 'formationProfiles'>, type: string): Profiles | null {
  return state.formationProfiles?.[type] ?? null;
}
