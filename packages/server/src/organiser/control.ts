import { matchMaker } from '@colyseus/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { replayJournal } from '../persistence/journal';
import type { BattleStore } from '../persistence/store';
import type { BattleRoom } from '../rooms/battle-room';
import {
  applyCommand,
  endedByOrganiser,
  endsBattle,
  recordStatus,
  type CommandOutcome,
  type OrganiserCommand,
} from '../rooms/organiser-control';
import { claimOpenBattle } from '../scaling';
import { broadcastChannel } from '../sync/broadcast';
import { isBroadcast } from '../sync/broadcast-delay';

/**
 * Carries an organiser's command to the one place that owns the battle's
 * seats at that moment (issue 12: lock, close, reassign, fresh invites,
 * whether or not a room runs the battle, in whichever process).
 *
 * The claim a resuming room takes in the shared presence (scaling.ts) says
 * who owns the battle. The organiser takes the same claim: when it gets it,
 * no room runs the battle nor can open it meanwhile, and the command is
 * made on the stored record. When it does not, a room holds the battle, and
 * the command goes to that room through Colyseus's room calls (the
 * presence's pub/sub with REDIS_URL, so it reaches another process); the
 * room applies it after its queued actions, saves, and tells its seats.
 * A room still opening or closing answers neither way for a moment: the
 * command is tried again a few times.
 */
const ATTEMPTS = 5;
const RETRY_MS = 300;
const ROOM_CALL_MS = 5_000;

/** The outcome, or null when the battle could not be reached (no record, or a room that never answered). */
export async function controlBattle(
  store: BattleStore,
  battleId: string,
  cmd: OrganiserCommand,
): Promise<CommandOutcome | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(RETRY_MS);
    const claim = await claimOpenBattle(matchMaker.presence, battleId);
    if (claim) {
      try {
        return await onStore(store, battleId, cmd);
      } finally {
        await claim.release();
      }
    }
    try {
      return (await matchMaker.remoteRoomCall<BattleRoom>(
        battleId,
        'organiserCommand',
        [cmd],
        ROOM_CALL_MS,
      )) as CommandOutcome;
    } catch {
      // the room is opening (not yet answering) or closing (its claim not yet released): try again
    }
  }
  return null;
}

/**
 * No room runs the battle (the caller holds its claim): the command is made
 * on the record and saved. An end (close, adjudication) is stored as ended
 * before the broadcast rooms of the battle (any process) are told to show it.
 */
async function onStore(
  store: BattleStore,
  battleId: string,
  cmd: OrganiserCommand,
): Promise<CommandOutcome | null> {
  const stored = await store.load(battleId);
  if (!stored?.access) return null;
  const record = replayJournal(stored);
  const access = structuredClone(record.access!);
  // Ended by the rules or the clock, not by an earlier close or adjudication.
  const ended = record.status === 'ended' && !endedByOrganiser(record.access);
  const outcome = applyCommand(access, cmd, ended);
  if (!outcome.ok) return outcome;
  await store.save({
    ...record,
    log: [...record.log],
    access,
    status: recordStatus(record.state.status, access, !!record.clock?.forfeit),
    updatedAt: new Date().toISOString(),
    ...(endsBattle(cmd) && { publicAt: cmd.at }),
  });
  if (endsBattle(cmd) && isBroadcast(record.broadcastDelay))
    await matchMaker.presence.publish(broadcastChannel(battleId), record.state.turn);
  return outcome;
}
