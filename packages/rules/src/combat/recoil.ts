import { directionTo, distance, DIRECTIONS, Direction } from '../geometry/hex';
import { distanceBeyond } from '../geometry/bearing';
import { turnSteps, zoneOf } from '../geometry/facing';
import type { DiceSource } from '../state/dice';
import { event, GameEvent } from '../state/events';
import { crossedLeavingStack, crossingTests } from '../units/crossing';
import { joinStack } from '../units/stack-facing';
import { leaveMap } from '../movement/off-map';
import type { GameState, Unit } from '../state/types';
import { hexsideAt, neighbour, terrainAt } from '../terrain/board';
import { mayCrossHexside, mayEnterTerrain, zoneSize } from '../units/abilities';
import { loseCohesion, loseStep } from '../units/condition';
import { engagedBy } from '../units/engagement';
import { moraleFor } from '../units/morale';
import { inferiorStackClash, placeInStack, stackAt, stackPoints, stackPointsAt, STACK_LIMIT } from '../units/stacking';
import { occupies } from '../units/body';

/**
 * Recoil (§2.7.5): the defender may take its last loss by stepping back one
 * hex into its rear zone with its whole stack, keeping its facing. Each unit
 * that recoils loses a level of cohesion; steady units stay and one of them,
 * the defender's choice, loses a step instead (§2.7.4).
 */

export function isSteady(state: GameState, u: Unit): boolean {
  return moraleFor(state, u).class === 'steady';
}

/** Engaged by an enemy standing in its flank or rear zone. */
function engagedFromFlankOrRear(state: GameState, u: Unit): boolean {
  return engagedBy(state, u).some((e) => zoneOf(zoneSize(u), u.facing, directionTo(state.board, u.hex, e.hex) as Direction) !== 'front');
}

/** Rear directions of the group, the hex straight behind first (the defender's default choice). */
function recoilDirections(group: Unit[]): Direction[] {
  // A hedgehog recoils into any of the six hexes, as a small unit does (§3.1, l.294).
  const lead = group.find((u) => zoneSize(u) === 'large');
  if (!lead) return [...DIRECTIONS];
  const behind = (d: Direction) => -turnSteps(lead.facing, d * 2);
  return DIRECTIONS.filter((d) => zoneOf('large', lead.facing, d) === 'rear').sort((a, b) => behind(a) - behind(b) || a - b);
}

/** Whether the group may stand in `to`: passable, no enemy, stacking and facing respected. */
function mayStandIn(state: GameState, group: Unit[], from: number, dir: Direction, to: number): boolean {
  if (to < 0) return false;
  const side = group[0].side;
  // Covers count as enemies too: a seat's view (where the choices are computed) only shows their markers.
  const enemyIn = (x: { hex: number; side: string }) => x.hex === to && x.side !== side;
  // An enemy formation stands in both its hexes (§3.3, PRE-04).
  if (state.units.some((u) => occupies(u, to) && u.side !== side) || state.decoys.some(enemyIn) || (state.covers ?? []).some(enemyIn)) return false;
  if (!group.every((u) => mayEnterTerrain(u, terrainAt(state.board, to)) && mayCrossHexside(u, hexsideAt(state.board, from, dir)))) return false;
  if (stackPointsAt(state, to) + group.reduce((p, u) => p + stackPoints(u), 0) > STACK_LIMIT) return false;
  if (inferiorStackClash(state, group, to)) return false;
  const lead = group.find((u) => u.size === 'large');
  if (!lead) return true;
  // A friendly decoy there stands as the unit it imitates, or the choice would tell it from a hidden unit.
  const decoysAsUnits = state.decoys.filter((d) => d.hex === to).map((d) => ({ size: state.units.find((u) => u.id === d.mimic)?.size ?? 'large', facing: d.facing }));
  return [...stackAt(state, to), ...decoysAsUnits].every((u) => u.size === 'small' || u.facing === lead.facing);
}

/** Whether, once in `to`, no unit of the group would be engaged by its flank or rear (tried in place, then undone). */
function safeIn(state: GameState, group: Unit[], to: number): boolean {
  const saved = group.map((u) => [u.hex, u.stackRank] as const);
  group.forEach((u, i) => Object.assign(u, { hex: to, stackRank: -1e9 + i }));
  try {
    return group.every((u) => !engagedFromFlankOrRear(state, u));
  } finally {
    group.forEach((u, i) => Object.assign(u, { hex: saved[i][0], stackRank: saved[i][1] }));
  }
}

