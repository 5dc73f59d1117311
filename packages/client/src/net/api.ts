import type { SideId } from '@lames/rules';

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
  /** The victory conditions' objective hexes, drawn on the map (issue 11). */
  objectives?: { id: string; name: Bilingual; hex: string; points: number; sides?: string[] }[];
}

/** A battle's public summary (docs/secrets.md, S1): what anyone may know of it. */
export interface BattleSummary {
  battleId: string;
  battleName: string;
  scenarioId: string;
  scenarioName: Bilingual | string | null;
  status: 'deploying' | 'playing' | 'ended';
  turn: number;
  activeSide: SideId;
  sides: { id: SideId; name: string; claimed: boolean; playerName: string; connected: boolean }[];
  referee: { exists: boolean; claimed: boolean };
  listed: boolean;
  /** A room is running: join it; otherwise the battle is opened again from its save. */
  open: boolean;
  /** The battle's last public moment (a player turn began, it started or ended): the lobby lists by it, never by the last action (docs/secrets.md S4). */
  publicAt: string;
  /** A broadcast battle (issue 12): the public listing hides its live turn until it ends. */
  broadcastDelay?: number;
}

export interface BattlePage {
  battles: BattleSummary[];
  page: number;
  /** Whether a later page exists. */
  more: boolean;
}

async function readJson<T>(res: Response): Promise<T> {
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: unknown; message?: unknown };
      const text = body.message ?? body.error;
      if (typeof text === 'string') message = text;
    } catch {
      /* not JSON */
    }
    throw Object.assign(new Error(message), { code: res.status });
  }
  return (await res.json()) as T;
}

const getJson = async <T>(path: string) => readJson<T>(await fetch(path, { headers: { accept: 'application/json' } }));

export const fetchScenarios = () => getJson<ScenarioSummary[]>('/api/scenarios');

/** The listed battles, one page at a time (page 0 first). */
export async function fetchBattlePage(page: number): Promise<BattlePage> {
  return pageOf(await getJson<RawPage>(`/api/battles?page=${page}`), page);
}

/** A page as the server sends it: `{ page, pageSize, total, battles }`. */
export interface RawPage {
  battles?: BattleSummary[];
  page?: number;
  pageSize?: number;
  total?: number;
}

export function pageOf(body: RawPage, page: number): BattlePage {
  const at = body.page ?? page;
  const battles = body.battles ?? [];
  const more = body.total !== undefined && body.pageSize !== undefined ? (at + 1) * body.pageSize < body.total : false;
  return { battles, page: at, more };
}

/** Public summaries of the battles this browser holds a seat in (at most 50 ids per request). */
export async function lookupBattles(ids: string[]): Promise<BattleSummary[]> {
  if (ids.length === 0) return [];
  const res = await fetch('/api/battles/lookup', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ ids: ids.slice(0, 50) }),
  });
  return (await readJson<{ battles?: BattleSummary[] }>(res)).battles ?? [];
}
