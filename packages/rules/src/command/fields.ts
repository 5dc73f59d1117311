import { Direction, DIRECTIONS, directionTo, offsetOf } from '../geometry/hex';
import type { Facing } from '../geometry/facing';
import { Halves, stepCost, toHalves } from '../movement/costs';
import { MinHeap } from '../movement/heap';
import { stepTable, StepTable } from '../movement/step-table';
import { exitCost } from '../movement/nearest-threat';
import { threatField } from '../movement/threat-field';
import { ThreatCosts, threatCosts } from './threat-costs';
import { approachField, ApproachField } from '../movement/approach-field';
import { formationApproach, FormationApproach } from '../movement/formation-approach';
import { movementTable } from '../data';
import { boardIndex, neighbour, terrainAt } from '../terrain/board';
import type { Board, GameState, MapEdge, Unit } from '../state/types';
import { movementPoints } from '../units/abilities';
import { bodyHexes } from '../units/body';

/** Where a unit stands after a step of its move: a formation's other hex as well (§3.3.7). */
export interface Position {
  hex: number;
  facing: Facing;
  second?: number;
}

/**
 * Distances the directives measure (§2.5.1–2.5.4, §2.6.11.1), always on what
 * the acting side knows: enemies in the open only — hidden units and decoys
 * never count (rulebook §4, "Ennemi Le Plus Proche"), so a refusal can never
 * betray them. Each guard memoises its answers per hex, because a preview
 * asks the same hexes for many arrivals.
 */
export class DirectiveFields {
  // Per hex and facing (hex * 12 + facing), a flat array rather than a Map: a preview asks it at every step of every arrival (issue 9).
  private approach?: Float64Array;
  private edge?: Float64Array;
  private nextToEnemy?: Uint8Array;
  private field?: ApproachField;
  private body?: FormationApproach;
  readonly enemies: Unit[];
  /** Enemies in the open that left the map this turn: still the nearest enemy to approach for an attack movement (§2.6.10). */
  readonly offMapEnemies: Unit[];

  constructor(
    readonly view: GameState,
    readonly unit: Unit,
  ) {
    this.enemies = view.units.filter(
      (e) => e.side !== unit.side && e.hex >= 0 && !e.hidden && !e.destroyed,
    );
    // A formation never leaves the map (§3.3.7, formation-walker.ts refuses its exit): an enemy gone off it is none it can approach.
    this.offMapEnemies = view.units.filter(
      (e) =>
        unit.secondHex === undefined &&
        e.side !== unit.side &&
        !!e.offMap &&
        e.offMap.turn === view.turn &&
        !e.hidden &&
        !e.destroyed,
    );
  }

  /**
   * §2.6.11.1: half points the unit needs, from this position, to engage its
   * nearest enemy. A formation is priced by its own moves from its body place
   * (§3.3.7, movement/formation-approach.ts), `second` being its other hex.
   */
  approachCost(at: Position): Halves {
    if (this.unit.secondHex !== undefined) {
      // A place without its second hex is no sound body: nothing is approached from there.
      this.body ??= formationApproach(this.view, this.unit, this.enemies);
      return this.body.at({ hex: at.hex, second: at.second ?? -1, facing: at.facing });
    }
    const { hex, facing } = at;
    const key = hex * 12 + facing;
    // Not yet asked: NaN (a cost is a number of half points, or Infinity when out of reach).
    const memo = (this.approach ??= new Float64Array(this.view.board.cols * this.view.board.rows * 12).fill(NaN));
    const known = memo[key];
    if (!Number.isNaN(known)) return known;
    const placed = { ...this.unit, hex, facing };
    // One search for every hex and facing (movement/approach-field.ts), made on the first question: a preview asks for many.
    this.field ??= approachField(this.view, this.unit, this.enemies);
    let best = this.field.at(hex, facing);
    // Off the map, reaching it means standing in its exit hex with the exit hexside ahead (§2.6.10).
    for (const e of this.offMapEnemies)
      best = Math.min(
        best,
        exitCost(this.view, placed, e.offMap!.hex, e.offMap!.dir as Direction, best),
      );
    memo[key] = best;
    return best;
  }

  /** §2.5.3.1: half points the nearest threat needs to engage the unit standing in this hex (routed enemies threaten nobody). */
  threatCost(hex: number): Halves {
    return this.costs().threatCost(hex);
  }

  /** §2.5.3.1: the nearest threats of the unit standing in this hex; when several tie, its owner chooses among them. */
  nearestThreatsAt(hex: number): Unit[] {
    return this.costs().nearestAt(hex).map((i) => this.threats()[i]);
  }

  /** §2.5.3: one hex entered, `from` → `to`, puts ½ MP more between the unit and a nearest threat of `from`. */
  stepsAway(from: number, to: number): boolean {
    return this.costs().stepsAway(from, to);
  }

  /** §2.5.3 "Atteignable": some enemy could engage the unit in this hex with its normal movement next turn. */
  reachable(hex: number): boolean {
    return this.costs().reachable(hex);
  }

