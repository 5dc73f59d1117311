import type { GameState } from '@lames/rules';
import { movesBroadcast } from '../sync/broadcast';

/**
 * The public moments of a battle (docs/secrets.md S4): the only times the
 * public lobby may say it moved. Anyone may read the lobby, and a battle's
 * place in it is a clock: moved by every action, it would tell an opponent
 * or a spectator when the other side acted, and a hidden unit's move from a
 * decoy's or from no move at all. So the lobby's time (BattleRecord.publicAt)
 * moves only when something every seat sees at that instant happens:
 * - a broadcast battle (sync/broadcast.ts): a game turn starts or the battle
 *   ends, the moments its broadcast moves on, nothing else of the live turn;
 * - any other battle: a player turn starts (the turn or the active side
 *   changes, the deployment ends), or the battle ends.
 * Creation, and an end declared by the organiser, are public moments too
 * (set where they happen).
 */
export function isPublicMoment(
  before: Pick<GameState, 'turn' | 'status' | 'activeSide' | 'deployment'>,
  after: Pick<GameState, 'turn' | 'status' | 'activeSide' | 'deployment'>,
  broadcast: boolean,
): boolean {
  if (movesBroadcast(before, after)) return true;
  if (broadcast) return false;
  return before.activeSide !== after.activeSide || !before.deployment !== !after.deployment;
}
