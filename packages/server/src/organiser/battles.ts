import { randomBytes } from 'node:crypto';
import type { Scenario } from '@lames/rules';
import { replayJournal } from '../persistence/journal';
import { newBattleFacts } from '../persistence/new-battle';
import type { BattleAccess, BattleStore, BattleSummary, SeatAccess } from '../persistence/store';
import { isBroadcast } from '../sync/broadcast-delay';
import { drawInvites, freshInvites, type Invite } from '../rooms/access';
import type { CommandError } from '../rooms/organiser-control';
import { issueToken } from '../rooms/seat-keys';
import { controlBattle } from './control';
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
  broadcastDelay?: number;
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
    ...(isBroadcast(opts.broadcastDelay) && { broadcastDelay: opts.broadcastDelay }),
  });
  return { battleId, invites };
}

/**
 * New invites for the seats nobody holds (the old ones stop working), made
 * by whoever owns the battle's seats now (control.ts): its room if one runs
 * it, else the store. Null when the battle cannot be reached.
 */
export async function reissueInvites(store: BattleStore, battleId: string): Promise<Invite[] | null> {
  const seats = await seatIds(store, battleId);
  if (!seats) return null;
  const drawn = await drawInvites(seats);
  const outcome = await controlBattle(store, battleId, { kind: 'invites', invites: drawn.map(({ seat, hash }) => ({ seat, hash })) });
  if (!outcome?.ok) return null;
  return drawn.filter((d) => outcome.seats.includes(d.seat)).map(({ seat, token }) => ({ seat, token }));
}

/**
 * Gives a seat to someone else: its key (or pending invite) stops working, a
 * connection sitting there is told and closed, and a new invite comes back,
 * as when a holder hands the seat over (rooms/access.ts handOver).
 */
export async function reassignSeat(store: BattleStore, battleId: string, seat: string): Promise<{ invite: Invite } | { error: CommandError } | null> {
  const invite = await issueToken();
  const outcome = await controlBattle(store, battleId, { kind: 'reassign', seat, inviteHash: invite.hash });
  if (!outcome) return null;
  return outcome.ok ? { invite: { seat, token: invite.token } } : { error: outcome.error };
}

/** The seats of a saved battle (sides, and the referee when it has one), from its stored summary. */
async function seatIds(store: BattleStore, battleId: string): Promise<string[] | null> {
  const summary = (await store.lookup([battleId]))[0];
  if (!summary) return null;
  return [...summary.sides.map((s) => s.id), ...(summary.referee.exists ? ['referee'] : [])];
}

export type Phase = 'seating' | 'deploying' | 'playing' | 'awaitingDefender' | 'pausedOnTime' | 'ended' | 'locked' | 'closed' | 'missing';

export interface BattleStatus {
  battleId: string;
  round: number;
  sides: { side: string; sideName: string; playerId: string; player: string; claimed: boolean }[];
  referee: { exists: boolean; claimed: boolean };
  /** seating until every side is claimed; then the battle's own phase; locked or closed by the organiser over both. */
  phase: Phase;
  /** Closed by the organiser: why and when (the battle then counts only if adjudicated). */
  closed: { reason: string; at: string } | null;
  turn: number;
  activeSide: string | null;
  /** The side the game waits for when it is not simply the active side (a defender's choice, the last deployment). */
  awaiting: string | null;
  lastActionAt: string | null;
  /** The sides whose time ran out under the notify or pause policy (rooms/clock.ts); [] when none. */
  timedOut: string[];
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
    timedOut: summary?.timeUp?.sides ?? [],
    closed: summary?.closed ?? null,
    result,
  };
}

function phaseOf(summary: BattleSummary | undefined, seated: boolean): Phase {
  if (!summary) return 'missing';
  // a closed battle's record is ended too (rooms/organiser-control.ts): the close is what the organiser reads
  if (summary.closed) return 'closed';
  if (summary.status === 'ended') return 'ended';
  if (summary.locked) return 'locked';
  // the time ran out under the pause policy: nothing moves until the opponent or the referee resumes
  if (summary.timeUp?.paused) return 'pausedOnTime';
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
