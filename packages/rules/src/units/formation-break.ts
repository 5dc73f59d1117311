import { formationTable } from '../data';
import { event, GameEvent, ReleasedTroop } from '../state/events';
import type { GameState, Unit } from '../state/types';
import { conserveLosses, lostSteps, releasedTroop } from './formation-assembly';
import { troopProfilesOf } from './formation';

/**
 * A formation broken into simple troops (§3.3.1.3, §3.3.12; l.2124 below
 * three steps). Voluntary, by a cohesion loss, or for want of steps: the
 * split is the same, the troops' state follows the cause.
 */
export type BreakCause = 'voluntary' | 'cohesion' | 'steps';

/** First priority (l.2191): the steps as equal as possible between the two hexes, the larger share first (9 → 5 and 4). */
export function shareSteps(steps: number): [number, number] {
  return [Math.ceil(steps / 2), Math.floor(steps / 2)];
}

/** Second priority (l.2192): troops as complete as possible (5 → 2+2+1, 4 → 2+2). */
export function troopsOf(steps: number): number[] {
  const full = formationTable.stepsPerFigure;
  const out = Array<number>(Math.floor(steps / full)).fill(full);
  return steps % full === 0 ? out : [...out, steps % full];
}

/** The troops of each hex, the hex with the larger share first: `heavier` (the owner's choice, A-42) or the formation's first hex. */
export function breakPlan(
  f: Pick<Unit, 'hex' | 'secondHex' | 'steps'>,
  heavier?: number,
): { hex: number; steps: number }[] {
  const second = f.secondHex!;
  const [big, small] = heavier === second ? [second, f.hex] : [f.hex, second];
  const [a, b] = shareSteps(f.steps);
  return [
    ...troopsOf(a).map((s) => ({ hex: big, steps: s })),
    ...troopsOf(b).map((s) => ({ hex: small, steps: s })),
  ];
}

/**
 * Breaks formation `f` where it stands. The formation itself becomes the
 * first troop (its id, its place in a combat or an activation under way),
 * the others are new; every troop takes its type, facing, breath, cohesion
 * (shaken after a cohesion loss: it already is, l.2189) and ammunition
 * (l.2312, S1 l.196-197), and its place in each stack. Broken voluntarily,
 * they are all activated (S1 l.195); otherwise they keep its order marker.
 * A forced break may leave more than 10 points in a hex (l.2191, A-20).
 */
export function breakFormation(
  state: GameState,
  f: Unit,
  cause: BreakCause,
  section: string,
  heavier?: number,
): GameEvent[] {
  const lost = lostSteps(f);
  const plan = breakPlan(f, heavier);
  const profiles = troopProfilesOf(state, f);
  const total = f.steps;
  const others = plan.slice(1).map((p) => releasedTroop(state, f, p.hex, p.steps));
  becomeTroop(f, plan[0].hex, plan[0].steps, profiles);
  const troops = [f, ...others];
  conserveLosses(troops, lost);
  if (cause === 'voluntary') for (const t of troops) t.order = 'activated';
  const report: ReleasedTroop[] = troops.map((t) => ({ id: t.id, hex: t.hex, steps: t.steps }));
  return [
    event(
      { type: 'troopsReleased', action: 'break', cause, unit: f.id, troops: report, steps: total },
      section,
    ),
  ];
}

/** The formation's counter turns into its first troop's. */
function becomeTroop(f: Unit, hex: number, steps: number, profiles: Unit['profiles']): void {
  f.hex = hex;
  delete f.secondHex;
  delete f.formationMode;
  f.steps = steps;
  f.profiles = profiles;
}
