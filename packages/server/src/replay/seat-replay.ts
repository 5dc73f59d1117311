/**
 * What a seat may see of a battle's history (issue 12, docs/replay.md).
 *
 * - An ended battle has no secret left: every seat and every spectator gets
 *   its export (scenario, seed, every action and its events) and the
 *   scenario it was played on, and the browser plays it again through the
 *   rules itself. The scenario is sent because the client bundle carries
 *   only public scenarios (never a unit deployed hidden); once a battle has
 *   ended, every such unit was shown to every seat anyway (issue 11).
 * - A running battle's secrets are the seed and what lies under the covers:
 *   the server plays it again and sends each player only its own view at
 *   every step (the events it received, the rules' `viewFor`), the referee
 *   the full view, and spectators nothing (they watch it live; what they
 *   may see of the past is the broadcast's business, not the replay's).
 */
import {
  replayBattle,
  seatReplay,
  type ReplayAnswer,
  type ReplayProblem,
  type Scenario,
  type Seat,
} from '@lames/rules';
import { actionsOf, ExportRefusal, exportOfRecord } from '../http/battles';
import { serverStateHash } from '../persistence/state-hash';
import type { BattleRecord } from '../persistence/store';

/** The replay `seat` may have of `record` (its journal already replayed); throws an ExportRefusal naming no secret. */
export function replayOf(
  record: BattleRecord,
  scenarios: ReadonlyMap<string, Scenario>,
  seat: Seat,
): ReplayAnswer {
  const scenario = scenarios.get(record.scenarioId);
  if (!record.dice || !record.played || !record.rulesVersion || !scenario) throw notReplayable();
  if (record.status === 'ended')
    return { kind: 'ended', seat, export: exportOfRecord(record, scenarios), scenario };
  if (seat === 'spectator') {
    throw new ExportRefusal(
      403,
      'replayAfterEnd',
      'Spectators watch a battle live; its replay opens to them once it has ended.',
    );
  }
  const actions = actionsOf(record);
  const replayed = replayBattle(
    {
      rulesVersion: record.rulesVersion,
      seed: record.dice.seed,
      initialStateHash: record.dice.initialStateHash,
      actions,
    },
    scenario,
    serverStateHash,
  );
  if (!replayed.ok) throw refusalOf(replayed.problem);
  return { kind: 'live', ...seatReplay(replayed.states, actions, seat) };
}

function notReplayable(): ExportRefusal {
  return new ExportRefusal(
    409,
    'notReplayable',
    'This battle was recorded before battles kept their seed and actions (or its scenario is no longer served): it cannot be replayed.',
  );
}

/**
 * Why the rules cannot play the battle again. A diverging action is not
 * described (its events may name what lies under a cover): only that the
 * battle and these rules disagree.
 */
function refusalOf(problem: ReplayProblem): ExportRefusal {
  if (problem.code === 'otherRulesVersion') {
    return Object.assign(
      new ExportRefusal(
        409,
        'otherRulesVersion',
        `This battle was played under rules version ${problem.played}; this server runs version ${problem.running}, whose rules may play it otherwise.`,
      ),
      {
        params: { played: problem.played, running: problem.running },
      },
    );
  }
  return new ExportRefusal(
    409,
    'rulesDisagree',
    'These rules do not play this battle as it was recorded (its scenario or its rules changed since): it cannot be replayed here.',
  );
}
