import { matchMaker } from '@colyseus/core';
import { exportBattle, type BattleExport, type LostOnTimeEnd, type Scenario } from '@lames/rules';
import type { Application } from 'express';
import { z } from 'zod';
import { replayJournal } from '../persistence/journal';
import type { BattleRecord, BattleStore, BattleSummary } from '../persistence/store';
import { BATTLE_ID_PATTERN, isValidBattleId } from '../persistence/record-schema';
import { scenarioName, type BattleMetadata } from '../rooms/metadata';
import { forfeitEnd } from '../rooms/time-out';
import { serverStateHash } from '../persistence/state-hash';

export const PAGE_SIZE = 20;

/**
 * A battle as the lobby shows it: its stored public summary, and whether a
 * room runs it and who is connected there. Nothing that moves in the middle
 * of a turn (the last action's time, a defender's pending choice): see
 * liveFacts.
 */
export interface LobbyBattle extends Omit<BattleSummary, 'sides' | 'updatedAt' | 'awaiting' | 'locked' | 'closed' | 'adjudicated' | 'timeUp'> {
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

/** One page of listed battles, latest public moment first (persistence/public-moment.ts). Reads only stored summaries, never a record. */
export async function listBattlesPage(store: BattleStore, scenarios: ReadonlyMap<string, Scenario>, page: number) {
  const { battles, total } = await store.listListed(page, PAGE_SIZE);
  return { page, pageSize: PAGE_SIZE, total, battles: await withRooms(battles, scenarios) };
}

/**
 * The summaries of the battles a browser keeps links to (listed or not):
 * public facts only, in the order of the ids asked for. Never in the
 * store's order: PostgreSQL gives rows back where their last update left
 * them, so that order would tell which battle was written last (an action).
 */
export async function lookupBattles(store: BattleStore, scenarios: ReadonlyMap<string, Scenario>, ids: string[]) {
  const asked = [...new Set(ids)];
  const found = new Map((await store.lookup(asked)).map((s) => [s.battleId, s]));
  return { battles: await withRooms(asked.flatMap((id) => found.get(id) ?? []), scenarios) };
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
      ...liveFacts(s),
      sides: s.sides.map((side) => ({ id: side.id, name: side.name, claimed: side.claimed, playerName: side.playerName, connected: connected(side.id) })),
      referee: { exists: s.referee.exists, claimed: s.referee.claimed, connected: connected('referee') },
      spectators: typeof metadata?.spectators === 'number' ? metadata.spectators : 0,
      listed: s.listed,
      open: rooms.has(s.battleId),
      ...(s.timeControl && { timeControl: s.timeControl }),
      ...(s.forfeit && { forfeit: { losers: [...s.forfeit.losers], winner: s.forfeit.winner, reason: s.forfeit.reason } }),
    };
  });
}

/**
 * Where the battle stands and when it last moved, as of its last public
 * moment (persistence/public-moment.ts, docs/secrets.md S4): this listing is
 * public, and anything here that an action in the middle of a turn could
 * change (the time of the last action, `awaiting` a defender's choice of
 * losses or the last deployment) would tell anyone when a player acted, a
 * hidden unit's move from a decoy's or from none. A broadcast battle's
 * spectators must also learn nothing of the turns they do not see yet
 * (sync/broadcast.ts): until it ends it says only that it is broadcast, and
 * its publicAt moves only at game turns; its players see the rest on their
 * own page.
 */
function liveFacts(s: BattleSummary): Pick<LobbyBattle, 'status' | 'turn' | 'activeSide' | 'publicAt' | 'broadcastDelay'> {
  const publicAt = s.publicAt ?? '';
  if (s.broadcastDelay && s.status !== 'ended') return { status: 'playing', turn: 0, activeSide: '', publicAt, broadcastDelay: s.broadcastDelay };
  return { status: s.status, turn: s.turn, activeSide: s.activeSide, publicAt, ...(s.broadcastDelay && { broadcastDelay: s.broadcastDelay }) };
}

// --- export of a finished battle (issue 12) ---------------------------------

