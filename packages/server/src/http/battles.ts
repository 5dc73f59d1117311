import { matchMaker } from '@colyseus/core';
import type { Scenario } from '@lames/rules';
import { z } from 'zod';
import type { BattleStore, BattleSummary } from '../persistence/store';
import { BATTLE_ID_PATTERN } from '../persistence/record-schema';
import { scenarioName, type BattleMetadata } from '../rooms/metadata';

export const PAGE_SIZE = 20;

/** A battle as the lobby shows it: its stored public summary, and whether a room runs it and who is connected there. */
export interface LobbyBattle extends Omit<BattleSummary, 'sides'> {
  scenarioName: { fr: string; en: string } | null;
  sides: Array<BattleSummary['sides'][number] & { connected: boolean }>;
  referee: BattleSummary['referee'] & { connected: boolean };
  spectators: number;
  /** A room is running the battle: join it by id (else create with `resume`). */
  open: boolean;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(0).max(100_000).default(0),
});

export const lookupBodySchema = z.object({
  ids: z.array(z.string().regex(BATTLE_ID_PATTERN, 'expected a battle id')).max(50, 'at most 50 ids'),
});

/** One page of listed battles, most recently active first. Reads only stored summaries, never a record. */
export async function listBattlesPage(store: BattleStore, scenarios: ReadonlyMap<string, Scenario>, page: number) {
  const { battles, total } = await store.listListed(page, PAGE_SIZE);
  return { page, pageSize: PAGE_SIZE, total, battles: await withRooms(battles, scenarios) };
}

/** The summaries of the battles a browser keeps links to (listed or not): public facts only. */
export async function lookupBattles(store: BattleStore, scenarios: ReadonlyMap<string, Scenario>, ids: string[]) {
  return { battles: await withRooms(await store.lookup([...new Set(ids)]), scenarios) };
}

/** Merges what running rooms say of who is connected. Fields are copied one by one: nothing else in a room's metadata reaches the lobby. */
async function withRooms(summaries: BattleSummary[], scenarios: ReadonlyMap<string, Scenario>): Promise<LobbyBattle[]> {
  const rooms = summaries.length ? await matchMaker.findRoomsByIds(summaries.map((s) => s.battleId)) : new Map();
  return summaries.map((s) => {
    const metadata = rooms.get(s.battleId)?.metadata as BattleMetadata | undefined;
    const connected = (seat: string) => metadata?.connected?.[seat] === true;
    return {
      battleId: s.battleId,
      battleName: s.battleName,
      scenarioId: s.scenarioId,
      scenarioName: scenarioName(s.scenarioId, scenarios),
      status: s.status,
      turn: s.turn,
      activeSide: s.activeSide,
      ...(s.awaiting !== undefined && { awaiting: s.awaiting }),
      sides: s.sides.map((side) => ({ id: side.id, name: side.name, claimed: side.claimed, playerName: side.playerName, connected: connected(side.id) })),
      referee: { exists: s.referee.exists, claimed: s.referee.claimed, connected: connected('referee') },
      spectators: typeof metadata?.spectators === 'number' ? metadata.spectators : 0,
      listed: s.listed,
      open: rooms.has(s.battleId),
      updatedAt: s.updatedAt,
    };
  });
}
