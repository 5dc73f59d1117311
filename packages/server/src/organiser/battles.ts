import { randomBytes } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { Scenario } from '@lames/rules';
import { replayJournal } from '../persistence/journal';
import { newBattleFacts } from '../persistence/new-battle';
import type { BattleAccess, BattleStore, BattleSummary, SeatAccess } from '../persistence/store';
import { freshInvites, handOver, type Invite } from '../rooms/access';
import { newClock, type TimeControl } from '../rooms/clock';
import type { Adjudication, Tournament, TournamentBattle } from './model';
import type { BattleOutcome } from './standings';

/**
 * The battles of a tournament round. A battle is opened the way a room opens
 * one (newBattleFacts: a fresh secret seed and its commitment, invites from rooms/access.ts) and
 * saved to the battle store with nobody seated; the first invite opened
 * resumes it in an ordinary room, like any saved battle (`resume`), so
 * seats, keys and secrecy are the room's own code.
 */

/** No seat holder: the organiser asks for invites over HTTP, never from a seat. */
export const ORGANISER_SEAT = 'organiser';

export interface OpenedBattle {
  battleId: string;
  invites: Invite[];
}

export async function openOrganisedBattle(opts: {
  store: BattleStore;
  scenario: Scenario;
  seed: string;
  battleName: string;
  referee: boolean;
  timeControl?: TimeControl;
}): Promise<OpenedBattle> {
  const battleId = randomBytes(9).toString('base64url');
  const sides = opts.scenario.sides.map((s) => s.id);
  const seats: Record<string, SeatAccess> = {};
  for (const id of opts.referee ? [...sides, 'referee'] : sides) seats[id] = { keyHash: null, inviteHash: null, playerName: null };
  // othersClaimed: a tournament battle must not expire before its players come (rooms/expiry.ts).
  const access: BattleAccess = { listed: false, creatorSeat: ORGANISER_SEAT, seats, spectatorHash: '', othersClaimed: true };
  const invites = await freshInvites(access);
  const now = new Date().toISOString();
  await opts.store.save({
    id: battleId,
    battleName: opts.battleName,
    scenarioId: opts.scenario.id,
    createdAt: now,
    updatedAt: now,
    status: 'playing',
    ...newBattleFacts(opts.scenario, opts.seed),
    log: [],
    access,
    actions: 0,
    // The clocks start once every side is claimed (rooms/clock.ts).
    ...(opts.timeControl && { clock: newClock(opts.timeControl, sides) }),
  });
  return { battleId, invites };
}

/**
 * New invites for the seats nobody holds in a saved battle (the old ones stop
 * working). Refused while a room runs the battle: the room holds its own copy
 * of the seats and would save over this change.
 */
export async function reissueInvites(store: BattleStore, battleId: string): Promise<Invite[] | null> {
  const stored = await store.load(battleId);
  if (!stored?.access) return null;
  const record = replayJournal(stored);
  const access = structuredClone(record.access!);
  const invites = await freshInvites(access);
  await store.save({ ...record, log: [...record.log], access, updatedAt: new Date().toISOString() });
  return invites;
}

/**
 * Gives a seat to someone else: its key (or pending invite) stops working and
 * a new invite comes back, as when a holder hands the seat over
 * (rooms/access.ts handOver). Null when the battle or the seat does not exist.
 * The caller checks first that no room runs the battle.
 */
export async function reassignSeat(store: BattleStore, battleId: string, seat: string): Promise<Invite | null> {
  const stored = await store.load(battleId);
  if (!stored?.access || !Object.hasOwn(stored.access.seats, seat)) return null;
  const record = replayJournal(stored);
  const access = structuredClone(record.access!);
  const invite = await handOver(access, seat);
  await store.save({ ...record, log: [...record.log], access, updatedAt: new Date().toISOString() });
  return invite;
}

/** Whether a room runs the battle now: it then owns the seats, and would save its own over a change made here. */
export async function roomIsOpen(battleId: string): Promise<boolean> {
  return (await matchMaker.query({ name: 'battle', roomId: battleId })).length > 0;
}

