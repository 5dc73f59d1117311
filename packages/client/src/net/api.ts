/** The server's HTTP API (same origin). */

export interface Bilingual {
  fr: string;
  en: string;
}

export interface ScenarioSummary {
  id: string;
  name: Bilingual;
  description: Bilingual;
  sides: { id: string; name: string }[];
  turnLimit: number;
}

/** A battle the lobby lists, whatever the server's exact shape. */
export interface LobbyBattle {
  /** Room id of an open battle; absent for a saved battle to resume. */
  roomId?: string;
  /** Battle id of a saved battle no room has open. */
  resumeId?: string;
  battleName: string;
  scenarioId: string;
  scenarioName: Bilingual | string | null;
  sides: { id: string; name?: string; taken: boolean }[];
  /** A referee seat exists (the battle has a referee code). */
  refereeSeat: boolean;
  refereeTaken: boolean;
  spectators: number;
  status?: string;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

export const fetchScenarios = () => getJson<ScenarioSummary[]>('/api/scenarios');

type RawBattle = Record<string, unknown> & {
  roomId?: string;
  battleId?: string;
  battleName?: string;
  scenarioId?: string;
  scenarioName?: Bilingual | string | null;
  seats?: Record<string, boolean>;
  sides?: { id: string; name?: string; taken?: boolean }[];
  referee?: boolean;
  hasReferee?: boolean;
  refereeSeated?: boolean;
  spectators?: number;
  status?: string;
};

export function normaliseBattle(b: RawBattle, resumable = false): LobbyBattle {
  const sides = b.sides
    ? b.sides.map((s) => ({ id: s.id, name: s.name, taken: !!s.taken }))
    : Object.entries(b.seats ?? {}).map(([id, taken]) => ({ id, taken: !!taken }));
  const refereeSeat = b.hasReferee ?? true;
  const refereeTaken = b.refereeSeated ?? !!b.referee;
  return {
    roomId: resumable ? undefined : b.roomId,
    resumeId: resumable ? (b.battleId ?? b.roomId) : undefined,
    battleName: b.battleName ?? '',
    scenarioId: b.scenarioId ?? '',
    scenarioName: b.scenarioName ?? null,
    sides,
    refereeSeat,
    refereeTaken,
    spectators: b.spectators ?? 0,
    status: b.status,
  };
}

export async function fetchBattles(): Promise<LobbyBattle[]> {
  const body = await getJson<RawBattle[] | { open?: RawBattle[]; resumable?: RawBattle[] }>('/api/battles');
  if (Array.isArray(body)) return body.map((b) => normaliseBattle(b));
  return [...(body.open ?? []).map((b) => normaliseBattle(b)), ...(body.resumable ?? []).map((b) => normaliseBattle(b, true))];
}
