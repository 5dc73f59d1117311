import { combatResults } from '../data';
import { directionTo, DIRECTIONS, Direction } from '../geometry/hex';
import { turnSteps, zoneOf } from '../geometry/facing';
import { event, GameEvent } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { hexsideAt, neighbour, terrainAt } from '../terrain/board';
import { mayCrossHexside, mayEnterTerrain } from '../units/abilities';
import { loseCohesion, loseStep } from '../units/condition';
import { engagedBy } from '../units/engagement';
import { moraleFor } from '../units/morale';
import { placeInStack, stackAt, stackPoints, stackPointsAt, STACK_LIMIT } from '../units/stacking';

/**
 * Recoil (§2.7.5): the defender may take its last loss by stepping back one
 * hex into its rear zone with its whole stack, keeping its facing. Each unit
 * that recoils loses a level of cohesion; steady units stay and one of them
 * loses a step instead (§2.7.4).
 */

export type RecoilPolicy = (typeof combatResults.options)['defenderRecoilPolicy'];

function isSteady(state: GameState, u: Unit): boolean {
  return moraleFor(state, u).class === 'steady';
}

/** Engaged by an enemy standing in its flank or rear zone. */
function engagedFromFlankOrRear(state: GameState, u: Unit): boolean {
  return engagedBy(state, u).some((e) => zoneOf(u.size, u.facing, directionTo(state.board, u.hex, e.hex) as Direction) !== 'front');
}

/** Rear directions of the group, the hex straight behind first (the defender's default choice). */
function recoilDirections(group: Unit[]): Direction[] {
  const lead = group.find((u) => u.size === 'large');
  if (!lead) return [...DIRECTIONS];
  const behind = (d: Direction) => -turnSteps(lead.facing, d * 2);
  return DIRECTIONS.filter((d) => zoneOf('large', lead.facing, d) === 'rear').sort((a, b) => behind(a) - behind(b) || a - b);
}

/** Whether the group may stand in `to`: passable, no enemy, stacking and facing respected. */
function mayStandIn(state: GameState, group: Unit[], from: number, dir: Direction, to: number): boolean {
  if (to < 0) return false;
  const side = group[0].side;
  if (state.units.some((u) => u.hex === to && u.side !== side) || state.decoys.some((d) => d.hex === to && d.side !== side)) return false;
  if (!group.every((u) => mayEnterTerrain(u, terrainAt(state.board, to)) && mayCrossHexside(u, hexsideAt(state.board, from, dir)))) return false;
  if (stackPointsAt(state, to) + group.reduce((p, u) => p + stackPoints(u), 0) > STACK_LIMIT) return false;
  const lead = group.find((u) => u.size === 'large');
  return !lead || stackAt(state, to).every((u) => u.size === 'small' || u.facing === lead.facing);
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

/** Where the group may recoil, or null (§2.7.5 conditions). */
export function recoilHex(state: GameState, group: Unit[]): number | null {
  if (group.length === 0) return null;
  if (group.some((u) => u.shock === 'charge' || isSteady(state, u) || engagedFromFlankOrRear(state, u))) return null;
  const from = group[0].hex;
  for (const dir of recoilDirections(group)) {
    const to = neighbour(state.board, from, dir);
    if (mayStandIn(state, group, from, dir, to) && safeIn(state, group, to)) return to;
  }
  return null;
}

/** Who recoils with the unit: its whole stack but the steady units (a duel moves the character alone). */
export function recoilGroup(state: GameState, unit: Unit, kind: 'shock' | 'duel'): { movers: Unit[]; steady: Unit[] } {
  const stack = kind === 'duel' ? [unit] : stackAt(state, unit.hex);
  return { movers: stack.filter((u) => !isSteady(state, u)), steady: stack.filter((u) => isSteady(state, u)) };
}

/** Losing a cohesion level would destroy it (a routed unit that may rout further). */
function cohesionLossDestroys(u: Unit): boolean {
  const cls = u.profiles.morale.class;
  return u.cohesion === 'routed' && cls !== 'magic' && cls !== 'steady' && cls !== 'demonic';
}

/**
 * Whether the defender takes this last loss as a recoil: compulsory on its
 * last step (§2.7.5); otherwise the defender's choice, made by the policy
 * of combat-results.json since the defender is not asked mid-action.
 */
export function choosesRecoil(unit: Unit, movers: Unit[], steady: Unit[], policy: RecoilPolicy = combatResults.options.defenderRecoilPolicy): boolean {
  if (unit.steps <= 1) return true;
  return policy === 'whenItSavesAStep' && steady.length === 0 && !movers.some(cohesionLossDestroys);
}

/** Carries out the recoil: one hex, same facing, on top of the new stack, a cohesion level each, no contact marker. */
export function executeRecoil(state: GameState, movers: Unit[], steady: Unit[], to: number): GameEvent[] {
  const from = movers[0].hex;
  const events: GameEvent[] = [];
  for (const u of [...movers].reverse()) {
    u.hex = to;
    u.shock = 'none';
    placeInStack(state, u, 'top');
    events.push(event({ type: 'recoiled', unit: u.id, from, to }, '§2.7.5'));
  }
  for (const u of movers) events.push(...loseCohesion(state, u, 'recoil', '§2.7.5'));
  if (steady.length > 0) events.push(...loseStep(state, steady[0], 'steadyStayed', '§2.7.4'));
  return events;
}
