import type { Board, Unit } from '../state/types';
import { BodyPlace, bodyMove, bodySteps, dirBetween, moveHalves } from './formation-moves';
import { bodyEntryHalves } from './formation-terrain';
import { uniformCost } from './heap';
import type { StepTable } from './step-table';
import type { FieldSearch } from './threat-field';

/**
 * A formation as a threat (§2.5.3.1, §3.3.7): what it would spend, by its
 * own moves, to engage a unit standing in each hex, other units ignored.
 * A uniform-cost search over its body's places, stepping with the moves its
 * own move search tries (formation-moves.ts `bodySteps`: both hexes forward,
 * a pivot forward, the half-turn never twice without a move between), each
 * priced as its walker prices it (`bodyMove`, `moveHalves`: the dearer hex
 * of a shift, the moving hex of a pivot) on the ground alone
 * (formation-terrain.ts: clear terrain, no rough hexside), at its own
 * movement's costs (the step table of its class and, lowered by its mode,
 * capacity). A place engages every hex next to either of its hexes, in its
 * front zone, that the formation could enter or reach across the hexside
 * between (§2.3.2, units/engagement.ts `engages`, stacks ignored).
 *
 * A place is numbered once whichever of its hexes is named first: from its
 * hex `hex`, the other lies at `line` ∈ {0, 1, 2} (N, NE, SE); the facing is
 * one of the two vertices at 90° to that line, 2·line + 3 or its half-turn.
 * State k = ((hex × 3 + line) × 2 + which facing) × 2 + reached by turning.
 */
export function bodySearch(board: Board, t: StepTable, e: Unit): FieldSearch {
  const nb = t.neighbours;
  const enter = bodyEntryHalves(board, t);
  const { cost, heap, relax, settle } = uniformCost(t.size * 12);
  // A formation never leaves the map (§3.3.7: the walker refuses its exit, a withdrawal names no edge, formation-walker.ts): were it off, or its body unsound, it would threaten nobody.
  const start = { hex: e.hex, second: e.secondHex ?? -1, facing: e.facing };
  if (isSound(nb, start)) {
    cost[stateOf(nb, start, false)] = 0;
    heap.push(stateOf(nb, start, false));
  }
  const settleNext = (field: Float64Array): void => {
    const k = settle();
    if (k < 0) return;
    const c = cost[k];
    const b = placeOf(nb, k);
    engage(t, b, c, field);
    for (const step of bodySteps(nb, b, 'front', (k & 1) === 1)) {
      if ('face' in step) {
        relax(
          stateOf(nb, { ...b, facing: step.face }, true),
          c + t.turn[b.facing * 12 + step.face],
        );
        continue;
      }
      const m = bodyMove(nb, b, step);
      const h = m ? moveHalves(m, (from, dir) => enter[from * 6 + dir]) : Number.POSITIVE_INFINITY;
      if (h !== Number.POSITIVE_INFINITY) relax(stateOf(nb, m!.body, false), c + h);
    }
  };
  return { heap, settleNext };
}

/** Lowers the field at the hexes the body engages standing here (§2.3.2): next to either hex, in its front zone, adjacent in the game's sense. */
function engage(t: StepTable, b: BodyPlace, c: number, field: Float64Array): void {
  const nb = t.neighbours;
  for (const h of [b.hex, b.second])
    for (let d = 0; d < 6; d++) {
      const n = nb[h * 6 + d];
      if (
        n >= 0 &&
        n !== b.hex &&
        n !== b.second &&
        c < field[n] &&
        t.front[b.facing * 6 + d] &&
        t.adjacent[h * 6 + d]
      )
        field[n] = c;
    }
}

/** Two adjacent hexes of the map facing a vertex at 90° to their line (units/body.ts `bodyIsValid`). */
function isSound(nb: Int32Array, b: BodyPlace): boolean {
  if (b.hex < 0 || b.second < 0) return false;
  const line = dirBetween(nb, b.hex, b.second);
  return line !== -1 && (b.facing === (2 * line + 3) % 12 || b.facing === (2 * line + 9) % 12);
}

function stateOf(nb: Int32Array, b: BodyPlace, turned: boolean): number {
  let hex = b.hex;
  let line: number = dirBetween(nb, b.hex, b.second);
  if (line >= 3) [hex, line] = [b.second, line - 3];
  const which = b.facing === (2 * line + 3) % 12 ? 0 : 1;
  return ((hex * 3 + line) * 2 + which) * 2 + (turned ? 1 : 0);
}

function placeOf(nb: Int32Array, k: number): BodyPlace {
  const hex = (k / 12) | 0;
  const line = (k >> 2) % 3;
  return { hex, second: nb[hex * 6 + line], facing: (2 * line + 3 + 6 * ((k >> 1) & 1)) % 12 };
}
