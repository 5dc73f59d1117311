import { matchMaker } from '@colyseus/core';
import type { Scenario } from '@lames/rules';
import type { BattleStore } from '../persistence/store';
import { scenarioName, type BattleMetadata } from '../rooms/metadata';

/** An open battle as the lobby lists it: the room's public metadata, under its room id. */
export type OpenBattle = Omit<BattleMetadata, 'battleId'> & { roomId: string };

/** A saved, unfinished battle no room has open: creating a room with {resume: battleId} continues it. */
export interface ResumableBattle {
  battleId: string;
  battleName: string;
  scenarioId: string;
  scenarioName: { fr: string; en: string } | null;
  updatedAt: string;
  /** The sides to resume as; none is taken while no room is open. */
  sides: { id: string; name: string; taken: false }[];
  hasReferee: boolean;
}

/**
 * The lobby: open battles from the matchmaker, then saved battles that are
 * not open. Fields are copied one by one from the room metadata, so nothing
 * a room might add there (never the referee code) reaches the lobby by
 * accident.
 */
export async function listBattles(
  store: BattleStore,
  scenarios: ReadonlyMap<string, Scenario>,
  logError: (message: string, error?: unknown) => void,
): Promise<{ open: OpenBattle[]; resumable: ResumableBattle[] }> {
  const rooms = await matchMaker.query({ name: 'battle' });
  const open = rooms.filter((r) => r.metadata).map((r) => openBattle(r.roomId, r.metadata as BattleMetadata));
  const openIds = new Set(open.map((b) => b.roomId));
  let saved: Awaited<ReturnType<BattleStore['listUnfinished']>> = [];
  try {
    saved = await store.listUnfinished();
  } catch (e) {
    logError('the lobby could not list saved battles', e);
  }
  const resumable = saved
    .filter((b) => !openIds.has(b.id))
    .map((b) => ({
      battleId: b.id,
      battleName: b.battleName,
      scenarioId: b.scenarioId,
      scenarioName: scenarioName(b.scenarioId, scenarios),
      updatedAt: b.updatedAt,
      sides: b.sides.map((s) => ({ id: s.id, name: s.name, taken: false as const })),
      hasReferee: b.hasReferee,
    }));
  return { open, resumable };
}

function openBattle(roomId: string, m: BattleMetadata): OpenBattle {
  return {
    roomId,
    battleName: m.battleName,
    scenarioId: m.scenarioId,
    scenarioName: m.scenarioName,
    status: m.status,
    sides: m.sides.map((s) => ({ id: s.id, name: s.name, taken: s.taken })),
    hasReferee: m.hasReferee,
    refereeSeated: m.refereeSeated,
    spectators: m.spectators,
  };
}
