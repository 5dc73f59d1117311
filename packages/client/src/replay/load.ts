import {
  eventsFor,
  expandReplay,
  replayBattle,
  viewFor,
  type ReplayAnswer,
  type ReplayFrame,
  type ReplayProblem,
} from '@lames/rules';
import { buildModel, type ReplayModel } from './steps';

/**
 * The two answers of POST /api/battles/<id>/replay (docs/replay.md) turned
 * into the viewer's steps: a running battle's steps come filtered by the
 * server; an ended battle's export is played again here, with the rules
 * this page carries, every action's events checked against the file.
 */

/** Why there is no replay to show, for a translated message. */
export type ReplayFailure =
  | ReplayProblem
  | { code: 'noSeat' }
  | { code: 'replayAfterEnd' }
  | { code: 'refused'; text: string };

export type Loaded = { ok: true; model: ReplayModel } | { ok: false; failure: ReplayFailure };

export function modelOf(answer: ReplayAnswer): Loaded {
  if (answer.kind === 'live') {
    const { initial, frames } = expandReplay(answer);
    return { ok: true, model: buildModel(initial, frames, answer.seat, answer.seat === 'referee') };
  }
  const file = answer.export;
  const replayed = replayBattle(file, answer.scenario);
  if (!replayed.ok) return { ok: false, failure: replayed.problem };
  // The battle has ended: nothing is secret, every step shows everything.
  const views = replayed.states.map((s) => viewFor(s, 'referee'));
  const frames: ReplayFrame[] = file.actions.map((a, n) => ({
    seat: a.seat,
    action: a.action,
    events: eventsFor(a.events, 'referee'),
    view: views[n + 1],
  }));
  // A battle lost on time ends after its last action, with no action of a seat: one step more.
  if (file.lostOnTime) frames.push({ events: eventsFor(file.lostOnTime.events, 'referee'), view: views[frames.length + 1] });
  return { ok: true, model: buildModel(views[0], frames, answer.seat, true) };
}

/** The credential a replay is asked with: the seat key, the spectator link, or a listed battle's spectator chair. */
export type ReplayCredential = { key: string } | { invite: string } | { seat: 'spectator' };

export async function loadReplay(battleId: string, credential: ReplayCredential): Promise<Loaded> {
  const res = await fetch(`/api/battles/${encodeURIComponent(battleId)}/replay`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(credential),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return modelOf(body as unknown as ReplayAnswer);
  return { ok: false, failure: failureOf(body, res.status) };
}

/** A refusal of the server as a failure: the codes the viewer explains, else the server's own words. */
export function failureOf(body: Record<string, unknown>, status: number): ReplayFailure {
  const code = body.error;
  if (
    code === 'otherRulesVersion' &&
    typeof body.played === 'string' &&
    typeof body.running === 'string'
  )
    return { code, played: body.played, running: body.running };
  if (code === 'rulesDisagree') return { code: 'diverged', action: -1, detail: '' };
  if (code === 'replayAfterEnd' || code === 'seatRefused')
    return { code: code === 'seatRefused' ? 'noSeat' : code };
  return { code: 'refused', text: typeof body.message === 'string' ? body.message : `${status}` };
}
