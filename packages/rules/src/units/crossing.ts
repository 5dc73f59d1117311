import type { DiceSource } from '../state/dice';
import type { GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { mod, Modifier, rollTest } from '../tests/roll';
import { Facing, turnSteps, zoneOf } from '../geometry/facing';
import { directionTo, type Direction, type GridSize } from '../geometry/hex';
import { loseCohesion } from './condition';
import { dodgeModifiers } from './dodge';
import { moraleThreshold } from './morale';
import { occupies } from './body';

/**
 * Crossing test (§2.3.1.2): once a large unit has left a hex holding large
 * friendly units it crossed (§2.3.1.1), it and every large unit it crossed
 * test; failure costs a level of cohesion. Small units never test. `facing`
 * is the crosser's facing as it left the hex (it may have turned since).
 */
export function crossingTests(state: GameState, mover: Unit, crossed: Unit[], dice: DiceSource, facing: Facing = mover.facing): GameEvent[] {
  return crossingTestsOf(state, mover, crossed, dice, facing, true);
}

/**
 * A decoy crossing friends (sheet 000, Leurres): the crossed units test as
 * if the unit it imitates (`mimic`, placed where the decoy is) had crossed
 * them, or the tests a hidden unit causes would tell it from a decoy. There
 * is no one under the cover to test, but the decoy rolls the test its mimic
 * would take (dodge included), told to its owner only and with no
 * consequence, so that the dice run as for a hidden unit.
 */
export function decoyCrossingTests(state: GameState, mimic: Unit, crossed: Unit[], dice: DiceSource): GameEvent[] {
  return crossingTestsOf(state, mimic, crossed, dice, mimic.facing, false);
}

function crossingTestsOf(state: GameState, mover: Unit, crossed: Unit[], dice: DiceSource, facing: Facing, moverTests: boolean): GameEvent[] {
  const large = crossed.filter((u) => u.size === 'large' && u.id !== mover.id);
  if (mover.size !== 'large' || large.length === 0) return [];
  const modifiers = crossingModifiers({ ...mover, facing }, large);
  // §3.1 Esquive (FAC-03, A-31): −2 on the tests a dodging unit takes itself, never on those of the units it crosses.
  const own = (u: Unit) => [...modifiers, ...dodgeModifiers(u)];
  const moverEvents = moverTests ? crossingTest(state, mover, own(mover), dice) : decoyCrossingRoll(state, mover, own(mover), dice);
  return [...moverEvents, ...large.flatMap((u) => crossingTest(state, u, own(u), dice))];
}

/** The decoy's own roll, as its mimic's test (the decoy's id as subject, so owner-only): nothing to lose. */
function decoyCrossingRoll(state: GameState, mimic: Unit, modifiers: Modifier[], dice: DiceSource): GameEvent[] {
  if (skipsCrossingTest(mimic)) return [];
  return [rollTest(state, dice, { test: 'crossing', subject: mimic.id, threshold: moraleThreshold(state, mimic), modifiers, section: '§2.3.1.2' }).event];
}

/** Units already routed, magic, steady, and demonic once shaken skip the test. */
export function skipsCrossingTest(u: Unit): boolean {
  const cls = u.profiles.morale.class;
  return u.cohesion === 'routed' || cls === 'magic' || cls === 'steady' || (cls === 'demonic' && u.cohesion === 'shaken');
}

function crossingTest(state: GameState, u: Unit, modifiers: Modifier[], dice: DiceSource): GameEvent[] {
  // A crosser that went on off the map (§2.6.10) still tests: it keeps its cohesion there.
  if (u.destroyed || skipsCrossingTest(u)) return [];
  const outcome = rollTest(state, dice, { test: 'crossing', subject: u.id, threshold: moraleThreshold(state, u), modifiers, section: '§2.3.1.2' });
  if (outcome.success) return [outcome.event];
  return [outcome.event, ...loseCohesion(state, u, 'crossing', '§2.3.1.2')];
}

/**
 * The listed modifiers, the same for every unit tested: a difference counts
 * as soon as the crosser and any crossed unit differ.
 */
export function crossingModifiers(mover: Unit, crossed: Unit[]): Modifier[] {
  const s = '§2.3.1.2';
  const differ = (f: (u: Unit) => unknown) => crossed.some((c) => f(c) !== f(mover));
  const mods: Modifier[] = [];
  if (differ((u) => u.type)) mods.push(mod(1, 'Types différents', 'Different types', s));
  if (differ((u) => u.wing)) mods.push(mod(1, 'Ailes différentes', 'Different wings', s));
  if (differ((u) => u.profiles.movement.class)) mods.push(mod(1, 'Classes de mouvement différentes', 'Different movement classes', s));
  mods.push(mod(crossed.length, 'Grandes unités traversées', 'Large units crossed', s));
  const askew = crossed.some((c) => turnSteps(c.facing, mover.facing) % 6 !== 0);
  if (askew) mods.push(mod(2, 'Orientations différentes', 'Different facings', s));
  const troops = crossed.filter((c) => c.kind === 'troop');
  if (troops.length === 1 && troops[0].profiles.weapon.class === 'artillery') mods.push(mod(-2, 'Artillerie traversée', 'Artillery crossed', s));
  if (troops.length === 1 && troops[0].type === 'wagon') mods.push(mod(-1, 'Wagon traversé', 'Wagon crossed', s));
  return mods;
}

/**
 * The friendly large units a large unit crosses as it leaves its own hex
 * across hexside `dir` (§2.3.1.1): leaving backward (into the rear zone of
 * the stack's facing: withdrawal, or flight after turning about), those
 * ranked behind it; leaving forward, those ranked ahead of it. A flank
 * hexside counts as forward, the flank going with the front of a stack
 * (sheet 000, Unité Devant). A small unit crosses nobody as it leaves.
 */
export function crossedLeavingStack(state: GameState, unit: Unit, dir: Direction, stackFacing: Facing = unit.facing): Unit[] {
  if (unit.size !== 'large') return [];
  const backward = zoneOf('large', stackFacing, dir) === 'rear';
  const crossed = (o: Unit) => (backward ? o.stackRank > unit.stackRank : o.stackRank < unit.stackRank);
  return state.units.filter((o) => occupies(o, unit.hex) && o.id !== unit.id && o.side === unit.side && o.size === 'large' && crossed(o));
}

/** A hex left during a withdrawal or flight: across which hexside, facing which way as the unit left it. */
export interface HexLeft {
  hex: number;
  dir: Direction;
  facing: Facing;
}

/**
 * The large units crossed on each hex left, in order, with the crosser's
 * facing as it left: in the start hex by `crossedLeavingStack` (`start` is
 * the unit as it stood before acting), in every later hex all of them.
 */
export function crossedOnPath(state: GameState, start: Unit, left: HexLeft[]): { crossed: Unit[]; facing: Facing }[] {
  if (start.size !== 'large') return [];
  const friendsIn = (hex: number) => state.units.filter((o) => occupies(o, hex) && o.id !== start.id && o.side === start.side && o.size === 'large');
  return left
    .map((l) => ({ crossed: l.hex === start.hex ? crossedLeavingStack(state, start, l.dir) : friendsIn(l.hex), facing: l.facing }))
    .filter((group) => group.crossed.length > 0);
}

/** Every crossing test of a withdrawal or flight, hex by hex (§2.3.1.2). */
export function crossingTestsOnPath(state: GameState, mover: Unit, start: Unit, left: HexLeft[], dice: DiceSource): GameEvent[] {
  return crossedOnPath(state, start, left).flatMap((g) => crossingTests(state, mover, g.crossed, dice, g.facing));
}

/** Where a piece stood before it acted: its hex, facing and stack rank. */
export interface StartPlace {
  hex: number;
  facing: Facing;
  rank: number;
}

/**
 * The hexes a movement action left, read from its `moved` path: across which
 * hexside and facing which way; the edge hex too when the move went on off
 * the map across `exit` (§2.6.10).
 */
export function hexesLeftByMove(board: GridSize, start: StartPlace, path: { hex: number; facing: Facing }[], exit: Direction | null): HexLeft[] {
  const left: HexLeft[] = [];
  let at = { hex: start.hex, facing: start.facing };
  for (const p of path) {
    if (p.hex !== at.hex) left.push({ hex: at.hex, dir: directionTo(board, at.hex, p.hex) as Direction, facing: at.facing });
    at = p;
  }
  if (exit !== null) left.push({ hex: at.hex, dir: exit, facing: at.facing });
  return left;
}

/**
 * The crossing tests of a movement action (§2.3.1.2), hex by hex: a unit
 * and the large friends it crossed test; a decoy's crossed friends test as
 * if the unit it imitates had crossed them (sheet 000, Leurres), so that a
 * crossed friend's public test never tells a hidden unit from a decoy.
 */
export function moveCrossingTests(state: GameState, piece: string, start: StartPlace, left: HexLeft[], dice: DiceSource): GameEvent[] {
  const unit = state.units.find((u) => u.id === piece);
  if (unit) return crossingTestsOnPath(state, unit, { ...unit, hex: start.hex, facing: start.facing, stackRank: start.rank }, left, dice);
  const decoy = state.decoys.find((d) => d.id === piece);
  const model = decoy && state.units.find((u) => u.id === decoy.mimic);
  if (!decoy || !model) return [];
  const mimic: Unit = { ...model, id: decoy.id, hex: start.hex, facing: start.facing, stackRank: start.rank };
  return crossedOnPath(state, mimic, left).flatMap((g) => decoyCrossingTests(state, { ...mimic, facing: g.facing }, g.crossed.filter((c) => c.id !== model.id), dice));
}
