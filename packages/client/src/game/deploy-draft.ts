import type { Facing, GameState, Rejection, SideId, Unit } from '@lames/rules';

/**
 * A side's hidden deployment being prepared in the browser (§4.5.2, sheet
 * 000 *Unités Cachées*), before it is sent: where each hidden unit goes and
 * which way it faces, and the decoys (§4.5.1: at most one per hidden unit,
 * each imitating a distinct one). Pure: every change returns a new draft.
 */

export interface PlacedPiece {
  hex: number;
  facing: Facing;
}

export interface DraftDecoy {
  mimic: string;
  /** -1 until placed. */
  hex: number;
  facing: Facing;
}

export type DraftSelection = { kind: 'unit'; id: string } | { kind: 'decoy'; index: number };

export interface DeployDraft {
  side: SideId;
  units: Record<string, PlacedPiece>;
  decoys: DraftDecoy[];
  selected: DraftSelection | null;
}

/** What the rules offer the side (deploymentOptions): the zone, the units to place, how many decoys. */
export interface DeployContext {
  zone: readonly number[];
  units: readonly Unit[];
  maxDecoys: number;
  /** The facing a piece takes when first placed, until the player turns it. */
  defaultFacing: Facing;
}

/** The placement sent with the `deploy` action. */
export interface Placement {
  units: { unit: string; hex: number; facing: Facing }[];
  decoys: { mimic: string; hex: number; facing: Facing }[];
}

/** A fresh draft, or the side's placement already sent (to change it). */
export function newDraft(side: SideId, from?: Placement): DeployDraft {
  const units: Record<string, PlacedPiece> = {};
  for (const u of from?.units ?? []) units[u.unit] = { hex: u.hex, facing: u.facing };
  return { side, units, decoys: (from?.decoys ?? []).map((d) => ({ ...d })), selected: null };
}

/** Selects a piece to place (or move); selecting it again lets it go. */
export function select(d: DeployDraft, sel: DraftSelection | null): DeployDraft {
  const same = sel && d.selected && sel.kind === d.selected.kind && (sel.kind === 'unit' ? sel.id === (d.selected as { id: string }).id : sel.index === (d.selected as { index: number }).index);
  return { ...d, selected: same ? null : sel };
}

/** The selected piece's placement, if it is placed. */
export function selectedPlace(d: DeployDraft): PlacedPiece | null {
  const s = d.selected;
  if (!s) return null;
  if (s.kind === 'unit') return d.units[s.id] ?? null;
  const decoy = d.decoys[s.index];
  return decoy && decoy.hex >= 0 ? decoy : null;
}

/**
 * A click on `hex`: with a piece selected, puts it there (keeping the facing
 * it had); without, selects the draft's piece standing there. Hexes outside
 * the zone change nothing.
 */
export function clickHex(d: DeployDraft, hex: number, ctx: DeployContext): DeployDraft {
  const s = d.selected;
  if (!s) return selectAt(d, hex);
  if (!ctx.zone.includes(hex)) return d;
  if (s.kind === 'unit') {
    const facing = d.units[s.id]?.facing ?? ctx.defaultFacing;
    return { ...d, units: { ...d.units, [s.id]: { hex, facing } } };
  }
  const decoy = d.decoys[s.index];
  if (!decoy) return d;
  const facing = decoy.hex >= 0 ? decoy.facing : ctx.defaultFacing;
  return { ...d, decoys: d.decoys.map((x, i) => (i === s.index ? { ...x, hex, facing } : x)) };
}

/** Selects the draft's piece at `hex`, going to the next one there on each click. */
function selectAt(d: DeployDraft, hex: number): DeployDraft {
  const here: DraftSelection[] = [
    ...Object.entries(d.units)
      .filter(([, p]) => p.hex === hex)
      .map(([id]) => ({ kind: 'unit' as const, id })),
    ...d.decoys.flatMap((x, index) => (x.hex === hex ? [{ kind: 'decoy' as const, index }] : [])),
  ];
  return here.length > 0 ? { ...d, selected: here[0] } : d;
}

/** Turns the selected, placed piece. */
export function face(d: DeployDraft, facing: Facing): DeployDraft {
  const s = d.selected;
  if (!s) return d;
  if (s.kind === 'unit') {
    const p = d.units[s.id];
    return p ? { ...d, units: { ...d.units, [s.id]: { ...p, facing } } } : d;
  }
  return d.decoys[s.index]?.hex >= 0 ? { ...d, decoys: d.decoys.map((x, i) => (i === s.index ? { ...x, facing } : x)) } : d;
}

