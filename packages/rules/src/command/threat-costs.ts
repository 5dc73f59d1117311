import { distance } from '../geometry/hex';
import { nearestFirst } from '../geometry/nearest-first';
import { Halves, toHalves } from '../movement/costs';
import { FieldCache } from '../movement/field-cache';
import type { ThreatField } from '../movement/threat-field';
import type { Board } from '../state/types';

/** One threat as the regroup directive prices it (§2.5.3.1): its field, where it stands, its normal allowance. */
export interface Threat {
  field: ThreatField;
  hex: number;
  allowance: Halves;
}

/**
 * The regroup directive's questions about one set of threats (§2.5.3,
 * §2.5.3.1), answered once per hex or per step and kept for every judge that
 * faces the same threats (issue 9): the nearest threat's cost of a hex (the
 * nearest-first order of the 75 threats of the stress battle, and their
 * fields), the threats that tie for it, whether a step moves away from them,
 * whether any threat reaches a hex. Every preview made a new judge and asked
 * them all again, hex by hex, though the answers depend only on the threats:
 * not on the unit judged (a threat's cost ignores the other units,
 * "sans tenir compte des autres Unités"), nor on the state around them.
 *
 * Shared through `threatCosts`, keyed by the threats' fields and allowances
 * alone: the threats are the enemies in the open of the judging side's view
 * (fields.ts), what that side sees, so a judge never finds here anything its
 * side could not work out — and whether the unit judged is a decoy or a
 * hidden unit does not enter the key at all.
 */
export class ThreatCosts {
  private readonly cost: Float64Array;
  private readonly nearest: Array<number[] | undefined>;
  private readonly reach: Int8Array;
  private readonly away = new Map<number, boolean>();

  constructor(
    private readonly board: Board,
    readonly threats: readonly Threat[],
  ) {
    const size = board.cols * board.rows;
    this.cost = new Float64Array(size).fill(Number.NaN);
    this.nearest = new Array(size);
    this.reach = new Int8Array(size).fill(-1);
  }

  /** Half points the nearest threat needs to engage a unit standing in this hex (Infinity: none can). */
  threatCost(hex: number): Halves {
    const known = this.cost[hex];
    if (!Number.isNaN(known)) return known;
    let best = Number.POSITIVE_INFINITY;
    // Nearest in hexes first, so that the bound stops the farther searches early; the least cost is the same in any order.
    for (const t of nearestFirst(this.threats, (t) => distance(this.board, t.hex, hex)))
      best = Math.min(best, t.field.at(hex, best));
    this.cost[hex] = best;
    return best;
  }

  /** The threats (their places in `threats`) whose cost to engage this hex is the nearest's; when several tie, the owner chooses (§2.5.3.1). */
  nearestAt(hex: number): number[] {
    let found = this.nearest[hex];
    if (!found) {
      const best = this.threatCost(hex);
      found = [];
      // Bounded by the nearest cost: a farther threat's search stops there (threat-field.ts).
      if (best !== Number.POSITIVE_INFINITY)
        for (let i = 0; i < this.threats.length; i++)
          if (this.threats[i].field.at(hex, best) === best) found.push(i);
      this.nearest[hex] = found;
    }
    return found;
  }

  /** One hex entered, `from` → `to`, puts at least ½ MP more between the unit and one of the nearest threats of `from` (§2.5.3). */
  stepsAway(from: number, to: number): boolean {
    const key = from * this.cost.length + to;
    let ok = this.away.get(key);
    if (ok === undefined) {
      const need = this.threatCost(from) + toHalves(0.5);
      this.away.set(
        key,
        (ok = this.nearestAt(from).some((i) => this.threats[i].field.at(to) >= need)),
      );
    }
    return ok;
  }

  /** §2.5.3 "Atteignable": some threat could engage a unit in this hex with its normal movement next turn. */
  reachable(hex: number): boolean {
    if (this.reach[hex] < 0)
      this.reach[hex] = this.threats.some((t) => t.field.at(hex, t.allowance) <= t.allowance)
        ? 1
        : 0;
    return this.reach[hex] === 1;
  }
}

const kept = new FieldCache<ThreatCosts>(16);
const fieldIds = new WeakMap<ThreatField, number>();
let nextFieldId = 0;

/**
 * The threat costs of these threats, shared with every judge that faces the
 * same ones. Keyed by each threat's field object (threat-field.ts hands out
 * the same object while the threat has not moved: it depends on the board,
 * the threat's start and its moves only) and allowance, in order. A field
 * built afresh — a hedgehog's, say — gets a new number, so the worst a key
 * can do is miss.
 */
export function threatCosts(board: Board, threats: readonly Threat[]): ThreatCosts {
  let key = '';
  for (const t of threats) {
    let id = fieldIds.get(t.field);
    if (id === undefined) fieldIds.set(t.field, (id = nextFieldId++));
    key += `${id}:${t.allowance},`;
  }
  return kept.get(key, () => new ThreatCosts(board, threats));
}