/** Why a battle cannot be exported: an HTTP status and a message anyone may read (it names no secret). */
export class ExportRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The export of an ended battle (scenario, seed, every action with its
 * events and state hash), for `npm run verify`. Refused while the battle is
 * being played, to every seat alike: the export holds the seed and every
 * hidden placement.
 */
export async function battleExportOf(store: BattleStore, scenarios: ReadonlyMap<string, Scenario>, id: string): Promise<BattleExport> {
  const stored = await store.load(id);
  if (!stored) throw new ExportRefusal(404, 'battleNotFound', `No battle has the id ${id}.`);
  return exportOfRecord(replayJournal(stored), scenarios);
}

/** The export of a battle's current record (with its journal replayed), refused as battleExportOf says. */
export function exportOfRecord(stored: BattleRecord, scenarios: ReadonlyMap<string, Scenario>): BattleExport {
  if (stored.status !== 'ended') throw new ExportRefusal(403, 'battleNotEnded', 'A battle can be exported once it has ended: until then its export would give away its secrets (hidden units, the dice seed).');
  // A battle lost on time before such an end went through the rules (only its clocks said so) is ended the same way here.
  const late = forfeitEnd(stored.state, stored.clock);
  const record = late ? { ...stored, state: late.state, log: [...stored.log, ...late.events] } : stored;
  const scenario = scenarios.get(record.scenarioId);
  if (!record.dice || !record.played || !record.rulesVersion || !scenario) {
    throw new ExportRefusal(409, 'notExportable', 'This battle was recorded before battles kept their seed and actions (or its scenario is no longer served): it cannot be exported.');
  }
  const onTime = lostOnTimeOf(record);
  return exportBattle({
    battle: { id: record.id, name: record.battleName, createdAt: record.createdAt, endedAt: record.updatedAt },
    scenario,
    seed: record.dice.seed,
    rulesVersion: record.rulesVersion,
    initialStateHash: record.dice.initialStateHash,
    actions: actionsOf(record),
    ...(onTime && { lostOnTime: onTime }),
    result: record.state.result ?? null,
    // Lost on time: the state after the end, which no action's hash gives.
    finalStateHash: onTime ? serverStateHash(record.state) : (record.played.at(-1)?.stateHash ?? record.dice.initialStateHash),
  });
}

/** The end on time of a battle lost on time (turn/lost-on-time.ts): its losers, and the events of the log after the last action's. */
function lostOnTimeOf(record: BattleRecord): LostOnTimeEnd | undefined {
  const result = record.state.result;
  if (result?.reason !== 'lostOnTime') return undefined;
  const after = (record.played ?? []).reduce((n, p) => n + p.events, 0);
  return { losers: result.defeated.map((d) => d.side), events: record.log.slice(after) };
}

/** Each played action with its own events, cut from the battle's log in order. */
export function actionsOf(record: BattleRecord): BattleExport['actions'] {
  let at = 0;
  const actions = record.played!.map((p, n) => {
    const events = record.log.slice(at, at + p.events);
    at += p.events;
    return { n, seat: p.seat, action: p.action, events, stateHash: p.stateHash };
  });
  if (at + (lostOnTimeOf(record)?.events.length ?? 0) !== record.log.length) throw new Error(`battle ${record.id}: its actions account for ${at} events of a log of ${record.log.length}`);
  return actions;
}

/** GET /api/battles/:id/export: the export file of an ended battle, as a download. */
export function mountBattleExport(app: Application, store: BattleStore, scenarios: ReadonlyMap<string, Scenario>): void {
  app.get('/api/battles/:id/export', async (req, res) => {
    const id = req.params.id;
    if (!isValidBattleId(id)) return void res.status(400).json({ error: 'invalidBattleId', message: 'expected 1 to 64 letters, digits, _ or -' });
    try {
      const file = await battleExportOf(store, scenarios, id);
      res.setHeader('Content-Disposition', `attachment; filename="lames-${id}.json"`);
      res.json(file);
    } catch (e) {
      if (!(e instanceof ExportRefusal)) throw e;
      res.status(e.status).json({ error: e.code, message: e.message });
    }
  });
}
