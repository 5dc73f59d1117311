import type { Facing } from '../geometry/facing';
import type { Direction } from '../geometry/hex';
import { boardIndex } from '../terrain/board';
import { enemyCovers } from '../fog/covers';
import type { GameState, Unit } from '../state/types';
import { adjacentEnemies, engagedBy, engagedTargets } from '../units/engagement';
import { stackPoints, stacksWithSmallOnly } from '../units/stacking';
import { crossedLeavingStack } from '../units/crossing';
import type { Halves, StepCost } from './costs';
import { stepTable } from './step-table';
import { allowanceHalves, MoveMode, Mover } from './mover';
import { chargeSides, mayCharge } from './charge';
import { unitsAround, unitsNear, UnitsNear } from './units-near';

/**
 * What every step of one move is checked against (movement/walker.ts): the
 * mover's side's view, the allowance, and the facts of the board the walker
 * asks at every step, worked out once — once per hex when the context is
 * built, or the first time they are asked — because the preview's search
 * asks them thousands of times. Where the units stand, by hex: `UnitsNear`.
 */
export interface MoveContext extends UnitsNear {
  view: GameState;
  mover: Mover;
  mode: MoveMode;
  budget: Halves;
  enemyCoverHexes: number[];
  startHex: number;
  /** By hexside of the start hex: how many large friends of its own stack the mover crosses leaving that way (§2.3.1.1). */
  startCrossed: number[];
  /** The mover may end this move with a charge marker, terrain permitting (§2.6.9). */
  chargeEligible: boolean;
  /** Per hex × direction, whether a step there keeps a charge run (charge.ts `stepKeepsCharge`, the board's table). */
  chargeSides: Uint8Array;
  /** Per hex, precomputed once per search: what the walker asks at every step. */
  map: HexFacts;
  /** Enemies in the open that left the map this turn, by exit hexside (hex × 6 + direction): whom a charge leaving there pursues (§2.6.10). */
  offMapEnemies: Map<number, string>;
  /** Engagement at each hex and facing tried, worked out once (`engagementAt`). */
  engagement: Map<number, EngagementFacts>;
  /**
   * The mover's step costs, turn costs and front zones, read from its step
   * table (step-table.ts): worked out once per board and kind of mover, not
   * per search (issue 9: every preview asked them again). Read only.
   */
  costs: { steps: readonly StepCost[]; turns: Float64Array; front: Uint8Array; neighbours: Int32Array };
}

interface HexFacts {
  /** An enemy unit or cover stands here. */
  enemyAt: Uint8Array;
  /** An enemy unit in the open stands here or next door. */
  enemyNear: Uint8Array;
  /** An enemy cover stands here or next door. */
  coverNear: Uint8Array;
  /** Stacking points of the mover's friends here. */
  friendPoints: Uint8Array;
  /** The mover's friendly large units here. */
  friendLarge: Uint8Array;
  /** Large friends here, units or decoys (as their mimic): 1, or 2 when one has an inferior command profile (sheet 000 Empilement). */
  largeFriends: Uint8Array;
}

function hexFacts(view: GameState, mover: Mover, coverHexes: number[]): HexFacts {
  const idx = boardIndex(view.board);
  const facts: HexFacts = {
    enemyAt: new Uint8Array(idx.size),
    enemyNear: new Uint8Array(idx.size),
    coverNear: new Uint8Array(idx.size),
    friendPoints: new Uint8Array(idx.size),
    friendLarge: new Uint8Array(idx.size),
    largeFriends: new Uint8Array(idx.size),
  };
  const around = (hex: number, mark: Uint8Array) => {
    mark[hex] = 1;
    for (let d = 0; d < 6; d++) if (idx.neighbours[hex * 6 + d] >= 0) mark[idx.neighbours[hex * 6 + d]] = 1;
  };
  const side = mover.unit.side;
  for (const u of view.units) {
    if (u.hex < 0 || u.id === mover.unit.id) continue;
    markUnit(facts, u, u.hex, side, around);
    // A formation stands in both its hexes (docs/formations.md): 4 points, a large unit, an enemy in each.
    if (u.secondHex !== undefined) markUnit(facts, u, u.secondHex, side, around);
  }
  for (const d of view.decoys) if (d.id !== mover.unit.id && d.hex >= 0) facts.friendPoints[d.hex] += decoyStackPoints(view, d.mimic);
  for (const d of view.decoys) if (d.id !== mover.unit.id && d.hex >= 0 && d.side === side) markLarge(facts, d.hex, view.units.find((u) => u.id === d.mimic));
  for (const h of coverHexes) {
    facts.enemyAt[h] = 1;
    around(h, facts.coverNear);
  }
  return facts;
}

