import { apply, ApplyResult, GameState, MoveStep, Rejection } from '../src';

/** Applies an action that must succeed and returns the result. */
export function ok(state: GameState, seat: string, action: unknown): Extract<ApplyResult, { ok: true }> {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`refused: ${r.rejection.code} ${r.rejection.message.en}`);
  return r;
}

/** Applies an action that must be refused and returns why. */
export function refused(state: GameState, seat: string, action: unknown): Rejection {
  const r = apply(state, seat, action);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(action)}`);
  return r.rejection;
}

/** Activates a piece then moves it. */
export function activateAndMove(state: GameState, seat: string, piece: string, steps: MoveStep[], mode = 'normal') {
  const activated = ok(state, seat, { type: 'activate', piece }).state;
  return apply(activated, seat, { type: 'move', piece, steps, mode });
}

export function activated(state: GameState, seat: string, piece: string): GameState {
  return ok(state, seat, { type: 'activate', piece }).state;
}
