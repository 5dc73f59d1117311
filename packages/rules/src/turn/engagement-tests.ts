import { weaponCapacityOf, weaponSystemAdvantage } from '../combat/weapons';
import { capacityIndex } from '../data';
import { opposite } from '../geometry/hex';
import { zoneOf } from '../geometry/facing';
import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier, rollTest } from '../tests/roll';
import { loseCharge, loseCohesion } from '../units/condition';
import { engagedBy } from '../units/engagement';
import { zoneSize } from '../units/abilities';
import { moraleThreshold } from '../units/morale';
import { isFormation } from '../units/formation';
import { hexesLeftByMove, moveCrossingTests, type StartPlace } from '../units/crossing';
import { attackHexes } from '../combat/geometry';

/**
 * The engagement tests (§2.4.1.2 defence, §2.6.8.1 attack): one 2D6 test
 * against the most unfavourable engaging enemy, failure costs a level of
 * cohesion. Positive modifiers make the test harder for the tested unit.
 */

/** Magic, steady and demonic units never take rout or engagement tests (§2.4.1.1, §2.4.1.2). */
export function immuneToEngagementTests(unit: Unit): boolean {
  const cls = unit.profiles.morale.class;
  return cls === 'magic' || cls === 'steady' || cls === 'demonic';
}

/**
 * Weapon-system modifier (−2..+2, §2.4.1.2): the combat table (−4..+4,
 * §2.7.2.1) halved, read with the engaging side as attacker. A dominated
 * tested unit gets a positive (harder) modifier.
 */
export function weaponSystemModifier(unit: Unit, enemy: Unit, kind: 'defence' | 'attack'): number {
  const a = unit.profiles.weapon.class;
  const e = enemy.profiles.weapon.class;
  const value = kind === 'defence' ? weaponSystemAdvantage(e, a) / 2 : -weaponSystemAdvantage(a, e) / 2;
  return Math.max(-2, Math.min(2, Math.trunc(value)));
}

/** Modifiers of `unit`'s engagement test against one engaging `enemy`. */
export function engagementModifiers(state: GameState, unit: Unit, enemy: Unit, kind: 'defence' | 'attack'): Modifier[] {
  const s = '§2.4.1.2';
  const mods: Modifier[] = [];
  const ws = weaponSystemModifier(unit, enemy, kind);
  if (ws !== 0) mods.push(mod(ws, "Table des systèmes d'armes", 'Weapon-system table', s));
  const own = capacityIndex(weaponCapacityOf(state, unit));
  const theirs = capacityIndex(weaponCapacityOf(state, enemy));
  // A lower index is a higher capacity: the better-armed side gets the point.
  if (own < theirs) mods.push(mod(-1, "Capacité d'arme supérieure", 'Higher weapon capacity', s));
  if (own > theirs) mods.push(mod(1, "Capacité d'arme de l'ennemi supérieure", "Enemy's higher weapon capacity", s));
  if (unit.size === 'small') mods.push(mod(1, 'Unité de petite taille', 'Small unit', s));
  if (enemy.size === 'small') mods.push(mod(-1, 'Ennemi de petite taille', 'Small enemy', s));
  // The charging bonus is the mover's: only a unit ending its move charging has it (attack test).
  if (kind === 'attack' && unit.shock === 'charge') {
    const exalted = unit.profiles.morale.class === 'exalted';
    mods.push(mod(exalted ? -2 : -1, exalted ? 'Charge (moral exalté)' : 'Charge', exalted ? 'Charging (exalted morale)' : 'Charging', s));
  }
  if (enemy.shock === 'charge') mods.push(mod(1, "L'ennemi charge", 'The enemy charges', s));
  // The enemy's hex that engages (a formation engages from either of its hexes), seen from the unit's hex it touches.
  const { dir } = attackHexes(state, enemy, unit);
  const zone = dir === -1 ? 'front' : zoneOf(zoneSize(unit), unit.facing, opposite(dir));
  if (zone === 'flank') mods.push(mod(1, 'Engagée par le flanc', 'Engaged from the flank', s));
  if (zone === 'rear') mods.push(mod(2, "Engagée par l'arrière", 'Engaged from the rear', s));
  return mods;
}

const total = (mods: Modifier[]) => mods.reduce((n, m) => n + m.value, 0);

/** The enemy against which the test is the most unfavourable (§2.4.1.2 case 1), with its modifiers. */
export function worstEngager(state: GameState, unit: Unit, enemies: Unit[], kind: 'defence' | 'attack'): { enemy: Unit; modifiers: Modifier[] } | null {
  let worst: { enemy: Unit; modifiers: Modifier[] } | null = null;
  for (const enemy of enemies) {
    const modifiers = engagementModifiers(state, unit, enemy, kind);
    if (!worst || total(modifiers) > total(worst.modifiers)) worst = { enemy, modifiers };
  }
  return worst;
}

