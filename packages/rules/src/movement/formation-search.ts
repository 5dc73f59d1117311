import { toPoints } from './costs';
import { engagingAt } from './charge-settle';
import { MinHeap } from './heap';
import type { MoveContext } from './move-context';
import { silent } from './refusal';
import { BodyPlace, bodySteps, dirBetween } from './formation-moves';
import { BodyStep, BodyWalk, BodyWay, startBodyWalk, tryBody } from './formation-walker';
import type { Arrival } from './reachable';

/**
 * Every place a two-hex body can end its move at (§3.3.7), each with its
 * cheapest sequence of elementary moves: a uniform-cost search over the
 * body's place (its two hexes, their line, its facing), walking each move
 * through the same walker that judges a submitted move. Forward for a move;
 * backward for a withdrawal. The arrival carries both hexes of every
 * step for the client's preview (`trail`).
 */
export function searchBodyArrivals(ctx: MoveContext, way: BodyWay = 'front'): Arrival[] {
  const nb = ctx.costs.neighbours;
  const placeKey = (b: BodyPlace) => (b.hex * 6 + dirBetween(nb, b.hex, b.second)) * 12 + b.facing;
  const key = (ws: BodyWalk) => (placeKey(ws) * 2 + (ws.reorientedSinceStep ? 1 : 0)) * 2 + (ws.engagingRun ? 1 : 0);
  const nodes = new Map<number, Node>();
  const start = startBodyWalk(ctx);
  const startKey = key(start);
  nodes.set(startKey, { ws: start, prev: -1, step: null });
  const heap = new MinHeap((k) => nodes.get(k)!.ws.spent);
  heap.push(startKey);
  const done = new Set<number>();
  for (let k = heap.pop(); k !== undefined; k = heap.pop()) {
    if (done.has(k)) continue;
    done.add(k);
    const { ws } = nodes.get(k)!;
    for (const step of stepsFrom(ctx, ws, way)) {
      const next = tryBody(ctx, ws, step, silent, way);
      if (!next) continue;
      const nk = key(next);
      const known = nodes.get(nk);
      if (done.has(nk) || (known && known.ws.spent <= next.spent)) continue;
      nodes.set(nk, { ws: next, prev: k, step });
      heap.push(nk);
    }
  }
  return bestArrivals(nodes, startKey, placeKey);
}

interface Node {
  ws: BodyWalk;
  prev: number;
  step: BodyStep | null;
}

/** The elementary moves worth trying (formation-moves.ts `bodySteps`); none once the move has ended. */
function stepsFrom(ctx: MoveContext, ws: BodyWalk, way: BodyWay): BodyStep[] {
  return ws.ended ? [] : bodySteps(ctx.costs.neighbours, ws, way, ws.reorientedSinceStep);
}

/** The cheapest way to each place (its two hexes and facing, whichever hex is called first). */
function bestArrivals(nodes: Map<number, Node>, startKey: number, placeKey: (b: BodyPlace) => number): Arrival[] {
  const best = new Map<number, number>();
  for (const [k, n] of nodes) {
    if (k === startKey) continue;
    const place = canonicalKey(n.ws, placeKey);
    const current = best.get(place);
    if (current === undefined || nodes.get(current)!.ws.spent > n.ws.spent) best.set(place, k);
  }
  return [...best.values()].map((k) => arrivalOf(nodes, k));
}

/** A place's key whichever of its hexes comes first. */
const canonicalKey = (b: BodyPlace, placeKey: (b: BodyPlace) => number) =>
  b.hex < b.second ? placeKey(b) : placeKey({ hex: b.second, second: b.hex, facing: b.facing });

function arrivalOf(nodes: Map<number, Node>, k: number): Arrival {
  const chain: Node[] = [];
  for (let n = nodes.get(k)!; n.step; n = nodes.get(n.prev)!) chain.push(n);
  chain.reverse();
  const { ws } = nodes.get(k)!;
  return {
    hex: ws.hex,
    second: ws.second,
    facing: ws.facing,
    cost: toPoints(ws.spent),
    steps: chain.map((n) => n.step!),
    trail: chain.map((n) => ({ hex: n.ws.hex, second: n.ws.second, facing: n.ws.facing, spent: toPoints(n.ws.spent) })),
    ends: ws.ended,
    charge: false,
    engaging: engagingAt(ws),
  };
}
