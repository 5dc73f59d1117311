import { planKey, sameButHeavier, type LossPlan } from '@lames/rules';
import type { HexMarkKind } from '../map/highlights';

/**
 * The recoil places of a defender's loss plans on the map (§2.7.5): a
 * one-hex unit's recoil hex, or a formation's new position, both its hexes
 * (`recoil`, `recoilSecond`, §3.3.8.1: a pivot back or a step back). A click
 * on a hex picks a position through it; again, the next one through it;
 * when the recoil breaks a shaken formation of odd steps, the clicked hex
 * takes the extra step (§3.3.1.3, A-42).
 * Pure, so the map and the tests read one model.
 */

/** The hexes of a plan's recoil: none, one, or a formation's two. */
export function recoilHexes(plan: LossPlan): number[] {
  if (plan.recoil === undefined) return [];
  return plan.recoilSecond === undefined ? [plan.recoil] : [plan.recoil, plan.recoilSecond];
}

const positionKey = (plan: LossPlan) => recoilHexes(plan).join(',');

/** Rings: every hex of every position, the chosen plan's in gold. */
export function recoilMarks(choices: LossPlan[], chosen: LossPlan | null): { hex: number; kind: HexMarkKind }[] {
  const picked = new Set(chosen ? recoilHexes(chosen) : []);
  const hexes = new Set(choices.flatMap(recoilHexes));
  return [...hexes].map((hex) => ({ hex, kind: picked.has(hex) ? 'chosen' : 'option' }));
}

/**
 * The plan a click on `hex` picks: the first plan of the next position
 * through that hex (cycling from the chosen one), or null when no recoil
 * goes there. The chosen plan stays when it is the only position there.
 */
export function recoilAt(choices: LossPlan[], hex: number, chosen: LossPlan | null): LossPlan | null {
  const positions: LossPlan[] = [];
  for (const plan of choices) {
    if (recoilHexes(plan).includes(hex) && !positions.some((p) => positionKey(p) === positionKey(plan))) positions.push(plan);
  }
  if (positions.length === 0) return null;
  const at = chosen ? positions.findIndex((p) => positionKey(p) === positionKey(chosen)) : -1;
  if (at >= 0 && positions.length === 1) return heavierAt(choices, choices.find((p) => planKey(p) === planKey(chosen!)) ?? positions[0], hex);
  return heavierAt(choices, positions[(at + 1) % positions.length], hex);
}

/**
 * A shaken formation's recoil breaks it (§3.3.1.3, A-42): the plan of the
 * same position whose extra step goes to the clicked hex, when the owner has
 * that choice; else the plan itself.
 */
function heavierAt(choices: LossPlan[], plan: LossPlan, hex: number): LossPlan {
  if (plan.heavier === undefined) return plan;
  return choices.find((p) => p.heavier === hex && sameButHeavier(p, plan)) ?? plan;
}