function markUnit(facts: HexFacts, u: Unit, hex: number, side: string, around: (hex: number, mark: Uint8Array) => void): void {
  if (u.side !== side) {
    facts.enemyAt[hex] = 1;
    around(hex, facts.enemyNear);
  } else {
    facts.friendPoints[hex] += stackPoints(u);
    if (u.size === 'large') facts.friendLarge[hex] += 1;
    markLarge(facts, hex, u);
  }
}

function markLarge(facts: HexFacts, hex: number, u: Unit | undefined): void {
  if (!u || u.size !== 'large') return;
  facts.largeFriends[hex] = Math.max(facts.largeFriends[hex], stacksWithSmallOnly(u) ? 2 : 1);
}

function decoyStackPoints(view: GameState, mimic: string): number {
  const model = view.units.find((u) => u.id === mimic);
  return model ? stackPoints(model) : 4;
}

export function moveContext(view: GameState, mover: Mover, mode: MoveMode): MoveContext {
  const idx = boardIndex(view.board);
  const table = stepTable(view.board, mover.unit);
  const enemyCoverHexes = enemyCovers(view, mover.unit.side).map((c) => c.hex);
  return {
    view,
    mover,
    mode,
    budget: allowanceHalves(mover.unit, mode),
    enemyCoverHexes,
    startHex: mover.unit.hex,
    startCrossed: [0, 1, 2, 3, 4, 5].map((d) => crossedLeavingStack(view, mover.unit, d as Direction).length),
    chargeEligible: mayCharge(view, mover.unit, mode),
    chargeSides: chargeSides(view.board),
    map: hexFacts(view, mover, enemyCoverHexes),
    offMapEnemies: offMapEnemies(view, mover.unit),
    engagement: new Map(),
    ...unitsNear(view, mover.unit.id),
    costs: { steps: table.costs, turns: table.turn, front: table.front, neighbours: idx.neighbours },
  };
}

function offMapEnemies(view: GameState, unit: Unit): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of view.units) {
    if (e.side === unit.side || e.hidden || e.destroyed || !e.offMap || e.offMap.turn !== view.turn) continue;
    const key = e.offMap.hex * 6 + e.offMap.dir;
    if (!out.has(key)) out.set(key, e.id);
  }
  return out;
}

/** The direction from `from` to an adjacent `to`, or -1 (geometry/hex.ts `directionTo`, on the context's table). */
export function directionOf(ctx: MoveContext, from: number, to: number): Direction | -1 {
  const nb = ctx.costs.neighbours;
  for (let d = 0; d < 6; d++) if (nb[from * 6 + d] === to) return d as Direction;
  return -1;
}

/** `stepCost` of this mover from a hex in a direction (the step table's). */
export function stepCostAt(ctx: MoveContext, hex: number, dir: Direction): StepCost {
  return ctx.costs.steps[hex * 6 + dir];
}

/** What turning from one facing to another costs this mover (costs.ts `reorientCost`, the step table's). */
export function turnCost(ctx: MoveContext, from: Facing, to: Facing): Halves {
  return ctx.costs.turns[from * 12 + to];
}

/** Who would engage whom with the mover placed here (at the back of any stack), once per hex and facing of a context. */
export interface EngagementFacts {
  by: number;
  targets: number;
  /** An engager the mover would not engage back: its name. */
  unanswered: string | null;
  /** Some enemy is adjacent (in the game's sense). */
  adjacent: boolean;
}

export function engagementAt(ctx: MoveContext, hex: number, facing: Facing): EngagementFacts {
  const key = hex * 12 + facing;
  const known = ctx.engagement.get(key);
  if (known) return known;
  const u = ctx.mover.unit;
  const placed: Unit = { ...u, hex, facing, stackRank: Number.MAX_SAFE_INTEGER };
  const view = { ...ctx.view, units: unitsAround(ctx, ctx.view, ctx.costs.neighbours, hex, placed) };
  const by = engagedBy(view, placed);
  const targets = engagedTargets(view, placed);
  const unanswered = by.find((e) => !targets.some((t) => t.id === e.id));
  const facts = { by: by.length, targets: targets.length, unanswered: unanswered ? unanswered.name : null, adjacent: adjacentEnemies(view, placed).length > 0 };
  ctx.engagement.set(key, facts);
  return facts;
}
