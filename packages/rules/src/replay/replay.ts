/**
 * Replays (issue 12): a battle step by step, as one seat may see it.
 *
 * A battle is its scenario, its seed and its actions: `replayBattle` plays
 * them again through these rules, checking each action's events (every
 * roll) against the record, and gives every state. `seatReplay` turns those
 * states into what one seat may see: at each step the events it received
 * and the state as `viewFor` shows it to that seat, each view sent as the
 * changes from the one before. Nothing else goes in: the seed, the dice
 * state and the other seats' actions stay out, so a running battle's replay
 * tells a seat exactly what it was told live (docs/replay.md).
 */
import { apply } from '../actions/apply';
import { viewFor } from '../fog/view';
import type { Scenario } from '../scenario/schema';
import { createGame } from '../scenario/create';
import { eventsFor, type GameEvent } from '../state/events';
import { stateHash } from '../state/hash';
import type { GameState, Seat } from '../state/types';
import { endOnTime } from '../turn/lost-on-time';
import { firstDifference, type BattleExport } from '../verify/battle-export';
import { RULES_VERSION } from '../version';
import { applyJsonPatch, jsonDiff, type JsonPatch } from './json-patch';

export const REPLAY_FORMAT = 'lames-replay/1';

/** Why a recorded battle cannot be replayed here, for a translated message. */
export type ReplayProblem =
  | { code: 'otherRulesVersion'; played: string; running: string }
  | { code: 'scenarioChanged' }
  | { code: 'diverged'; action: number; detail: string };

/** What replayBattle needs of a record: an export file has it all, and so has a running battle's record. */
export type RecordedBattle = Pick<BattleExport, 'rulesVersion' | 'seed' | 'initialStateHash' | 'lostOnTime'> & {
  actions: Pick<BattleExport['actions'][number], 'seat' | 'action' | 'events'>[];
};

export type ReplayedBattle =
  { ok: true; states: GameState[] } | { ok: false; problem: ReplayProblem };

/**
 * Every state of a battle, from the opening (states[0]) to after its last
 * action, and after its end on time when it was lost on time (one state
 * more than its actions then), played again under these rules. A battle recorded by another
 * rules version is not played at all: its actions could play out otherwise
 * (RULES_VERSION says so). `hash` is the state hash to check the opening
 * with (the server passes its faster one; the result is the same).
 */
export function replayBattle(
  record: RecordedBattle,
  scenario: Scenario,
  hash: (s: GameState) => string = stateHash,
): ReplayedBattle {
  if (record.rulesVersion !== RULES_VERSION)
    return {
      ok: false,
      problem: { code: 'otherRulesVersion', played: record.rulesVersion, running: RULES_VERSION },
    };
  let state = createGame(scenario, record.seed);
  if (hash(state) !== record.initialStateHash)
    return { ok: false, problem: { code: 'scenarioChanged' } };
  const states = [state];
  for (const [n, a] of record.actions.entries()) {
    const r = apply(state, a.seat, a.action);
    if (!r.ok)
      return { ok: false, problem: { code: 'diverged', action: n, detail: r.rejection.code } };
    // Compared as stored: JSON drops undefined members.
    const diff = firstDifference(a.events, JSON.parse(JSON.stringify(r.events)), 'events');
    if (diff) return { ok: false, problem: { code: 'diverged', action: n, detail: diff } };
    state = r.state;
    states.push(state);
  }
  if (record.lostOnTime) {
    const end = endOnTime(state, record.lostOnTime.losers);
    if (!end.ok) return { ok: false, problem: { code: 'diverged', action: record.actions.length, detail: end.problem } };
    states.push(end.state);
  }
  return { ok: true, states };
}

/** One step as sent: the action only when the seat sent it (or sees everything), the events the seat received, its view's changes. */
export interface ReplayStepWire {
  seat?: Seat;
  action?: { type: string };
  events: GameEvent[];
  patch: JsonPatch;
}

/** A seat's replay of a battle as the server sends it. */
export interface SeatReplayWire {
  format: typeof REPLAY_FORMAT;
  seat: Seat;
  rulesVersion: string;
  /** The seat's view of the opening state. */
  initial: GameState;
  steps: ReplayStepWire[];
}

/**
 * What `seat` may see of a battle at each step: `states` from replayBattle
 * (one more than `actions`). Another seat's action is left out (it names
 * pieces under covers); its trace is the events and the view, as live.
 */
export function seatReplay(
  states: readonly GameState[],
  actions: RecordedBattle['actions'],
  seat: Seat,
): SeatReplayWire {
  const views = states.map((s) => viewFor(s, seat));
  const steps = actions.map((a, n): ReplayStepWire => {
    // A view holds only JSON: compared as sent.
    const patch = jsonDiff(asJson(views[n]), asJson(views[n + 1]));
    const mine = a.seat === seat || seat === 'referee';
    return {
      ...(mine && { seat: a.seat, action: a.action }),
      events: eventsFor(a.events, seat),
      patch,
    };
  });
  return {
    format: REPLAY_FORMAT,
    seat,
    rulesVersion: RULES_VERSION,
    initial: asJson(views[0]),
    steps,
  };
}

/**
 * What POST /api/battles/<id>/replay answers (docs/replay.md): an ended
 * battle's export and scenario, which the browser plays again itself, or a
 * running battle's steps as the seat may see them.
 */
export type ReplayAnswer =
  | { kind: 'ended'; seat: Seat; export: BattleExport; scenario: Scenario }
  | ({ kind: 'live' } & SeatReplayWire);

/** One step as the viewer shows it: the view after the action. */
export interface ReplayFrame {
  seat?: Seat;
  action?: { type: string };
  events: GameEvent[];
  view: GameState;
}

/** The opening view and every step's view, rebuilt from the changes. */
export function expandReplay(wire: SeatReplayWire): { initial: GameState; frames: ReplayFrame[] } {
  let view = wire.initial;
  const frames = wire.steps.map((s) => {
    view = applyJsonPatch(view, s.patch);
    return {
      ...(s.seat !== undefined && { seat: s.seat }),
      ...(s.action && { action: s.action }),
      events: s.events,
      view,
    };
  });
  return { initial: wire.initial, frames };
}

function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
