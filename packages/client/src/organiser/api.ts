/**
 * The organiser API (server organiser/routes.ts) as the organiser page calls
 * it. The token is typed once and kept in sessionStorage: it lasts the tab,
 * never reaches localStorage, and goes only in the Authorization header.
 */
import type { TimeControl } from '../ui/clock-model';

const TOKEN_KEY = 'lames.organiserToken';

export const organiserToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

export interface TournamentListItem {
  id: string;
  name: string;
  scenarioId: string;
  players: number;
  rounds: number;
}

export interface Tournament {
  id: string;
  name: string;
  scenarioId: string;
  referee: boolean;
  players: { id: string; name: string }[];
  rounds: { number: number; battles: { battleId: string }[]; byes: string[] }[];
}

export type Phase = 'seating' | 'deploying' | 'playing' | 'awaitingDefender' | 'pausedOnTime' | 'ended' | 'locked' | 'closed' | 'missing';

export interface BattleStatus {
  battleId: string;
  round: number;
  sides: { side: string; sideName: string; playerId: string; player: string; claimed: boolean }[];
  phase: Phase;
  turn: number;
  activeSide: string | null;
  awaiting: string | null;
  lastActionAt: string | null;
  /** The sides whose time ran out under the notify or pause policy; [] when none. */
  timedOut: string[];
  closed: { reason: string; at: string } | null;
  result: { winner: string | null; points: Record<string, number>; adjudication?: { reason: string } } | null;
}

export interface Standing {
  rank: number;
  playerId: string;
  name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  score: number;
  victoryPoints: number;
}

export interface InviteRow {
  round: number;
  battleId: string;
  player: string;
  seat: string;
  seatName: string;
  link: string;
}

/** An answer other than 2xx: its HTTP status and the server's message. */
export class OrganiserApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const res = await fetch(`/api/organiser${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${organiserToken.get() ?? ''}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new OrganiserApiError(res.status, body.error ?? `${res.status}`);
  }
  return res;
}

const json = async <T>(path: string, init?: { body?: unknown }) => (await (await call(path, init)).json()) as T;

export const listTournaments = () => json<{ tournaments: TournamentListItem[] }>('/tournaments');
export const createTournament = (body: { name: string; scenarioId: string; players: string[]; referee: boolean; timeControl?: TimeControl; broadcastDelay: number }) => json<{ tournament: Tournament }>('/tournaments', { body });
export const tournamentDetail = (id: string) => json<{ tournament: Tournament; battles: BattleStatus[]; standings: Standing[] }>(`/tournaments/${id}`);
export const nextRoundRobin = (id: string) => json<{ invites: InviteRow[]; csv: string }>(`/tournaments/${id}/rounds`, { body: { roundRobin: true, origin: location.origin } });
export const nextSwiss = (id: string) => json<{ invites: InviteRow[]; csv: string }>(`/tournaments/${id}/rounds`, { body: { swiss: true, origin: location.origin } });
export const freshInvites = (id: string, round: number) => json<{ invites: InviteRow[]; skipped: string[]; csv: string }>(`/tournaments/${id}/rounds/${round}/invites`, { body: { origin: location.origin } });
export const adjudicate = (id: string, battleId: string, winner: string | null, reason: string) =>
  json<{ ok: true }>(`/tournaments/${id}/battles/${battleId}/adjudicate`, { body: { winner, reason } });
export const reassign = (id: string, battleId: string, seat: string) =>
  json<{ invite: InviteRow; csv: string }>(`/tournaments/${id}/battles/${battleId}/reassign`, { body: { seat, origin: location.origin } });
/** Pause (lock), resume (unlock) or close a battle; the room running it, if any, is told at once. */
export const control = (id: string, battleId: string, kind: 'lock' | 'unlock' | 'close', reason?: string) =>
  json<{ ok: true }>(`/tournaments/${id}/battles/${battleId}/${kind}`, { body: kind === 'close' ? { reason } : {} });
/** A CSV export (standings, results), read with the token: a plain link could not carry it. */
export const exportCsv = async (id: string, what: 'standings' | 'results') => (await call(`/tournaments/${id}/${what}?format=csv`)).text();
