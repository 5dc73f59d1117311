import type { FireOption } from '@lames/rules';
import type { HexMarkKind } from '../../map/highlights';

/**
 * The shots a player is planning before confirming a fire (§3.2.3, §3.2.7):
 * one target per shot, in order, up to the unit's rate; or, for a unit of
 * several shots, all of them combined into one shot at a single target.
 * Pure, so the panel and the map read one model.
 */
export interface FirePlan {
  type: 'fire' | 'fireDuel';
  rate: number;
  shots: string[];
  combine: boolean;
}

export function emptyPlan(type: 'fire' | 'fireDuel', rate: number): FirePlan {
  return { type, rate: type === 'fireDuel' ? 1 : Math.max(1, rate), shots: [], combine: false };
}

/** Adds a shot at the target; a full plan (or a duel, or a combined shot) starts again from this target. */
export function addShot(plan: FirePlan, target: string): FirePlan {
  if (plan.combine || plan.shots.length >= plan.rate) return { ...plan, shots: [target] };
  return { ...plan, shots: [...plan.shots, target] };
}

export function removeShot(plan: FirePlan, index: number): FirePlan {
  return { ...plan, shots: plan.shots.filter((_, i) => i !== index) };
}

/** Combining needs several shots (§3.2.3): it keeps the first target only. */
export function canCombine(plan: FirePlan): boolean {
  return plan.type === 'fire' && plan.rate >= 2;
}

export function setCombine(plan: FirePlan, combine: boolean): FirePlan {
  if (!combine || !canCombine(plan)) return { ...plan, combine: false };
  return { ...plan, combine: true, shots: plan.shots.slice(0, 1) };
}

/** The bonus of combined shots (§3.2.3): +2 for two, +4 for three. */
export function combineBonus(rate: number): number {
  return rate >= 3 ? 4 : rate === 2 ? 2 : 0;
}

/** Every target of the plan is open to the shooter. */
export function planAllowed(plan: FirePlan, options: FireOption[]): boolean {
  if (plan.shots.length === 0) return false;
  return plan.shots.every((t) => options.some((o) => o.type === plan.type && o.target === t && o.allowed));
}

/** The action the plan sends. */
export function planAction(piece: string, plan: FirePlan): Record<string, unknown> {
  if (plan.type === 'fireDuel') return { type: 'fireDuel', piece, target: plan.shots[0] };
  return { type: 'fire', piece, targets: plan.shots, combine: plan.combine };
}

/** Rings on the map: planned targets gold, open targets red, refused ones grey. */
export function planMarks(plan: FirePlan, options: FireOption[], hexOf: (id: string) => number): { hex: number; kind: HexMarkKind }[] {
  const byHex = new Map<number, HexMarkKind>();
  const rank: Record<string, number> = { chosen: 3, target: 2, refused: 1 };
  for (const o of options) {
    if (o.type !== plan.type) continue;
    const hex = hexOf(o.target);
    if (hex < 0) continue;
    const kind: HexMarkKind = plan.shots.includes(o.target) ? 'chosen' : o.allowed ? 'target' : 'refused';
    if ((rank[byHex.get(hex) ?? ''] ?? 0) < rank[kind]) byHex.set(hex, kind);
  }
  return [...byHex].map(([hex, kind]) => ({ hex, kind }));
}

/** A click on a hex: the next open target there (cycling through a stack), or null. */
export function targetAt(plan: FirePlan, options: FireOption[], hex: number, hexOf: (id: string) => number, last: string | null): string | null {
  const here = [...new Set(options.filter((o) => o.type === plan.type && o.allowed && hexOf(o.target) === hex).map((o) => o.target))];
  if (here.length === 0) return null;
  const at = last ? here.indexOf(last) : -1;
  return here[(at + 1) % here.length];
}
