import { apply } from '../actions/apply';
import type { Scenario } from '../scenario/schema';
import { createGame } from '../scenario/create';
import { stateHash } from '../state/hash';
import type { GameState, Seat } from '../state/types';
import { endOnTime } from '../turn/lost-on-time';
import { exportBattle, type BattleExport, type ExportedAction } from '../verify/battle-export';
import { RULES_VERSION } from '../version';

/** Scripted actions (randomGame's script) played again as the server records them: each one's events and the state hash after it. */
export function recordScript(
  scenario: Scenario,
  seed: string,
  script: readonly { seat: Seat; action: { type: string } }[],
): { actions: ExportedAction[]; state: GameState } {
  let state = createGame(scenario, seed);
  const actions = script.map(({ seat, action }, n) => {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`action ${n} refused: ${r.rejection.code}`);
    state = r.state;
    return { n, seat, action, events: r.events, stateHash: stateHash(state) };
  });
  return { actions, state };
}

/**
 * The export of a battle of these scripted actions, then lost on time by
 * `losers` (turn/lost-on-time.ts), as the server gives it and as read from
 * its file (JSON).
 */
export function exportLostOnTime(
  scenario: Scenario,
  seed: string,
  script: readonly { seat: Seat; action: { type: string } }[],
  losers: string[],
): BattleExport {
  const { actions, state } = recordScript(scenario, seed, script);
  const end = endOnTime(state, losers);
  if (!end.ok) throw new Error(end.problem);
  const file = exportBattle({
    battle: {
      id: 'lost-on-time',
      name: 'Le Gué',
      createdAt: '2026-11-25T08:00:00.000Z',
      endedAt: '2026-11-27T08:00:00.000Z',
    },
    scenario,
    seed,
    rulesVersion: RULES_VERSION,
    initialStateHash: stateHash(createGame(scenario, seed)),
    actions,
    lostOnTime: { losers, events: end.events },
    result: end.state.result ?? null,
    finalStateHash: stateHash(end.state),
  });
  return JSON.parse(JSON.stringify(file)) as BattleExport;
}