/** Takes a unit back off the map. */
export function unplace(d: DeployDraft, id: string): DeployDraft {
  const units = { ...d.units };
  delete units[id];
  return { ...d, units };
}

/** Hidden units no decoy imitates yet: the mimics still free. */
export function freeMimics(d: DeployDraft, ctx: DeployContext, except?: number): Unit[] {
  const used = new Set(d.decoys.filter((_, i) => i !== except).map((x) => x.mimic));
  return ctx.units.filter((u) => !used.has(u.id));
}

/** Adds a decoy imitating `mimic`, selected to be placed; refused past the limit or for a mimic already taken. */
export function addDecoy(d: DeployDraft, mimic: string, ctx: DeployContext): DeployDraft {
  if (d.decoys.length >= ctx.maxDecoys) return d;
  if (!freeMimics(d, ctx).some((u) => u.id === mimic)) return d;
  const decoys = [...d.decoys, { mimic, hex: -1, facing: ctx.defaultFacing }];
  return { ...d, decoys, selected: { kind: 'decoy', index: decoys.length - 1 } };
}

export function removeDecoy(d: DeployDraft, index: number): DeployDraft {
  const s = d.selected;
  let selected = s;
  if (s?.kind === 'decoy') selected = s.index === index ? null : s.index > index ? { kind: 'decoy', index: s.index - 1 } : s;
  return { ...d, decoys: d.decoys.filter((_, i) => i !== index), selected };
}

/** Changes which hidden unit a decoy imitates (to one no other decoy imitates). */
export function setMimic(d: DeployDraft, index: number, mimic: string, ctx: DeployContext): DeployDraft {
  if (!freeMimics(d, ctx, index).some((u) => u.id === mimic)) return d;
  return { ...d, decoys: d.decoys.map((x, i) => (i === index ? { ...x, mimic } : x)) };
}

/** The placement to send: the placed units and decoys. */
export function placementOf(d: DeployDraft): Placement {
  return {
    units: Object.entries(d.units).map(([unit, p]) => ({ unit, hex: p.hex, facing: p.facing })),
    decoys: d.decoys.filter((x) => x.hex >= 0).map((x) => ({ mimic: x.mimic, hex: x.hex, facing: x.facing })),
  };
}

/** What stands in the way of sending, in the order to fix it: units not placed, decoys not placed, then the rules' verdict. */
export type DraftProblem = { kind: 'unplaced'; units: string[] } | { kind: 'decoyUnplaced'; count: number } | { kind: 'refused'; rejection: Rejection };

export function draftProblems(d: DeployDraft, ctx: DeployContext, refusal: (p: Placement) => Rejection | null): DraftProblem[] {
  const out: DraftProblem[] = [];
  const unplaced = ctx.units.filter((u) => !d.units[u.id]).map((u) => u.id);
  if (unplaced.length > 0) out.push({ kind: 'unplaced', units: unplaced });
  const loose = d.decoys.filter((x) => x.hex < 0).length;
  if (loose > 0) out.push({ kind: 'decoyUnplaced', count: loose });
  if (out.length > 0) return out;
  const rejection = refusal(placementOf(d));
  return rejection ? [{ kind: 'refused', rejection }] : [];
}

/** The facing most of the side's pieces on the map already have (the way the army looks), else north. */
export function usualFacing(view: GameState, side: SideId): Facing {
  const counts = new Map<Facing, number>();
  for (const u of view.units) if (u.side === side && u.hex >= 0) counts.set(u.facing, (counts.get(u.facing) ?? 0) + 1);
  let best: Facing = 0 as Facing;
  let n = 0;
  for (const [f, c] of counts) if (c > n) [best, n] = [f, c];
  return best;
}

/**
 * The view as it will look once the draft is applied, for drawing only: the
 * side's hidden units at their draft places, its decoys as decoys.
 */
export function previewView(view: GameState, d: DeployDraft): GameState {
  const units = view.units.map((u) => (d.units[u.id] ? { ...u, hex: d.units[u.id].hex, facing: d.units[u.id].facing } : u));
  const decoys = [
    ...view.decoys,
    ...d.decoys.flatMap((x, i) => (x.hex >= 0 ? [{ id: previewDecoyId(i), side: d.side, hex: x.hex, facing: x.facing, mimic: x.mimic, activated: false, stackRank: 1e5 + i, coverId: '' }] : [])),
  ];
  return { ...view, units, decoys };
}

/** The draft's id of a decoy on the preview (to select it from the map or the panel). */
export const previewDecoyId = (index: number) => `draft-decoy-${index}`;