/**
 * A shaken formation that fails its defensive engagement test does not rout:
 * it is deprived of its action instead (§3.3.1.2, l.2181); the activation
 * ends once its preliminary operations are done (actions/activate.ts).
 */
function deprivedInstead(state: GameState, unit: Unit): boolean {
  if (!isFormation(unit) || unit.cohesion !== 'shaken') return false;
  if (state.activation?.piece === unit.id) state.activation.deprived = true;
  return true;
}

/** Rolls the test; failure costs a level of cohesion (§2.6.8, §2.8.3). */
function engagementTest(state: GameState, unit: Unit, modifiers: Modifier[], kind: 'defence' | 'attack', dice: DiceSource): { success: boolean; events: GameEvent[] } {
  const section = kind === 'defence' ? '§2.4.1.2' : '§2.6.8.1';
  const test = kind === 'defence' ? 'defensiveEngagement' : 'attackEngagement';
  const outcome = rollTest(state, dice, { test, subject: unit.id, threshold: moraleThreshold(state, unit), modifiers, section });
  const events = [outcome.event];
  if (!outcome.success) events.push(...(kind === 'defence' && deprivedInstead(state, unit) ? [] : loseCohesion(state, unit, test, section)));
  return { success: outcome.success, events };
}

/**
 * Attack engagement test (§2.6.8.1), at the end of a movement or face
 * action: every enemy engaging the unit counts, marker or not. On failure a
 * charge marker becomes a contact marker unless the unit routed.
 */
export function attackEngagementTest(state: GameState, unit: Unit, dice: DiceSource): GameEvent[] {
  if (unit.hex < 0 || unit.cohesion === 'routed' || immuneToEngagementTests(unit)) return [];
  const worst = worstEngager(state, unit, engagedBy(state, unit), 'attack');
  if (!worst) return [];
  const { success, events } = engagementTest(state, unit, worst.modifiers, 'attack', dice);
  // The engaged enemies are known to the unit now: its own activation will not test them again.
  remember(unit, engagedBy(state, unit));
  // Losing a level already turns a charge into contact (§2.8.3.2); this covers any charge left.
  if (!success && unit.shock === 'charge') events.push(...loseCharge(state, unit, '§2.6.8'));
  return events;
}

/**
 * Defensive engagement test (§2.4.1.2), when the unit is activated: only
 * engagers with a contact or charge marker that have not already made it
 * test count (cases 2–3); one test against the worst of them (case 1). A
 * charging unit that fails loses its charge.
 */
export function defensiveEngagementTest(state: GameState, unit: Unit, dice: DiceSource): GameEvent[] {
  if (unit.hex < 0 || immuneToEngagementTests(unit)) return [];
  const tested = new Set(unit.testedAgainst ?? []);
  const fresh = engagedBy(state, unit).filter((e) => e.shock !== 'none' && !tested.has(e.id));
  const worst = worstEngager(state, unit, fresh, 'defence');
  if (!worst) return [];
  remember(unit, fresh);
  const { success, events } = engagementTest(state, unit, worst.modifiers, 'defence', dice);
  if (!success && unit.shock === 'charge') events.push(...loseCharge(state, unit, '§2.4.1.2'));
  return events;
}

function remember(unit: Unit, enemies: Unit[]): void {
  const ids = new Set([...(unit.testedAgainst ?? []), ...enemies.map((e) => e.id)]);
  unit.testedAgainst = [...ids];
}

/**
 * Case 2 of §2.4.1.2: once two units separate, a new engagement makes the
 * test again. Run after every action, it forgets the enemies that no longer
 * engage the unit.
 */
export function forgetSeparated(state: GameState): void {
  for (const unit of state.units) {
    if (!unit.testedAgainst) continue;
    const still = new Set(unit.hex >= 0 ? engagedBy(state, unit).map((e) => e.id) : []);
    const kept = unit.testedAgainst.filter((id) => still.has(id));
    if (kept.length > 0) unit.testedAgainst = kept;
    else delete unit.testedAgainst;
  }
}

/**
 * What a movement action ends with: a crossing test for each hex left
 * after crossing large friends (§2.3.1.2), then the attack engagement test
 * (§2.6.8.1). `start` is where the mover stood before acting; the path is
 * read from the move's own event.
 */
export function afterMoveTests(state: GameState, piece: string, start: StartPlace, moveEvents: GameEvent[], dice: DiceSource): GameEvent[] {
  const moved = moveEvents.find((e) => e.type === 'moved' && e.unit === piece);
  const path = moved && moved.type === 'moved' ? moved.path : [];
  const events = moveCrossingTests(state, piece, start, hexesLeftByMove(state.board, start, path, null), dice);
  const unit = state.units.find((u) => u.id === piece);
  if (unit && unit.hex >= 0) events.push(...attackEngagementTest(state, unit, dice));
  return events;
}
