import { currentWeather } from '../elements/weather';
import { coverOfPiece } from '../fog/announce';
import { decoyOnMap, standIn } from '../recovery/decoy';
import type { DiceSource } from '../state/dice';
import { event, EventBody, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { rollTest } from '../tests/roll';
import { hasFaculty } from './abilities';
import { loseCohesion, loseStep } from './condition';
import { adjacentEnemies } from './engagement';
import { facultyTable } from './faculty-table';
import { mayHarm } from './invulnerable';
import { moraleThreshold, skipsMoraleTests } from './morale';

type RolledFaculty = 'lightFragile' | 'evanescent';

/**
 * What faculties do when their unit is activated (§3.1), before its action
 * light-fragile and evanescence roll 1D6 each and may cost a step;
 * a frightening unit (or an invulnerable one, to whoever cannot harm it)
 * puts every adjacent enemy to a morale test. A decoy rolls the dice of the
 * unit it plays, so that a cover's rolls never tell what lies under it
 * (§4.5.1); nothing happens to it.
 */
export function facultiesOnActivation(state: GameState, piece: string, dice: DiceSource): GameEvent[] {
  const decoy = decoyOnMap(state, piece);
  const unit = decoy ? standIn(state, decoy) : state.units.find((u) => u.id === piece && u.hex >= 0);
  if (!unit) return [];
  const events: GameEvent[] = [];
  for (const faculty of rolledFaculties(state, unit)) events.push(...facultyRoll(state, unit, faculty, dice, !!decoy));
  if (!decoy && !unit.destroyed) events.push(...frighten(state, unit, dice));
  return events;
}

/** The faculties that roll for this unit now, in the text's order. */
function rolledFaculties(state: GameState, unit: Unit): RolledFaculty[] {
  const rolled: RolledFaculty[] = [];
  if (hasFaculty(unit, 'lightFragile') && lightFragileLoss(state) > 0) rolled.push('lightFragile');
  if (hasFaculty(unit, 'evanescent')) rolled.push('evanescent');
  return rolled;
}

/**
 * Light-fragile by day (FAC-16, FAC-17, A-32): the faces that cost a step
 * under the weather (no marker: fair); none at night.
 */
export function lightFragileLoss(state: GameState): number {
  if (state.light !== 'day') return 0;
  return facultyTable.lightFragile[currentWeather(state) ?? 'fair'].stepLostUpTo;
}

function lossFaces(state: GameState, faculty: RolledFaculty): number {
  return faculty === 'lightFragile' ? lightFragileLoss(state) : facultyTable.evanescent.stepLostUpTo;
}

/** One faculty's die (FAC-16, FAC-20), told as a cover's when the piece is under one. */
function facultyRoll(state: GameState, unit: Unit, faculty: RolledFaculty, dice: DiceSource, isDecoy: boolean): GameEvent[] {
  const die = dice.roll(6);
  const stepLost = !isDecoy && die <= lossFaces(state, faculty);
  const events = toldAsCover(state, unit.id, { type: 'facultyRoll', piece: unit.id, die, faculty, stepLost });
  return stepLost ? [...events, ...loseStep(state, state.units.find((u) => u.id === unit.id)!, faculty, '§3.1')] : events;
}

/** The owner hears all; the others, under a cover, only that the cover rolled this die (the "never naming the faculty"). */
function toldAsCover(state: GameState, piece: string, body: Extract<EventBody, { type: 'facultyRoll' }>): GameEvent[] {
  const { type, die, faculty, stepLost } = body;
  const cover = coverOfPiece(state, piece);
  if (!cover) return [event({ type, piece, die, faculty, stepLost }, '§3.1')];
  return [event({ type, piece, die, faculty, stepLost }, '§3.1', { to: 'owner', side: cover.side }), event({ type, piece: cover.id, die }, '§3.1', { to: 'others', side: cover.side })];
}

/**
 * Frightening (FAC-06, FAC-07, A-27): every enemy unit next to it takes a
 * morale test, a failure costing a level of cohesion; units that ignore
 * morale tests skip it (§2.8.3.3). A unit under a cover frightens nobody:
 * an enemy next to it would have revealed it (sheet 000).
 */
function frighten(state: GameState, unit: Unit, dice: DiceSource): GameEvent[] {
  if (unit.hidden) return [];
  const events: GameEvent[] = [];
  for (const enemy of adjacentEnemies(state, unit)) {
    if (!frightens(unit, enemy) || skipsMoraleTests(state, enemy) || enemy.destroyed) continue;
    const outcome = rollTest(state, dice, { test: 'fright', subject: enemy.id, threshold: moraleThreshold(state, enemy), modifiers: [], section: '§3.1' });
    events.push(outcome.event);
    if (!outcome.success) events.push(...loseCohesion(state, enemy, 'frightened', '§3.1'));
  }
  return events;
}

/** A frightening unit frightens every enemy; an invulnerable one those that cannot harm it (FAC-07). */
export function frightens(unit: Unit, enemy: Unit): boolean {
  return hasFaculty(unit, 'frightening') || (hasFaculty(unit, 'invulnerable') && !mayHarm(enemy, unit));
}