  private shared?: ThreatCosts;

  /** The threats' costs, shared with every judge facing the same threats (threat-costs.ts): a preview asks them hex by hex. */
  costs(): ThreatCosts {
    return (this.shared ??= threatCosts(
      this.view.board,
      this.threats().map((e) => ({ field: threatField(this.view, e), hex: e.hex, allowance: toHalves(movementPoints(e)) })),
    ));
  }

  /** §2.5.4: half points the unit needs to reach its side's retreat edge from this hex. */
  edgeCost(hex: number): Halves {
    if (!this.edge) {
      const side = this.view.sides.find((s) => s.id === this.unit.side);
      this.edge = sharedEdgeField(this.view.board, this.unit, side?.retreatEdge ?? 'south');
    }
    return this.edge[hex];
  }

  /** Some enemy in the open stands next to this hex (§2.5.2); every hex worked out at the first question. */
  adjacentToEnemy(hex: number): boolean {
    if (!this.nextToEnemy) {
      // The hexes some enemy body touches (units/body.ts touchesHex), all at once: a formation touches from both its hexes (§3.3).
      const idx = boardIndex(this.view.board);
      this.nextToEnemy = new Uint8Array(idx.size);
      for (const e of this.enemies) {
        const own = bodyHexes(e);
        for (const h of own)
          for (let d = 0; d < 6; d++) {
            const n = idx.neighbours[h * 6 + d];
            if (n >= 0 && !own.includes(n)) this.nextToEnemy[n] = 1;
          }
      }
    }
    return this.nextToEnemy[hex] === 1;
  }

  private inOpen?: Unit[];

  private threats(): Unit[] {
    return (this.inOpen ??= this.enemies.filter((e) => e.cohesion !== 'routed'));
  }
}

/** Whether an exit (§2.6.10) crosses the given map edge: from a hex along it, outward. */
export function leavesBy(
  view: GameState,
  exit: { hex: number; dir: Direction },
  edge: MapEdge,
): boolean {
  const outward: Record<MapEdge, Direction[]> = {
    north: [5, 0, 1],
    south: [2, 3, 4],
    east: [1, 2],
    west: [4, 5],
  };
  return onEdge(view.board, exit.hex, edge) && outward[edge].includes(exit.dir);
}

/** Whether a hex lies along a map edge. */
export function onEdge(board: Board, hex: number, edge: MapEdge): boolean {
  const { col, row } = offsetOf(board, hex);
  if (edge === 'north') return row === 0;
  if (edge === 'south') return row === board.rows - 1;
  if (edge === 'west') return col === 0;
  return col === board.cols - 1;
}

/**
 * `edgeField`, worked out once per board, kind of mover and edge (issue 9: a
 * search over the whole board, about a third of a millisecond, which every
 * move preview under a retreat directive asked again). It depends on nothing
 * else: the board is static, and the step costs are the same for every mover
 * that shares a step table (step-table.ts `moverKey`). Read only.
 */
function sharedEdgeField(board: Board, unit: Unit, edge: MapEdge): Float64Array {
  const table = stepTable(board, unit);
  let byEdge = edgeFields.get(table);
  if (!byEdge) edgeFields.set(table, (byEdge = new Map()));
  let field = byEdge.get(edge);
  if (!field) byEdge.set(edge, (field = edgeField(board, unit, edge)));
  return field;
}

const edgeFields = new WeakMap<StepTable, Map<MapEdge, Float64Array>>();

/**
 * Cost, in half points, from every hex to the edge hexes, with the unit's own
 * movement costs (a hex only minimal movement enters counting 150 % of its
 * capacity, as distances do, §2.6.2): a reverse uniform-cost search from the
 * edge. The last step off the map costs the same from every edge hex, so it
 * is left out.
 */
export function edgeField(board: Board, unit: Unit, edge: MapEdge): Float64Array {
  const size = board.cols * board.rows;
  const dist = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  const heap = new MinHeap((h) => dist[h]);
  for (let h = 0; h < size; h++) {
    if (onEdge(board, h, edge) && terrainAt(board, h) !== 'impassable') {
      dist[h] = 0;
      heap.push(h);
    }
  }
  const minimal = toHalves(movementPoints(unit) * movementTable.minimalMovementDistanceFactor);
  const done = new Uint8Array(size);
  for (let h = heap.pop(); h !== undefined; h = heap.pop()) {
    if (done[h]) continue;
    done[h] = 1;
    for (const d of DIRECTIONS) {
      const from = neighbour(board, h, d);
      if (from < 0 || done[from]) continue;
      const back = directionTo(board, from, h);
      if (back === -1) continue;
      const sc = stepCost(board, unit, from, back);
      if (sc.kind === 'forbidden') continue;
      const c = dist[h] + (sc.kind === 'minimal' ? minimal : sc.halves);
      if (c < dist[from]) {
        dist[from] = c;
        heap.push(from);
      }
    }
  }
  return dist;
}
