import type { Arrival, MoveMode, WithdrawOption } from '@lames/rules';

/**
 * Pure model of a formation's move preview (§3.3.7, docs/formations.md; no
 * Pixi: unit-tested under node). A formation stands on two hexes, so each
 * place it may end at is two hexes and a vertex facing: a click on either
 * hex of a place offers it, and the path shows both hexes after each step.
 */

/** Two hexes and a facing: where a formation stands (after a move, a withdrawal, a face). */
export interface BodyPlace {
  hex: number;
  second: number;
  facing: number;
}

/** One stage of a formation's path: both hexes after the step, and the points spent by then. */
export interface BodyStage extends BodyPlace {
  spent: number;
}

/** A place's two hexes, lowest first: the same place whichever hex the rules call first. */
export const bodyHexes = (b: Pick<BodyPlace, 'hex' | 'second'>): [number, number] =>
  b.hex < b.second ? [b.hex, b.second] : [b.second, b.hex];

/** Same two hexes and facing. */
export const samePlace = (a: BodyPlace, b: BodyPlace): boolean =>
  a.facing === b.facing && bodyHexes(a).join() === bodyHexes(b).join();

/**
 * Each choice listed under both its hexes, cheapest first then by facing:
 * a click on a hex offers every place that covers it, the cheapest first.
 */
export function choicesByHex<T extends BodyPlace>(
  choices: readonly T[],
  cost: (c: T) => number = () => 0,
): Map<number, T[]> {
  const by = new Map<number, T[]>();
  for (const c of choices) for (const hex of bodyHexes(c)) by.set(hex, [...(by.get(hex) ?? []), c]);
  for (const list of by.values())
    list.sort(
      (a, b) => cost(a) - cost(b) || a.facing - b.facing || a.hex + a.second - b.hex - b.second,
    );
  return by;
}

/** A formation's arrivals (those of `reachable()` carry `second`), by each of their hexes. */
export function bodyArrivalsByHex(
  arrivals: readonly Arrival[],
): Map<number, (Arrival & BodyPlace)[]> {
  const bodies = arrivals.filter((a): a is Arrival & BodyPlace => a.second !== undefined);
  return choicesByHex(bodies, (a) => a.cost);
}

/** The path of an arrival, from where the formation stands: both hexes at each stage, with the points spent then. */
export function bodyPath(start: BodyPlace, a: Arrival): BodyStage[] {
  const stages: BodyStage[] = [{ ...start, spent: 0 }];
  for (const s of a.trail ?? [])
    stages.push({ hex: s.hex, second: s.second, facing: s.facing, spent: s.spent });
  return stages;
}

/**
 * One place a formation may be sent to by the open action: where it stands
 * then, what it costs (null when nothing to show: a face, a withdrawal),
 * its path, and the action that sends it there.
 */
export interface BodyChoice extends BodyPlace {
  cost: number | null;
  path: BodyStage[];
  action: Record<string, unknown>;
  /** A withdrawal that may break the shaken formation: the hex it names for the extra step (§3.3.1.3, A-42). */
  heavier?: number;
}

/** A move's choices (§3.3.7): each arrival of `reachable()`, sent as its steps. */
export function moveChoices(
  piece: string,
  mode: MoveMode,
  start: BodyPlace,
  arrivals: readonly Arrival[],
): BodyChoice[] {
  return arrivals.flatMap((a) =>
    a.second === undefined
      ? []
      : [
          {
            hex: a.hex,
            second: a.second,
            facing: a.facing,
            cost: a.cost,
            path: bodyPath(start, a),
            action: { type: 'move', piece, mode, steps: a.steps },
          },
        ],
  );
}

/**
 * A withdrawal's choices: each allowed move back, a step back or a
 * pivot back, sent as its step; once per hex that may take the extra step
 * when its disengagement test would break the shaken formation (§3.3.1.3,
 * the owner names it with the withdrawal).
 */
export function withdrawChoices(
  piece: string,
  start: BodyPlace,
  options: readonly WithdrawOption[],
): BodyChoice[] {
  return options.flatMap((o) => {
    if (!o.allowed || !o.step || o.to === null || o.second === undefined || o.facing === undefined)
      return [];
    const place = { hex: o.to, second: o.second, facing: o.facing };
    const choice = {
      ...place,
      cost: null,
      path: [
        { ...start, spent: 0 },
        { ...place, spent: 0 },
      ],
      action: { type: 'withdraw', piece, step: o.step },
    };
    return o.heavier
      ? o.heavier.map((heavier) => ({ ...choice, heavier, action: { ...choice.action, heavier } }))
      : [choice];
  });
}

/** A face's choices (§3.3.7, FORM-54): the half-turn, or a forward pivot sent as its step. */
export function faceChoices(
  piece: string,
  options: readonly { facing: number; step?: { pivot: number; onto: number }; body: BodyPlace }[],
): BodyChoice[] {
  return options.map((o) => ({
    ...o.body,
    cost: null,
    path: [],
    action: { type: 'face', piece, facing: o.facing, ...(o.step ? { step: o.step } : {}) },
  }));
}
