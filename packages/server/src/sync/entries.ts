import { coversOf, decoyToWire, stacksByRank, unitToWire, type CoverWire, type GameState, type PieceWire } from '@lames/rules';

type Unit = GameState['units'][number];
type Decoy = GameState['decoys'][number];

/**
 * What the schema state should hold for a rules state, as plain entries.
 * Pure: the diff (apply.ts) turns these into schema creations, updates and
 * deletions. The ORDER of the list is the order in which missing entries are
 * created, and it matters: schema reference ids come from one counter per
 * room, so every creation is seen (as a used id) by every connection. The
 * order therefore only uses public facts: open units by id, then covered
 * pieces by cover id (an opaque random token), each as its cover followed at
 * once by its secret, so that a hidden unit and a decoy leave the same trace.
 *
 * Units awaiting the hidden deployment (§4.5.2) are not entries: they travel
 * in one object per side (sync/deployment.ts). When the deployment ends they
 * get covers and NEW secrets, interleaved in cover-id order with the decoys'
 * exactly as any covered piece, so that nothing tells a unit from a decoy.
 */

/** Everything a PieceState holds (the shared wire form, see @lames/rules wire/pieces.ts). */
export type PiecePayload = PieceWire;
export type CoverPayload = CoverWire;

/** Who may receive an entry: every connection, or only one side's (and the referee's). */
export type EntryAudience = 'all' | { side: string };

/**
 * What a piece's payload is made from: the rules' unit or decoy, its stack
 * place and whether it is the piece activating. Kept rather than the
 * payload, so that the sync (apply.ts) builds a payload only for a piece
 * whose source changed (issue 9).
 */
export type PieceSource = { decoy: false; piece: Unit; rank: number; active: boolean } | { decoy: true; piece: Decoy; rank: number; active: boolean };

export type Entry =
  | { collection: 'pieces'; key: string; source: PieceSource; audience: 'all' }
  | { collection: 'covers'; key: string; payload: CoverPayload; audience: 'all' }
  | { collection: 'secrets'; key: string; source: PieceSource; audience: { side: string } };

/** The payload of a piece entry: what its PieceState holds. */
export function piecePayload(s: PieceSource): PiecePayload {
  return s.decoy ? decoyToWire(s.piece, s.rank, s.active) : unitToWire(s.piece, s.rank, s.active);
}

export const openKey = (unitId: string) => `u:${unitId}`;
export const coverKey = (coverId: string) => `c:${coverId}`;
export const secretKey = (pieceId: string) => `s:${pieceId}`;

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The entries for `state`, in creation order (see the module comment). */
export function desiredEntries(state: GameState): Entry[] {
  const active = state.activation?.piece ?? null;
  const ranks = stackRanks(state);
  const open = state.units.filter((u) => !u.hidden).sort((a, b) => byString(a.id, b.id));
  const entries: Entry[] = open.map((u) => ({
    collection: 'pieces',
    key: openKey(u.id),
    source: { decoy: false, piece: u, rank: ranks.open.get(u.id) ?? 0, active: u.id === active },
    audience: 'all',
  }));
  const secretOf = new Map<string, SecretEntry>();
  for (const u of state.units.filter((x) => x.hidden && !awaitingDeployment(state, x))) {
    secretOf.set(u.coverId ?? u.id, secretEntry(u.side, u.id, { decoy: false, piece: u, rank: ranks.covered.get(u.id) ?? 0, active: u.id === active }));
  }
  for (const d of state.decoys) secretOf.set(d.coverId, secretEntry(d.side, d.id, { decoy: true, piece: d, rank: ranks.covered.get(d.id) ?? 0, active: d.id === active }));
  // coversOf sorts by cover id; each cover comes with the secret under it.
  for (const c of coversOf(state)) {
    const secret = secretOf.get(c.id);
    const activating = secret !== undefined && secret.source.piece.id === active;
    entries.push({ collection: 'covers', key: coverKey(c.id), payload: { ...c, activating }, audience: 'all' });
    if (secret) entries.push(secret);
    secretOf.delete(c.id);
  }
  // Hidden pieces without a cover on the map (off the map): owner and referee only.
  for (const secret of [...secretOf.values()].sort((a, b) => byString(a.key, b.key))) entries.push(secret);
  return entries;
}

/** A unit still to be placed in the hidden deployment: hidden, off the board, without a cover yet. */
export function awaitingDeployment(state: GameState, u: GameState['units'][number]): boolean {
  return state.deployment !== undefined && u.hidden && u.hex < 0 && !u.coverId && !u.destroyed;
}

type SecretEntry = Extract<Entry, { collection: 'secrets' }>;

function secretEntry(side: string, id: string, source: PieceSource): SecretEntry {
  return { collection: 'secrets', key: secretKey(id), source, audience: { side } };
}

/**
 * Stack places renumbered per stack (0 = front; a formation's two hexes make
 * one, @lames/rules stackGroups), as viewFor does: the raw ranks come from a
 * counter that also counts moves made under covers. Open units are ranked
 * among the open units of their stack (what everyone sees); covered pieces
 * among all the pieces of their stack (what their owner sees: a hex never
 * holds the enemy's pieces).
 */
function stackRanks(state: GameState): { open: Map<string, number>; covered: Map<string, number> } {
  const all = [...state.units.map((u) => ({ id: u.id, hex: u.hex, secondHex: u.secondHex, rank: u.stackRank, open: !u.hidden })),
    ...state.decoys.map((d) => ({ id: d.id, hex: d.hex, rank: d.stackRank, open: false }))];
  return { open: rankWithin(all.filter((p) => p.open)), covered: rankWithin(all) };
}

function rankWithin(pieces: { id: string; hex: number; secondHex?: number; rank: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const stack of stacksByRank(pieces)) stack.forEach((i, place) => out.set(pieces[i].id, place));
  return out;
}
