import { capacityIndex, capacityRank } from '../data';
import { tell } from '../fog/announce';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, rollTest, type TestSpec } from '../tests/roll';
import { engagedBy, engagedTargets } from '../units/engagement';
import { sharesHex } from '../units/body';

/**
 * Le Test de Discipline (§2.6.13.1): each enemy that engaged the fleeing
 * unit tests, unless shaken, exhausted, or engaging or engaged by another
 * enemy. A character stacked with the troop lends his profiles (the best
 * weapon capacity among them); the troop bears the result. Threshold by
 * weapon capacity, −1 regular, +1 irregular, natural 2 / 12. Failure: the
 * troop takes a charge marker.
 */
export function disciplineTests(state: GameState, fled: string, engagerIds: string[], dice: DiceSource): GameEvent[] {
  const events: GameEvent[] = [];
  for (const spec of disciplineSpecs(state, fled, engagerIds)) {
    const e = state.units.find((u) => u.id === spec.subject)!;
    const out = rollTest(state, dice, spec);
    events.push(out.event);
    if (!out.success && e.shock !== 'charge') {
      e.shock = 'charge';
      events.push(tell(state, e.id, { type: 'markerPlaced', unit: e.id, marker: 'charge' }, '§2.6.13.1'));
    }
  }
  return events;
}

/** The discipline tests a flight from these engagers owes (§2.6.13.1): one per engager not exempt, as rolled. */
export function disciplineSpecs(state: GameState, fled: string, engagerIds: string[]): TestSpec[] {
  const specs: TestSpec[] = [];
  for (const id of engagerIds) {
    const e = state.units.find((u) => u.id === id);
    if (!e || e.hex < 0 || exempt(state, e, fled)) continue;
    const profile = testingProfile(state, e);
    const modifiers = [];
    if (profile.command.class === 'regular') modifiers.push(mod(-1, 'Commandement régulier', 'Regular command', '§2.6.13.1'));
    if (profile.command.class === 'irregular') modifiers.push(mod(1, 'Commandement irrégulier', 'Irregular command', '§2.6.13.1'));
    const threshold = capacityRank(profile.weapon.capacity).testThreshold;
    specs.push({ test: 'discipline', subject: e.id, threshold, modifiers, naturals: true, section: '§2.6.13.1' });
  }
  return specs;
}

function exempt(state: GameState, e: Unit, fled: string): boolean {
  if (e.cohesion !== 'inOrder' || e.breath === 'exhausted') return true;
  const others = [...engagedBy(state, e), ...engagedTargets(state, e)].filter((o) => o.id !== fled);
  return others.length > 0;
}

/**
 * The troop's profiles, or those of the stacked character with the best
 * weapon capacity: for a formation, a character in either of its hexes
 * (stacked with it, A-69).
 */
function testingProfile(state: GameState, e: Unit): Unit['profiles'] {
  if (e.kind !== 'troop') return e.profiles;
  const chars = state.units.filter((c) => c.kind === 'character' && c.side === e.side && sharesHex(c, e));
  if (chars.length === 0) return e.profiles;
  return chars.reduce((a, b) => (capacityIndex(b.profiles.weapon.capacity) < capacityIndex(a.profiles.weapon.capacity) ? b : a)).profiles;
}
