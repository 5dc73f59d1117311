import { formationTable } from '../data';
import type { Ammunition } from '../data/schemas';
import { event, type GameEvent } from '../state/events';
import type { Breath, GameState, Unit } from '../state/types';
import { bodyHexes } from './body';
import { ammunitionOf } from './ammunition';
import { isFormation } from './formation';

/**
 * What the formation actions do to the units themselves (§3.3.9–3.3.13):
 * merge troops into one unit, make the troops a formation releases, and
 * keep the steps lost on the way. The actions and the forced break ask
 * these, so each merge and each release is done once.
 */

/** A simple troop at full strength: two steps, one figure of a formation (§3.3, l.2124, l.2216). */
const TROOP_FULL_STEPS = formationTable.stepsPerFigure;

const BREATH_ORDER: readonly Breath[] = ['fresh', 'winded', 'exhausted'];
const AMMUNITION_ORDER: readonly Ammunition[] = ['full', 'diminished', 'exhausted'];

/** The worst breath of the units (S1: "hérite du pire État d'Essoufflement"). */
export function worstBreath(units: readonly Pick<Unit, 'breath'>[]): Breath {
  return BREATH_ORDER[Math.max(...units.map((u) => BREATH_ORDER.indexOf(u.breath)))];
}

/** The worst ammunition marker of the units (S1: "et de Munitions"). */
export function worstAmmunition(units: readonly Pick<Unit, 'ammunition'>[]): Ammunition {
  return AMMUNITION_ORDER[Math.max(...units.map((u) => AMMUNITION_ORDER.indexOf(ammunitionOf(u))))];
}

/** Steps a unit has lost since the battle began, its merged troops' included (the victory count, §2.4). */
export function lostSteps(u: Pick<Unit, 'maxSteps' | 'steps' | 'absorbedLosses'>): number {
  return Math.max(0, u.maxSteps - u.steps) + (u.absorbedLosses ?? 0);
}

/**
 * Shares `lost` steps among the units a merge or a release leaves, so that
 * the side has lost exactly as many steps as before: a one-step troop shows
 * its bloodied face (its lost step) while losses remain to place, a
 * formation's face follows its steps alone (§3.3, l.2124); what is left is
 * kept on the first unit, never to be regained.
 */
export function conserveLosses(units: Unit[], lost: number): void {
  let left = lost;
  for (const u of units) {
    const full = isFormation(u) ? u.steps : Math.max(u.steps, TROOP_FULL_STEPS);
    const shown = Math.min(left, full - u.steps);
    u.maxSteps = u.steps + shown;
    left -= shown;
    delete u.absorbedLosses;
  }
  if (left > 0 && units.length > 0) units[0].absorbedLosses = left;
}

/**
 * Merges `others` into `into` (fusion, constitution, join): their steps add
 * up, the result takes the worst breath and ammunition of all (S1 l.85,
 * l.130, l.154), the others leave the game without being lost.
 */
export function mergeInto(state: GameState, into: Unit, others: readonly Unit[]): void {
  const all = [into, ...others];
  const lost = all.reduce((n, u) => n + lostSteps(u), 0);
  into.steps = all.reduce((n, u) => n + u.steps, 0);
  into.breath = worstBreath(all);
  const ammunition = worstAmmunition(all);
  if (ammunition === 'full') delete into.ammunition;
  else into.ammunition = ammunition;
  const gone = new Set(others.map((u) => u.id));
  state.units = state.units.filter((u) => !gone.has(u.id));
  conserveLosses([into], lost);
}

/** Merges the troops and tells it (fusion §3.3.9, constitution §3.3.10, join §3.3.11): what the unit became and what it inherited. */
export function mergeAndTell(
  state: GameState,
  into: Unit,
  others: readonly Unit[],
  action: 'fusion' | 'constitute' | 'join',
  section: string,
): GameEvent {
  mergeInto(state, into, others);
  const absorbed = others.map((u) => u.id);
  const body = {
    type: 'troopsMerged' as const,
    action,
    unit: into.id,
    absorbed,
    hexes: bodyHexes(into),
    facing: into.facing,
    steps: into.steps,
    breath: into.breath,
    ammunition: worstAmmunition([into]),
  };
  return event(body, section);
}

/** A new id for a unit made in play from `base`: `base.1`, `base.2`… the first no piece has ever had. */
export function freshId(state: GameState, base: string): string {
  const taken = new Set([...state.units.map((u) => u.id), ...state.decoys.map((d) => d.id)]);
  let n = 1;
  while (taken.has(`${base}.${n}`)) n += 1;
  return `${base}.${n}`;
}

/**
 * A simple troop released by formation `f` (§3.3.1.3, §3.3.12, §3.3.13): its
 * type, wing and facing, the troop counter's profiles, and the formation's
 * breath, cohesion, ammunition and markers (S1 l.176-177, l.196-197).
 */
export function releasedTroop(state: GameState, f: Unit, hex: number, steps: number): Unit {
  const {
    secondHex: _second,
    formationMode: _mode,
    absorbedLosses: _lost,
    testedAgainst,
    ...rest
  } = f;
  const id = freshId(state, f.id);
  const troop: Unit = {
    ...rest,
    id,
    name: `${f.name} ${id.slice(f.id.length + 1)}`,
    profiles: state.troopProfiles?.[f.type] ?? f.profiles,
    hex,
    steps,
    maxSteps: steps,
  };
  if (testedAgainst) troop.testedAgainst = [...testedAgainst];
  state.units.push(troop);
  return troop;
}
