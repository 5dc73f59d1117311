import { coversOf, type Decoy, type GameState, type Unit } from '@lames/rules';

/**
 * What the schema state should hold for a rules state, as plain entries.
 * Pure: the diff (apply.ts) turns these into schema creations, updates and
 * deletions. The ORDER of the list is the order in which missing entries are
 * created, and it matters: schema reference ids come from one counter per
 * room, so every creation is seen (as a used id) by every connection. The
 * order therefore only uses public facts: open units by id, then covered
 * pieces by cover id (an opaque random token), each as its cover followed at
 * once by its secret, so that a hidden unit and a decoy leave the same trace.
 */

/** Everything a PieceState holds; decoys leave the unit-only fields empty. */
export interface PiecePayload {
  id: string;
  name: string;
  side: string;
  wing: string;
  kind: string;
  size: string;
  type: string;
  weaponClass: string;
  weaponCapacity: string;
  commandClass: string;
  commandCapacity: string;
  moraleClass: string;
  moraleCapacity: string;
  movementClass: string;
  movementCapacity: string;
  steps: number;
  maxSteps: number;
  faculties: string;
  hex: number;
  facing: number;
  cohesion: string;
  breath: string;
  shock: string;
  order: string;
  stackRank: number;
  hidden: boolean;
  coverId: string;
  isDecoy: boolean;
  mimic: string;
  activating: boolean;
}

export interface CoverPayload {
  id: string;
  side: string;
  hex: number;
  activated: boolean;
  activating: boolean;
}

/** Who may receive an entry: every connection, or only one side's (and the referee's). */
export type EntryAudience = 'all' | { side: string };

export type Entry =
  | { collection: 'pieces'; key: string; payload: PiecePayload; audience: 'all' }
  | { collection: 'covers'; key: string; payload: CoverPayload; audience: 'all' }
  | { collection: 'secrets'; key: string; payload: PiecePayload; audience: { side: string } };

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
    payload: unitPayload(u, ranks.open.get(u.id) ?? 0, u.id === active),
    audience: 'all',
  }));
  const secretOf = new Map<string, Entry>();
  for (const u of state.units.filter((x) => x.hidden)) {
    secretOf.set(u.coverId ?? u.id, secretEntry(u.side, u.id, unitPayload(u, ranks.covered.get(u.id) ?? 0, u.id === active)));
  }
  for (const d of state.decoys) secretOf.set(d.coverId, secretEntry(d.side, d.id, decoyPayload(d, ranks.covered.get(d.id) ?? 0, d.id === active)));
  // coversOf sorts by cover id; each cover comes with the secret under it.
  for (const c of coversOf(state)) {
    const secret = secretOf.get(c.id);
    const activating = secret !== undefined && secret.payload.id === active;
    entries.push({ collection: 'covers', key: coverKey(c.id), payload: { ...c, activating }, audience: 'all' });
    if (secret) entries.push(secret);
    secretOf.delete(c.id);
  }
  // Hidden pieces without a cover on the map (off the map): owner and referee only.
  for (const secret of [...secretOf.values()].sort((a, b) => byString(a.key, b.key))) entries.push(secret);
  return entries;
}

function secretEntry(side: string, id: string, payload: PiecePayload): Entry {
  return { collection: 'secrets', key: secretKey(id), payload, audience: { side } };
}

export function unitPayload(u: Unit, stackRank: number, activating: boolean): PiecePayload {
  const p = u.profiles;
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    wing: u.wing,
    kind: u.kind,
    size: u.size,
    type: u.type,
    weaponClass: p.weapon.class,
    weaponCapacity: p.weapon.capacity,
    commandClass: p.command.class,
    commandCapacity: p.command.capacity,
    moraleClass: p.morale.class,
    moraleCapacity: p.morale.capacity,
    movementClass: p.movement.class,
    movementCapacity: p.movement.capacity,
    steps: u.steps,
    maxSteps: u.maxSteps,
    faculties: u.faculties.join(','),
    hex: u.hex,
    facing: u.facing,
    cohesion: u.cohesion,
    breath: u.breath,
    shock: u.shock,
    order: u.order,
    stackRank,
    hidden: u.hidden,
    coverId: u.hidden ? (u.coverId ?? '') : '',
    isDecoy: false,
    mimic: '',
    activating,
  };
}

export function decoyPayload(d: Decoy, stackRank: number, activating: boolean): PiecePayload {
  return {
    ...BLANK_PIECE,
    id: d.id,
    side: d.side,
    type: 'decoy',
    hex: d.hex,
    facing: d.facing,
    order: d.activated ? 'activated' : 'none',
    stackRank,
    hidden: true,
    coverId: d.coverId,
    isDecoy: true,
    mimic: d.mimic,
    activating,
  };
}

/** A decoy has no name, profiles or steps: those fields stay empty. */
const BLANK_PIECE: PiecePayload = {
  id: '', name: '', side: '', wing: '', kind: '', size: '', type: '',
  weaponClass: '', weaponCapacity: '', commandClass: '', commandCapacity: '',
  moraleClass: '', moraleCapacity: '', movementClass: '', movementCapacity: '',
  steps: 0, maxSteps: 0, faculties: '', hex: -1, facing: 0,
  cohesion: '', breath: '', shock: '', order: '', stackRank: 0,
  hidden: false, coverId: '', isDecoy: false, mimic: '', activating: false,
};

/**
 * Stack places renumbered per hex (0 = front), as viewFor does: the raw
 * ranks come from a counter that also counts moves made under covers. Open
 * units are ranked among the open units of their hex (what everyone sees);
 * covered pieces among all the pieces of their hex (what their owner sees:
 * a hex never holds the enemy's pieces).
 */
function stackRanks(state: GameState): { open: Map<string, number>; covered: Map<string, number> } {
  const all = [...state.units.map((u) => ({ id: u.id, hex: u.hex, rank: u.stackRank, open: !u.hidden })),
    ...state.decoys.map((d) => ({ id: d.id, hex: d.hex, rank: d.stackRank, open: false }))];
  return { open: rankWithin(all.filter((p) => p.open)), covered: rankWithin(all) };
}

function rankWithin(pieces: { id: string; hex: number; rank: number }[]): Map<string, number> {
  const byHex = new Map<number, typeof pieces>();
  for (const p of pieces) byHex.set(p.hex, [...(byHex.get(p.hex) ?? []), p]);
  const out = new Map<string, number>();
  for (const stack of byHex.values()) stack.sort((a, b) => a.rank - b.rank).forEach((p, i) => out.set(p.id, i));
  return out;
}
