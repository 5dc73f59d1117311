/**
 * Dice anyone can check (issue 12): the export of a finished battle
 * (scenario, secret seed, every action) and its verification.
 *
 * When a battle is created the server draws its seed in secret and shows
 * every seat `seedHash(seed)`; the seed is revealed when the battle ends.
 * Everything is deterministic from the scenario and the seed, so anyone
 * holding the export can replay it with the same rules version and check
 * that every roll (the events) and every state (its stateHash) is what was
 * played, and that the seed is the one committed to at the start: nobody,
 * the server included, could have chosen the rolls once the battle began.
 */
import { apply } from '../actions/apply';
import type { Scenario } from '../scenario/schema';
import { createGame } from '../scenario/create';
import type { GameEvent } from '../state/events';
import type { GameState } from '../state/types';
import { sha256Hex, stateHash } from '../state/hash';
import { endOnTime } from '../turn/lost-on-time';
import type { GameResult } from '../turn/victory';
import { RULES_VERSION } from '../version';

export const EXPORT_FORMAT = 'lames-battle-export/1';

/** The commitment to a battle's seed shown to every seat at the start: SHA-256 (hex) of the seed's text (`printf %s SEED | sha256sum`). */
export function seedHash(seed: string): string {
  return sha256Hex(seed);
}

/** One action as played: who sent what, what it gave (rolls included) and the state's hash after it. */
export interface ExportedAction {
  n: number;
  seat: string;
  action: { type: string };
  events: GameEvent[];
  stateHash: string;
}

export interface BattleExport {
  format: typeof EXPORT_FORMAT;
  rulesVersion: string;
  battle: { id: string; name: string; createdAt: string; endedAt: string };
  scenarioId: string;
  /** stateHash of the scenario the battle was created from: a changed scenario file is told apart from a tampered export. */
  scenarioHash: string;
  seed: string;
  seedHash: string;
  initialStateHash: string;
  actions: ExportedAction[];
  /** The battle ended on time after its actions (turn/lost-on-time.ts): the sides that ran out, and the end's events. */
  lostOnTime?: LostOnTimeEnd;
  result: GameResult | null;
  finalStateHash: string;
}

/** A time control's forfeit, as exported: played again after the actions with endOnTime. */
export interface LostOnTimeEnd {
  losers: string[];
  events: GameEvent[];
}

/** What the server keeps of a finished battle: the hashes are those computed as it was played. */
export interface PlayedBattle {
  battle: BattleExport['battle'];
  scenario: Scenario;
  seed: string;
  rulesVersion: string;
  initialStateHash: string;
  actions: ExportedAction[];
  lostOnTime?: LostOnTimeEnd;
  result: GameResult | null;
  finalStateHash: string;
}

/** The export file's content; the seed's and the scenario's hashes are added here, from what they are. */
export function exportBattle(b: PlayedBattle): BattleExport {
  return {
    format: EXPORT_FORMAT,
    rulesVersion: b.rulesVersion,
    battle: b.battle,
    scenarioId: b.scenario.id,
    scenarioHash: stateHash(b.scenario),
    seed: b.seed,
    seedHash: seedHash(b.seed),
    initialStateHash: b.initialStateHash,
    actions: asJson(b.actions),
    ...(b.lostOnTime && { lostOnTime: asJson(b.lostOnTime) }),
    result: asJson(b.result),
    finalStateHash: b.finalStateHash,
  };
}

/** As it is written to a file (JSON drops undefined members and turns Infinity into null). */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export type Verdict = { ok: true; actions: number; finalStateHash: string; result: GameResult | null } | { ok: false; problem: string };

/**
 * Replays an export and checks it: the format, the rules version (a battle
 * is checked only under the rules that played it), the seed against its
 * hash, the scenario, then each action: accepted by the rules, giving the
 * same events (every roll) and the same state hash; finally the end.
 * The first problem found is described in plain words.
 */