/** The group may recoil at all (§2.7.5): no charge marker, no steady unit, none engaged by its flank or rear. */
function mayRecoil(state: GameState, group: Unit[]): boolean {
  return group.length > 0 && !group.some((u) => u.shock === 'charge' || isSteady(state, u) || engagedFromFlankOrRear(state, u));
}

/**
 * Where the group may recoil, the hex straight behind first; none when it
 * may not (§2.7.5 conditions). After a shot from `awayFrom` (§3.2.9, A-13b)
 * only a hex farther from the shooter, counted in hexes, will do.
 */
export function recoilHexes(state: GameState, group: Unit[], awayFrom?: number): number[] {
  if (!mayRecoil(state, group)) return [];
  const from = group[0].hex;
  return recoilDirections(group)
    .filter((dir) => awayFrom === undefined || distanceBeyond(state.board, from, dir, awayFrom) > distance(state.board, from, awayFrom))
    .map((dir) => ({ dir, to: neighbour(state.board, from, dir) }))
    .filter(({ dir, to }) => mayStandIn(state, group, from, dir, to) && safeIn(state, group, to))
    .map(({ to }) => to);
}

/**
 * The edge hexsides the group may recoil across, off the map (§2.6.10: "par
 * une Action quelconque de déplacement ou le Recul"): a rear hexside (any
 * for small units) with no hex behind it, that every unit may cross.
 */
export function recoilExits(state: GameState, group: Unit[], awayFrom?: number): Direction[] {
  if (!mayRecoil(state, group)) return [];
  const from = group[0].hex;
  const away = (dir: Direction) => awayFrom === undefined || distanceBeyond(state.board, from, dir, awayFrom) > distance(state.board, from, awayFrom);
  return recoilDirections(group).filter((dir) => neighbour(state.board, from, dir) < 0 && away(dir) && group.every((u) => mayCrossHexside(u, hexsideAt(state.board, from, dir))));
}

/** Where a recoil goes: a hex, or off the map across an edge hexside (§2.6.10). */
export type RecoilPlace = { to: number } | { exit: Direction };

/**
 * Carries out the recoil: one hex, same facing, on top of the new stack, no
 * contact marker — or off the map, gone for good if routed (§2.6.10). Large
 * units leaving steady ones behind cross them and test (§2.3.1.1 names
 * "Recul après Choc"); units that land settle the new stack's facing
 * (§2.3.1); each loses a cohesion level (§2.7.5); the steady unit that pays
 * for the recoil (if any) loses a step (§2.7.4).
 */
export function executeRecoil(state: GameState, movers: Unit[], stayer: Unit | null, place: RecoilPlace, dice: DiceSource): GameEvent[] {
  const from = movers[0].hex;
  const dir = 'exit' in place ? place.exit : (directionTo(state.board, from, place.to) as Direction);
  const crossed = new Map(movers.map((u) => [u.id, crossedLeavingStack(state, u, dir).filter((c) => !movers.includes(c))]));
  const events = 'exit' in place ? movers.flatMap((u) => leaveMap(state, u.id, from, dir, '§2.7.5')) : stepBack(state, movers, from, place.to);
  for (const u of movers) events.push(...crossingTests(state, u, crossed.get(u.id)!, dice));
  if ('to' in place) for (const u of movers) events.push(...joinStack(state, u));
  for (const u of movers) if (!u.destroyed) events.push(...loseCohesion(state, u, 'recoil', '§2.7.5'));
  if (stayer) events.push(...loseStep(state, stayer, 'steadyStayed', '§2.7.4'));
  return events;
}

/** The group steps back into `to`, last first, so that it keeps its order on top of the stack there. */
function stepBack(state: GameState, movers: Unit[], from: number, to: number): GameEvent[] {
  return [...movers].reverse().map((u) => {
    u.hex = to;
    u.shock = 'none';
    placeInStack(state, u, 'top');
    return event({ type: 'recoiled', unit: u.id, from, to }, '§2.7.5');
  });
}