export type Phase = 'seating' | 'deploying' | 'playing' | 'awaitingDefender' | 'ended' | 'missing';

export interface BattleStatus {
  battleId: string;
  round: number;
  sides: { side: string; sideName: string; playerId: string; player: string; claimed: boolean }[];
  referee: { exists: boolean; claimed: boolean };
  /** seating until every side is claimed; then the battle's own phase. */
  phase: Phase;
  turn: number;
  activeSide: string | null;
  /** The side the game waits for when it is not simply the active side (a defender's choice, the last deployment). */
  awaiting: string | null;
  lastActionAt: string | null;
  result: (BattleOutcome & { adjudication?: Adjudication }) | null;
}

/** Each battle's status and outcome, from the stored summaries (and, for the finished ones, their records). */
export async function battleStatuses(store: BattleStore, t: Tournament): Promise<BattleStatus[]> {
  const all = t.rounds.flatMap((r) => r.battles.map((b) => ({ round: r.number, battle: b })));
  const summaries = new Map((await store.lookup(all.map((x) => x.battle.battleId))).map((s) => [s.battleId, s]));
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  return Promise.all(all.map(async ({ round, battle }) => statusOf(store, round, battle, summaries.get(battle.battleId), names)));
}

async function statusOf(store: BattleStore, round: number, battle: TournamentBattle, summary: BattleSummary | undefined, names: Map<string, string>): Promise<BattleStatus> {
  const sides = battle.sides.map((s) => {
    const side = summary?.sides.find((x) => x.id === s.side);
    return { side: s.side, sideName: side?.name ?? s.side, playerId: s.playerId, player: names.get(s.playerId) ?? s.playerId, claimed: !!side?.claimed };
  });
  const ended = summary?.status === 'ended';
  const result = battle.adjudication ? adjudicated(battle) : summary?.forfeit ? lostOnTime(battle, summary.forfeit) : ended ? await playedOutcome(store, battle) : null;
  return {
    battleId: battle.battleId,
    round,
    sides,
    referee: summary?.referee ?? { exists: false, claimed: false },
    phase: phaseOf(summary, sides.every((s) => s.claimed)),
    turn: summary?.turn ?? 0,
    activeSide: summary?.activeSide ?? null,
    awaiting: summary?.awaiting ?? null,
    lastActionAt: summary?.updatedAt ?? null,
    result,
  };
}

function phaseOf(summary: BattleSummary | undefined, seated: boolean): Phase {
  if (!summary) return 'missing';
  if (summary.status === 'ended') return 'ended';
  if (!seated) return 'seating';
  if (summary.status === 'deploying') return 'deploying';
  return summary.awaiting ? 'awaitingDefender' : 'playing';
}

function adjudicated(battle: TournamentBattle): BattleOutcome & { adjudication: Adjudication } {
  return { winner: battle.adjudication!.winner, points: {}, adjudication: battle.adjudication! };
}

/** A battle ended on time (rooms/clock.ts): the side left in time wins, without victory points. */
function lostOnTime(battle: TournamentBattle, forfeit: NonNullable<BattleSummary['forfeit']>): BattleOutcome {
  const playerOf = new Map(battle.sides.map((s) => [s.side, s.playerId]));
  const losers = forfeit.losers.flatMap((side) => playerOf.get(side) ?? []);
  return { winner: forfeit.winner === null ? null : (playerOf.get(forfeit.winner) ?? null), points: {}, forfeit: { losers, reason: 'timeout' } };
}

/** The rules' result of a finished battle, by player: the winner and each side's victory points. */
async function playedOutcome(store: BattleStore, battle: TournamentBattle): Promise<BattleOutcome | null> {
  const stored = await store.load(battle.battleId);
  const result = stored && replayJournal(stored).state.result;
  if (!result) return null;
  const playerOf = new Map(battle.sides.map((s) => [s.side, s.playerId]));
  const points: Record<string, number> = {};
  for (const score of result.scores) {
    const player = playerOf.get(score.side);
    if (player) points[player] = score.points;
  }
  return { winner: result.winner === null ? null : (playerOf.get(result.winner) ?? null), points };
}
