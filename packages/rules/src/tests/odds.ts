import type { GameState, Seat } from '../state/types';
import { moraleThreshold } from '../units/morale';
import { FATIGUE_FLOOR, restModifiers } from '../recovery/rest';
import type { Modifier, TestKind } from './roll';
import { disciplineSpecs } from '../movement/flee-discipline';
import { disengagementModifiers, engagedAtStart, flightOwesTest, withdrawalOwesTest } from '../movement/withdraw-disengagement';
import type { Arrival } from '../movement/reachable';
import { crossedOnPath, crossingModifiers, hexesLeftByMove, skipsCrossingTest } from '../units/crossing';
import { dodgeModifiers } from '../units/dodge';
import type { Facing } from '../geometry/facing';
import { organisationModifiers, organisationThreshold } from '../actions/change-mode';
import { adjacentEnemies } from '../units/engagement';
import { isFormation } from '../units/formation';

/**
 * The odds of a standard 2D6 test (sheet "Tests Standards"), computed the way
 * `rollTest` decides it: two dice plus the modifiers succeed at or under the
 * threshold; with `naturals`, a natural 2 always succeeds and a natural 12
 * always fails (`'success'`: only the natural 2 counts, as `rollTest`). Pure, so the client can show a player the chance of a test
 * before choosing into it.
 */
export function testChance(threshold: number, modifiers: readonly Pick<Modifier, 'value'>[] = [], naturals: boolean | 'success' = false): number {
  const bonus = modifiers.reduce((s, m) => s + m.value, 0);
  let ways = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const natural = a + b;
      if (naturals && natural === 2) ways++;
      else if (naturals === true && natural === 12) continue;
      else if (natural + bonus <= threshold) ways++;
    }
  return ways / 36;
}

/** A test a player may choose into, before the roll: its threshold, modifiers and chance of success. */
export interface TestPreview {
  test: TestKind;
  threshold: number;
  modifiers: Modifier[];
  chance: number;
  section: string;
}

/**
 * The test behind a recovery action of a unit on the map (§2.8.2 rest,
 * §2.8.3.4 reorganisation, §2.8.4 rally), with the same threshold and
 * modifiers as the action's procedure; null for a piece the seat does not
 * see as its own unit (a decoy's odds are not previewed).
 */
export function recoveryTestPreview(state: GameState, seat: Seat, piece: string, action: 'rest' | 'reorganise' | 'rally'): TestPreview | null {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.side !== seat) return null;
  if (action === 'rest') {
    const threshold = state.wings.find((w) => w.id === unit.wing)?.fatigue ?? FATIGUE_FLOOR;
    const modifiers = restModifiers(state).filter((m) => m.value !== 0);
    return { test: 'rest', threshold, modifiers, chance: testChance(threshold, modifiers), section: '§2.8.2' };
  }
  const threshold = moraleThreshold(state, unit);
  const test: TestKind = action === 'rally' ? 'rally' : 'reorganisation';
  return { test, threshold, modifiers: [], chance: testChance(threshold), section: action === 'rally' ? '§2.8.4' : '§2.8.3.4' };
}

/**
 * The disengagement test (§2.6.14.1) a withdrawal or a flight of this unit
 * would owe, with its modifiers, as the unit stands before it goes (a change
 * of breath or cohesion on the way is not foreseen); null when no test is
 * owed, or for a piece the seat does not see as its own unit.
 */
export function disengagementPreview(state: GameState, seat: Seat, piece: string, flight: boolean): TestPreview | null {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.side !== seat || unit.hex < 0) return null;
  const start = engagedAtStart(state, unit);
  if (!(flight ? flightOwesTest(start) : withdrawalOwesTest(start))) return null;
  const modifiers = disengagementModifiers(state, unit, start, flight).filter((m) => m.value !== 0);
  const threshold = moraleThreshold(state, unit);
  return { test: 'disengagement', threshold, modifiers, chance: testChance(threshold, modifiers), section: '§2.6.14.1' };
}

/**
 * The discipline tests (§2.6.13.1) a flight of this unit would make its
 * engagers roll (a failure gives the engager a charge marker), as the seat
 * sees them; each with its subject. Empty when none is owed.
 */
export function disciplinePreviews(state: GameState, seat: Seat, piece: string): (TestPreview & { subject: string })[] {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.side !== seat || unit.hex < 0) return [];
  const engagers = engagedAtStart(state, unit).engagers.map((e) => e.id);
  return disciplineSpecs(state, piece, engagers).map((s) => ({ test: s.test, subject: s.subject, threshold: s.threshold, modifiers: s.modifiers, chance: testChance(s.threshold, s.modifiers, true), section: s.section }));
}

/**
 * The crossing tests (§2.3.1.2) a move to this arrival would make its unit
 * take: one for each hex it leaves after crossing large friends there, with
 * the facing it leaves by, as the move's own procedure reads its path
 * (turn/engagement-tests.ts afterMoveTests). Each names how many crossed
 * units test too. Empty when no test is owed, or for a piece the seat does
 * not see as its own unit (a decoy's odds are not previewed).
 */
export function crossingPreviews(state: GameState, seat: Seat, piece: string, arrival: Pick<Arrival, 'steps' | 'exit'>): (TestPreview & { crossed: number })[] {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.side !== seat || unit.hex < 0 || unit.size !== 'large' || skipsCrossingTest(unit)) return [];
  const left = hexesLeftByMove(state.board, { hex: unit.hex, facing: unit.facing, rank: unit.stackRank }, pathOf(unit, arrival.steps), arrival.exit ?? null);
  const threshold = moraleThreshold(state, unit);
  return crossedOnPath(state, unit, left).map((g) => {
    const modifiers = [...crossingModifiers({ ...unit, facing: g.facing }, g.crossed), ...dodgeModifiers(unit)].filter((m) => m.value !== 0);
    return { test: 'crossing', threshold, modifiers, chance: testChance(threshold, modifiers), section: '§2.3.1.2', crossed: g.crossed.length };
  });
}

/** The hexes and facings an arrival's steps go through, as a `moved` event reports them. */
function pathOf(unit: { hex: number; facing: Facing }, steps: Arrival['steps']): { hex: number; facing: Facing }[] {
  const path: { hex: number; facing: Facing }[] = [];
  let at = { hex: unit.hex, facing: unit.facing };
  for (const step of steps) {
    if ('to' in step) at = { ...at, hex: step.to };
    else if ('face' in step) at = { ...at, facing: step.face };
    else continue;
    path.push(at);
  }
  return path;
}

/**
 * The organisation test (§3.3.14) a change of mode would roll: owed only
 * next to an enemy (away from the enemy the change is automatic), with the
 * same threshold and modifiers as the action's procedure, a double 1 always
 * passing; null when no test is owed, or for a piece the seat does not see
 * as its own formation.
 */
export function organisationPreview(state: GameState, seat: Seat, piece: string): TestPreview | null {
  const unit = state.units.find((u) => u.id === piece);
  if (!unit || unit.side !== seat || unit.hex < 0 || !isFormation(unit)) return null;
  if (adjacentEnemies(state, unit).length === 0) return null;
  const threshold = organisationThreshold(unit);
  const modifiers = organisationModifiers(state, unit);
  return { test: 'organisation', threshold, modifiers, chance: testChance(threshold, modifiers, 'success'), section: '§3.3.14' };
}
