import { bodyHexes, type Cover, type Decoy, type GameState, type Unit } from '@lames/rules';
import { t, type Lang } from '../i18n';

/** What is drawn in a hex, front of the stack first. */
export type StackItem =
  | { kind: 'unit'; id: string; unit: Unit; rank: number }
  | { kind: 'decoy'; id: string; decoy: Decoy; rank: number }
  | { kind: 'cover'; id: string; cover: Cover; rank: number };

/** The stacks of the view, by hex: units, own decoys, and the covers the seat cannot look under. */
export function stacksOf(view: GameState): Map<number, StackItem[]> {
  const stacks = new Map<number, StackItem[]>();
  const add = (hex: number, item: StackItem) => {
    if (hex < 0) return;
    const list = stacks.get(hex) ?? [];
    list.push(item);
    stacks.set(hex, list);
  };
  const known = new Set<string>();
  for (const u of view.units) {
    if (u.coverId) known.add(u.coverId);
    // a formation belongs to the stack of each of its two hexes, at the same rank (docs/formations.md)
    for (const hex of bodyHexes(u)) add(hex, { kind: 'unit', id: u.id, unit: u, rank: u.stackRank });
  }
  for (const d of view.decoys) {
    if (d.coverId) known.add(d.coverId);
    add(d.hex, { kind: 'decoy', id: d.id, decoy: d, rank: d.stackRank });
  }
  for (const c of view.covers ?? []) {
    if (!known.has(c.id)) add(c.hex, { kind: 'cover', id: c.id, cover: c, rank: 1e6 });
  }
  for (const list of stacks.values()) list.sort((a, b) => a.rank - b.rank);
  return stacks;
}

/** A formation's mode marker (§3.3.6), short as the state markers are; none in march, the default. */
export function modeBadge(u: Unit, lang: Lang): { text: string; bg: number } | null {
  return u.formationMode ? { text: t(`marker.mode.${u.formationMode}`, {}, lang), bg: MODE_COLOURS[u.formationMode] } : null;
}

const MODE_COLOURS: Record<NonNullable<Unit['formationMode']>, number> = {
  shieldWall: 0x3d5a80,
  tortoise: 0x5a4a8a,
  rotatingRanks: 0x2f6f6a,
  hedgehog: 0x7a3b2e,
};

/** One marker drawn on a counter: its short text and its colour. */
export interface MarkerBadge {
  key: 'shaken' | 'routed' | 'winded' | 'exhausted' | 'contact' | 'charge' | 'specialOrder' | 'ammoDiminished' | 'ammoExhausted';
  text: string;
  bg: number;
}

export const MARKER_COLOURS: Record<MarkerBadge['key'], number> = {
  shaken: 0xd9822b,
  routed: 0xb3261e,
  winded: 0x5b7fa6,
  exhausted: 0x34495e,
  contact: 0x6b4f2a,
  charge: 0x8e1f5a,
  specialOrder: 0x2e7d5b,
  ammoDiminished: 0x8a6d1f,
  ammoExhausted: 0x4a4a4a,
};

/** The state markers of a unit (§2.1.2), top to bottom; "activated" is drawn apart, as a gold tick. */
export function markerTexts(u: Unit, lang: Lang): MarkerBadge[] {
  const keys: MarkerBadge['key'][] = [];
  if (u.cohesion === 'shaken' || u.cohesion === 'routed') keys.push(u.cohesion);
  if (u.breath === 'winded' || u.breath === 'exhausted') keys.push(u.breath);
  if (u.shock === 'contact' || u.shock === 'charge') keys.push(u.shock);
  if (u.order === 'specialOrder') keys.push('specialOrder');
  // Ammunition (§3.2.5): no marker while full.
  if (u.ammunition === 'diminished') keys.push('ammoDiminished');
  if (u.ammunition === 'exhausted') keys.push('ammoExhausted');
  return keys.map((key) => ({ key, text: t(`marker.${key}`, {}, lang), bg: MARKER_COLOURS[key] }));
}
