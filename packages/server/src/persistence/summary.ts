import type { GameState } from '@lames/rules';
import type { BattleRecord } from './store';
import { isBroadcast } from '../sync/broadcast-delay';

/**
 * What the lobby may know of a saved battle: public facts only (never its
 * log, its state, a key or an invite). Stores keep it next to the record so
 * that listing never reads a game state.
 */
export interface BattleSummary {
  battleId: string;
  battleName: string;
  scenarioId: string;
  status: 'deploying' | 'playing' | 'ended';
  turn: number;
  activeSide: string;
  /** The side the game waits for when it is not simply the active side's turn (a choice of losses, the last deployment). */
  awaiting?: string;
  sides: { id: string; name: string; claimed: boolean; playerName: string | null }[];
  referee: { exists: boolean; claimed: boolean };
  listed: boolean;
  /** The last write (any action): for the organiser's API only, never the public lobby (http/battles.ts). */
  updatedAt: string;
  /** The last public moment (BattleRecord.publicAt, persistence/public-moment.ts): what the lobby orders and dates by. */
  publicAt: string;
  /** Paused by the organiser (issue 12). */
  locked?: true;
  /** Closed by the organiser, with the reason given. */
  closed?: { reason: string; at: string };
  /** Adjudicated by the organiser: the winning side (null: a draw) and the reason. */
  adjudicated?: { winner: string | null; reason: string; at: string };
  /** The battle's time control, when it has one (rooms/clock.ts). */
  timeControl?: 'clock' | 'deadline';
  /** The battle ended on time (forfeit policy): who ran out, and the winner (null: every side ran out at once). */
  forfeit?: { losers: string[]; winner: string | null; reason: 'timeout' };
  /** Time ran out under the notify or pause policy (rooms/clock.ts): the sides out of time, and whether the battle waits for a resume. For the organiser's API only. */
  timeUp?: { sides: string[]; paused: boolean };
  /** Broadcast battles (sync/broadcast.ts): the public listing hides their live turn (http/battles.ts); organisers see it. */
  broadcastDelay?: number;
}

/** The deployment phase as the rules keep it (GameState.deployment, issue 7); read loosely, only its public `done` flags. */
type Deployment = { sides: Record<string, { done: boolean }> };

/** The public summary of a record; null for a record saved before seat keys, which nobody can resume. */
export function summaryOf(record: BattleRecord): BattleSummary | null {
  const access = record.access;
  if (!access) return null;
  const { state } = record;
  const deployment = (state as GameState & { deployment?: Deployment }).deployment;
  const referee = access.seats.referee;
  const summary: BattleSummary = {
    battleId: record.id,
    battleName: record.battleName,
    scenarioId: record.scenarioId,
    status: record.status === 'ended' ? 'ended' : deployment ? 'deploying' : 'playing',
    turn: state.turn,
    activeSide: state.activeSide,
    sides: state.sides.map((s) => ({ id: s.id, name: s.name, claimed: !!access.seats[s.id]?.keyHash, playerName: access.seats[s.id]?.playerName ?? null })),
    referee: { exists: !!referee, claimed: !!referee?.keyHash },
    listed: access.listed,
    updatedAt: record.updatedAt,
    publicAt: publicAtOf(record),
  };
  if (isBroadcast(record.broadcastDelay)) summary.broadcastDelay = record.broadcastDelay;
  const awaiting = awaitedSide(state, deployment);
  if (awaiting) summary.awaiting = awaiting;
  if (access.locked) summary.locked = true;
  if (access.closed) summary.closed = access.closed;
  if (access.adjudicated) summary.adjudicated = access.adjudicated;
  if (record.clock) summary.timeControl = record.clock.control.mode;
  const forfeit = record.clock?.forfeit;
  if (forfeit) summary.forfeit = { losers: forfeit.losers, winner: forfeit.winner, reason: 'timeout' };
  const clock = record.clock;
  if (!forfeit && clock && (clock.timedOut.length > 0 || clock.paused)) summary.timeUp = { sides: [...clock.timedOut], paused: !!clock.paused };
  return summary;
}

/** A record's last public moment; its creation for a record saved before publicAt. */
export function publicAtOf(record: Pick<BattleRecord, 'publicAt' | 'createdAt'>): string {
  return record.publicAt ?? record.createdAt;
}

function awaitedSide(state: GameState, deployment: Deployment | undefined): string | undefined {
  if (deployment) {
    const waiting = Object.entries(deployment.sides).filter(([, d]) => !d.done);
    return waiting.length === 1 ? waiting[0][0] : undefined;
  }
  return state.pendingLosses?.side;
}

/** Whether the battle may expire: only its creator ever sat, and it has not changed since `before`. */
export function isExpired(record: Pick<BattleRecord, 'access' | 'updatedAt'>, before: string): boolean {
  return !!record.access && !record.access.othersClaimed && Date.parse(record.updatedAt) < Date.parse(before);
}
