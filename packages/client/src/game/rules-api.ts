import * as rules from '@lames/rules';
import type { Arrival, Directive, Facing, ForcedAction, GameState, Rejection, Seat, ShockOption, Text } from '@lames/rules';

/**
 * The chapter-2 option functions of @lames/rules, in the shapes the panels
 * draw: places (withdrawal, return) as one list of hexes or edges.
 */
export type { ForcedAction, Modifier, OrderOption, ShockOption } from '@lames/rules';

/** A place a withdrawal or a return may go: a hex, or an edge hexside to leave by. */
export interface PlaceOption {
  to: number | null;
  exit?: number;
  /** Only a minimal movement reaches it (§2.6.5). */
  minimal?: boolean;
  allowed: boolean;
  rejection?: Rejection;
}

/**
 * A flee arrival, previewed like a move arrival: `steps` are the hexes and
 * turns drawn on the map, `fleeSteps` what is sent (it may end by leaving the
 * map across an edge).
 */
export type FleeArrival = Arrival & { threat: string; fleeSteps: rules.FleeStep[]; exit?: number; minimal: boolean };

export const shockOptions = (view: GameState, seat: Seat, piece: string) => rules.shockOptions(view, seat, piece);
export const fleeArrivals = (view: GameState, seat: Seat, piece: string): FleeArrival[] =>
  rules.fleeArrivals(view, seat, piece).map((a) => ({
    ...a,
    steps: a.steps.filter((s): s is rules.MoveStep => !('exit' in s)),
    fleeSteps: a.steps,
    ends: null,
    charge: false,
    engaging: false,
  }));
export const faceOptions = (view: GameState, seat: Seat, piece: string): Facing[] => rules.faceOptions(view, seat, piece);
export const forcedAction = (view: GameState, piece: string): ForcedAction | null => rules.forcedAction(view, piece);
export const orderOptions = (view: GameState, seat: Seat, piece: string) => rules.orderOptions(view, seat, piece);
/**
 * How ending a move or flight in `hex` facing `facing` turns the piece
 * (§2.3.1, sheet 000 Orientation): to the stack's facing, a large unit
 * joining large friends paying a cohesion level when it can lose one
 * (§2.8.3.3); null when its facing stays.
 */
export function stackJoin(view: GameState, piece: string, hex: number, facing: Facing): { facing: Facing; cohesionLost: boolean } | null {
  const unit = view.units.find((u) => u.id === piece);
  if (!unit) return null;
  const joined = rules.joiningFacing(view, unit, hex, facing);
  if (joined === null || joined === facing) return null;
  return { facing: joined, cohesionLost: unit.size === 'large' && rules.cohesionCanFall(unit) };
}

export const lossChoices = (view: GameState, seat: Seat): rules.LossPlan[] => rules.lossChoices(view, seat);
export const commandPointsLeft = (view: GameState): number | null => rules.commandPointsLeft(view);

/** Where the unit may withdraw (§2.6.12), each with its verdict. */
export function withdrawOptions(view: GameState, seat: Seat, piece: string): PlaceOption[] {
  return placesOf(rules.withdrawOptions(view, seat, piece));
}

/** Where an off-map unit may come back (§2.6.10.2). */
export function returnOptions(view: GameState, seat: Seat, piece: string): PlaceOption[] {
  return placesOf(rules.returnOptions(view, seat, piece));
}

export const DIRECTIVES: Directive[] = ['attack', 'defend', 'regroup', 'retreat'];

/** Places in any of the forms the rules may give: hex indices, {hex}, or {to, exit, allowed, rejection}. */
export function placesOf(list: unknown[]): PlaceOption[] {
  const out: PlaceOption[] = [];
  for (const x of list) {
    if (typeof x === 'number') {
      if (Number.isInteger(x) && x >= 0) out.push({ to: x, allowed: true });
      continue;
    }
    if (typeof x !== 'object' || x === null) continue;
    const o = x as Partial<PlaceOption> & { hex?: number };
    const to =
      typeof o.to === 'number' && o.to >= 0
        ? o.to
        : typeof o.hex === 'number' && o.hex >= 0
          ? o.hex
          : null;
    if (to === null && typeof o.exit !== 'number') continue;
    out.push({
      to,
      ...(typeof o.exit === 'number' ? { exit: o.exit } : {}),
      minimal: !!o.minimal,
      allowed: o.allowed !== false,
      ...(o.rejection ? { rejection: o.rejection } : {}),
    });
  }
  return out;
}

/** A forced action's reason as text, with its section when it has one. */
export function reasonOf(r: ForcedAction['reason'], pick: (t: Text) => string): { text: string; section: string } {
  return { text: pick(r.message), section: r.section };
}

/** Whether a move arrival opens a charge (§2.6.9). */
export function arrivalCharges(a: Arrival): boolean {
  return a.charge;
}

export type ShockPick = 'contact' | 'charge';

/**
 * The markers the move rule accepts at this arrival (§2.6.8–2.6.9, rules
 * movement/charge-settle.ts): the charge when open; contact only when the
 * move ends engaging an enemy. None when no charge is open (the rule then
 * places contact by itself).
 */
export function shockChoices(a: Pick<Arrival, 'charge' | 'engaging' | 'ends'>): ShockPick[] {
  if (!a.charge) return [];
  const engaging = a.engaging ?? (a.ends === 'engaged' || a.ends === 'engaging');
  return engaging ? ['contact', 'charge'] : ['charge'];
}

/** The marker sent with the move: the player's pick when the rule accepts it here, else the first it accepts; none without a choice. */
export function shockToSend(a: Pick<Arrival, 'charge' | 'engaging' | 'ends'>, picked: ShockPick): ShockPick | undefined {
  const choices = shockChoices(a);
  return choices.includes(picked) ? picked : choices[0];
}

/**
 * Loss probabilities as a sorted list [losses, probability]; accepts the
 * plan's record form or an array of probabilities.
 */
export function oddsList(odds: ShockOption['odds'] | number[] | undefined): [number, number][] {
  if (!odds) return [];
  const entries: [number, number][] = Array.isArray(odds)
    ? odds.map((p, i) => [i, p])
    : Object.entries(odds).map(([k, p]) => [Number(k), p]);
  return entries
    .filter(([k, p]) => Number.isFinite(k) && typeof p === 'number')
    .sort((a, b) => a[0] - b[0]);
}

/** What a side deploys (§4.5.2): its zone, its hidden units to place, how many decoys, who has deployed. */
export const deploymentOptions = (view: GameState, seat: Seat) => rules.deploymentOptions(view, seat);
/** Why a placement would be refused (the deploy action's own checks, on the view); null when it would pass. */
export const deploymentRefusal = (view: GameState, seat: Seat, placement: rules.DeploymentPlacement): Rejection | null => rules.deploymentRefusal(view, seat, placement) ?? null;
