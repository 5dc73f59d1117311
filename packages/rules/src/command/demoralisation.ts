import { announce } from '../fog/announce';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import type { GameState, Unit, Wing } from '../state/types';
import { Modifier, mod, rollTest } from '../tests/roll';

/**
 * Demoralisation of a wing (§2.5.10.2, §2.5.11, §2.5.13). Losing a unit —
 * destroyed, or off the map routed, which also destroys it — owes a test;
 * `destroyUnit` has no dice, so the loss is queued here and `apply` rolls
 * the tests before the action returns.
 */
export function unitLost(state: GameState, unit: Unit): void {
  (state.pendingDemoralisation ??= []).push({ wing: unit.wing, lost: unit.id });
}

/** Rolls every test owed, in the order of the losses. */
export function resolveDemoralisation(state: GameState, dice: DiceSource): GameEvent[] {
  const pending = state.pendingDemoralisation ?? [];
  delete state.pendingDemoralisation;
  return pending.flatMap((p) => lossTests(state, dice, p.lost, p.wing));
}

/**
 * A lost wing leader leaves his wing uncommanded (§2.5.11, §2.5.12): +1 to
 * its test. A lost army commander leaves the army without one (the scenario
 * names no replacement, §2.5.13) and every wing of the side tests, +2 —
 * +3 for the wing he also led. Otherwise the unit's own wing tests.
 */
function lossTests(state: GameState, dice: DiceSource, lostId: string, wingId: string): GameEvent[] {
  const lost = state.units.find((u) => u.id === lostId);
  const side = state.sides.find((s) => s.id === lost?.side);
  if (!lost || !side) return [];
  const events: GameEvent[] = [];
  const led = state.wings.find((w) => w.leader === lost.id);
  const commander = side.armyCommander === lost.id;
  if (led) led.leader = null;
  if (commander) side.armyCommander = null;
  if (led || commander) events.push(...announce(state, lost.id, (p) => ({ type: 'leaderLost', unit: p, wing: led?.id ?? null, armyCommander: commander }), led ? '§2.5.11' : '§2.5.13'));
  const wings = commander ? state.wings.filter((w) => w.side === side.id) : state.wings.filter((w) => w.id === wingId);
  for (const wing of wings) events.push(...demoralisationTest(state, dice, wing, lossModifiers(wing, led, commander)));
  return events;
}

function lossModifiers(wing: Wing, led: Wing | undefined, commander: boolean): Modifier[] {
  return [
    mod(led?.id === wing.id ? 1 : 0, "Perte du chef de l'aile", 'Loss of the wing leader', '§2.5.10.2'),
    mod(commander ? 2 : 0, "Perte du chef d'armée", 'Loss of the army commander', '§2.5.10.2'),
  ];
}

/**
 * Test de Démoralisation (§2.5.10.2): 2D6 + modifiers at or under the wing
 * morale. A failure lowers the morale by 1 (minimum 4) and lays one more
 * shaken marker on the wing morale marker. A wing in retreat no longer tests
 * (§2.5.10.1).
 */
export function demoralisationTest(state: GameState, dice: DiceSource, wing: Wing, modifiers: Modifier[]): GameEvent[] {
  if (wing.directive === 'retreat') return [];
  const test = rollTest(state, dice, { test: 'demoralisation', subject: wing.id, threshold: wing.morale, modifiers, section: '§2.5.10.2' });
  if (test.success) return [test.event];
  wing.morale = Math.max(4, wing.morale - 1);
  wing.shakenMarkers += 1;
  return [test.event, event({ type: 'wingMorale', wing: wing.id, morale: wing.morale, shakenMarkers: wing.shakenMarkers }, '§2.5.10.2')];
}
