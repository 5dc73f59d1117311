import type { GameEvent, GameState, ReplayFrame, Seat } from '@lames/rules';

/**
 * The replay viewer's model (issue 12): the opening, then one step per
 * action, each with the view after it and the events it gave; and where the
 * turns and the activations begin, for stepping by them. Pure: the page
 * (page.ts) draws whichever step is current.
 */

export interface ReplayStep {
  /** 0 is the opening; step n is the state after the n-th action. */
  index: number;
  view: GameState;
  /** The events of this step's action, as this seat received them (none for the opening). */
  events: GameEvent[];
  /** The action, when this seat may know it (its own, or every action once the battle has ended). */
  action?: { type: string };
  seat?: Seat;
}

export interface ReplayModel {
  /** Whose view the steps hold; `full` when the seat sees everything (the referee, or any seat once the battle has ended). */
  seat: Seat;
  full: boolean;
  steps: ReplayStep[];
  /** Steps where a player turn begins (another turn number or another active side), the opening first. */
  turnStarts: number[];
  /** Steps where an activation begins (a piece newly activated), or a player turn begins. */
  activationStarts: number[];
}

export function buildModel(
  initial: GameState,
  frames: readonly ReplayFrame[],
  seat: Seat,
  full: boolean,
): ReplayModel {
  const steps: ReplayStep[] = [
    { index: 0, view: initial, events: [] },
    ...frames.map((f, i) => ({
      index: i + 1,
      view: f.view,
      events: f.events,
      ...(f.action && { action: f.action }),
      ...(f.seat && { seat: f.seat }),
    })),
  ];
  const turnStarts = [0];
  const activationStarts = [0];
  for (let i = 1; i < steps.length; i++) {
    const [before, now] = [steps[i - 1].view, steps[i].view];
    const newTurn = before.turn !== now.turn || before.activeSide !== now.activeSide;
    const piece = now.activation?.piece ?? null;
    if (newTurn) turnStarts.push(i);
    if (newTurn || (piece !== null && piece !== (before.activation?.piece ?? null)))
      activationStarts.push(i);
  }
  return { seat, full, steps, turnStarts, activationStarts };
}

/** The next start after `at` (or the last step), the previous before `at` (or the opening). */
export function nextStart(starts: readonly number[], at: number, last: number): number {
  return starts.find((s) => s > at) ?? last;
}

export function previousStart(starts: readonly number[], at: number): number {
  return [...starts].reverse().find((s) => s < at) ?? 0;
}

/** The keys of the viewer: one action, one activation (Shift), one turn (Page keys), the ends (Home/End). */
export type StepMove =
  | 'next'
  | 'previous'
  | 'nextActivation'
  | 'previousActivation'
  | 'nextTurn'
  | 'previousTurn'
  | 'first'
  | 'last';

export function moveTo(model: ReplayModel, at: number, move: StepMove): number {
  const last = model.steps.length - 1;
  switch (move) {
    case 'next':
      return Math.min(last, at + 1);
    case 'previous':
      return Math.max(0, at - 1);
    case 'nextActivation':
      return nextStart(model.activationStarts, at, last);
    case 'previousActivation':
      return previousStart(model.activationStarts, at);
    case 'nextTurn':
      return nextStart(model.turnStarts, at, last);
    case 'previousTurn':
      return previousStart(model.turnStarts, at);
    case 'first':
      return 0;
    case 'last':
      return last;
  }
}

/** The key that moves through the replay, or null. */
export function keyMove(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): StepMove | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowRight':
      return e.shiftKey ? 'nextActivation' : 'next';
    case 'ArrowLeft':
      return e.shiftKey ? 'previousActivation' : 'previous';
    case 'PageDown':
      return 'nextTurn';
    case 'PageUp':
      return 'previousTurn';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** The dice log as it stood at step `at`: every event up to it; `fresh` is how many at the end are the step's own. */
export function logAt(model: ReplayModel, at: number): { events: GameEvent[]; fresh: number } {
  const events = model.steps.slice(1, at + 1).flatMap((s) => s.events);
  return { events, fresh: model.steps[at]?.events.length ?? 0 };
}

/** The player turn a step belongs to, counted from 1, and how many there are. */
export function turnOf(model: ReplayModel, at: number): { n: number; of: number } {
  const n = model.turnStarts.filter((s) => s <= at).length;
  return { n, of: model.turnStarts.length };
}