export function verifyExport(file: unknown, scenarioById: (id: string) => Scenario | undefined): Verdict {
  const problem = (text: string): Verdict => ({ ok: false, problem: text });
  const x = file as Partial<BattleExport> | null;
  if (!x || typeof x !== 'object' || x.format !== EXPORT_FORMAT) return problem(`not a Lames battle export (expected "format": "${EXPORT_FORMAT}")`);
  const missing = (['rulesVersion', 'scenarioId', 'scenarioHash', 'seed', 'seedHash', 'initialStateHash', 'finalStateHash'] as const).find((k) => typeof x[k] !== 'string');
  if (missing) return problem(`the field "${missing}" is missing or not a string`);
  if (!Array.isArray(x.actions)) return problem('the field "actions" is missing or not a list');
  if (x.rulesVersion !== RULES_VERSION) {
    return problem(`this battle was played under rules version ${x.rulesVersion}; this verifier runs version ${RULES_VERSION}, whose rules may play it otherwise: check it with Lames ${x.rulesVersion}`);
  }
  if (seedHash(x.seed!) !== x.seedHash) return problem(`the seed does not match the seed hash shown at the start (SHA-256 of the seed is ${seedHash(x.seed!)}, the file says ${x.seedHash})`);
  const scenario = scenarioById(x.scenarioId!);
  if (!scenario) return problem(`unknown scenario "${x.scenarioId}"`);
  if (stateHash(scenario) !== x.scenarioHash) return problem(`the scenario "${x.scenarioId}" of this verifier differs from the one the battle was played on`);
  let state = createGame(scenario, x.seed!);
  if (stateHash(state) !== x.initialStateHash) return problem('the opening state differs from the scenario and seed played again');
  for (const [i, a] of x.actions.entries()) {
    const what = `action ${i} (${a?.action?.type ?? '?'} by ${a?.seat ?? '?'})`;
    if (a?.n !== i) return problem(`${what}: numbered ${String(a?.n)}, expected ${i}`);
    const r = apply(state, a.seat, a.action);
    if (!r.ok) return problem(`${what} is refused by the rules: ${r.rejection.code} (${r.rejection.message.en})`);
    const diff = firstDifference(a.events, asJson(r.events), 'events');
    if (diff) return problem(`${what} gives other events than the file says, a roll or its outcome: ${diff}`);
    state = r.state;
    if (stateHash(state) !== a.stateHash) return problem(`${what}: the state after it has hash ${stateHash(state)}, the file says ${a.stateHash}`);
  }
  if (x.lostOnTime !== undefined) {
    const ended = endedOnTime(state, x.lostOnTime);
    if (typeof ended === 'string') return problem(ended);
    state = ended;
  }
  if (state.status !== 'ended') return problem(`the battle has not ended after its ${x.actions.length} actions`);
  if (stateHash(state) !== x.finalStateHash) return problem(`the final state has hash ${stateHash(state)}, the file says ${x.finalStateHash}`);
  return { ok: true, actions: x.actions.length, finalStateHash: x.finalStateHash!, result: state.result ?? null };
}

/** The state after a battle's end on time as the file tells it, or what is wrong with it. */
function endedOnTime(state: GameState, end: Partial<LostOnTimeEnd> | null): GameState | string {
  if (!end || !Array.isArray(end.losers) || !Array.isArray(end.events)) return 'the field "lostOnTime" must hold the list "losers" and the list "events"';
  const r = endOnTime(state, end.losers);
  if (!r.ok) return `the end on time after the last action cannot be played: ${r.problem}`;
  const diff = firstDifference(end.events, asJson(r.events), 'lostOnTime.events');
  return diff ? `the end on time gives other events than the file says: ${diff}` : r.state;
}

/** Where two JSON values first differ, as `path: file X, rules Y`; null when equal. */
export function firstDifference(file: unknown, rules: unknown, path: string): string | null {
  if (Array.isArray(file) && Array.isArray(rules)) {
    for (let i = 0; i < Math.max(file.length, rules.length); i++) {
      const d = firstDifference(file[i], rules[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (file && rules && typeof file === 'object' && typeof rules === 'object' && !Array.isArray(file) && !Array.isArray(rules)) {
    const keys = [...new Set([...Object.keys(file), ...Object.keys(rules)])].sort();
    for (const k of keys) {
      const d = firstDifference((file as Record<string, unknown>)[k], (rules as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return JSON.stringify(file) === JSON.stringify(rules) ? null : `${path}: file ${JSON.stringify(file) ?? 'nothing'}, rules ${JSON.stringify(rules) ?? 'nothing'}`;
}
