import type { GridSize, Unit } from '@lames/rules';
import type { StackItem } from './counters-model';
import { facingAngle, hexToWorld, R, SQRT3, type Point } from './layout';
import { stackLayout, TROOP, type Placed } from './stack-layout';

/**
 * Where the counters of the map go when formations are on it (§3.3, docs/formations.md):
 * a formation is ONE double counter across its two hexes, centred on their
 * shared hexside and turned along the line joining them, so that one long
 * edge is its front, towards the vertex it faces. It still belongs to the
 * stack of each hex: each hex shingles its counters as any stack does
 * (stack-layout.ts), the formation taking its slot by its rank, and the
 * double counter sits at the mean of its two slots. Counters behind it in a
 * hex are drawn before it, counters in front after it. Pure: tested without Pixi.
 */

/** A double counter covers the two hex centres and a troop counter's width beyond: one troop counter per hex, end to end. */
export const DOUBLE = { w: SQRT3 * R + TROOP.w, h: TROOP.h } as const;

export interface DoublePlaced {
  unit: Unit;
  /** Centre of the double counter, in world pixels. */
  x: number;
  y: number;
  scale: number;
  /** Turn of the counter (radians, screen y down), kept within (−90°, 90°] so that its text never reads upside down. */
  rotation: number;
  /** Whether its front (the facing) is the counter's top edge after the turn, else its bottom edge. */
  frontUp: boolean;
}

export interface SinglePlaced extends Placed {
  item: StackItem;
  hex: number;
  /** The front of its hex's stack: nothing drawn over it there. */
  front: boolean;
  /** Drawn after the formations: in front of the formation that shares its hex. */
  overFormation: boolean;
}

export interface MapLayout {
  singles: SinglePlaced[];
  doubles: DoublePlaced[];
}

/** The turn and front of a formation's double counter from its two hexes and facing. */
export function doubleAxis(grid: GridSize, u: Pick<Unit, 'hex' | 'secondHex' | 'facing'>): { centre: Point; rotation: number; frontUp: boolean } {
  const a = hexToWorld(grid, u.hex);
  const b = hexToWorld(grid, u.secondHex!);
  let rotation = Math.atan2(b.y - a.y, b.x - a.x);
  if (rotation <= -Math.PI / 2) rotation += Math.PI;
  if (rotation > Math.PI / 2) rotation -= Math.PI;
  // the counter's "up" after the turn, against the facing's direction
  const up = { x: Math.sin(rotation), y: -Math.cos(rotation) };
  const f = facingAngle(u.facing);
  const frontUp = up.x * Math.cos(f) + up.y * Math.sin(f) > 0;
  return { centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, rotation, frontUp };
}

/**
 * Every counter's place, from the stacks by hex (front first) and each
 * item's height: the counters of a one-hex unit, decoy or cover per hex, a
 * formation's double counter once.
 */
export function mapLayout(grid: GridSize, stacks: Map<number, StackItem[]>, heightOf: (item: StackItem) => number): MapLayout {
  const singles: SinglePlaced[] = [];
  const slots = new Map<string, { unit: Unit; placed: Placed[] }>();
  for (const hex of [...stacks.keys()].sort((x, y) => x - y)) {
    const items = stacks.get(hex)!;
    const placed = stackLayout(items.map(heightOf));
    const k = items.findIndex(isDouble);
    items.forEach((item, i) => {
      if (i === k && item.kind === 'unit') {
        const slot = slots.get(item.id) ?? { unit: item.unit, placed: [] };
        slot.placed.push(placed[i]);
        slots.set(item.id, slot);
      } else {
        const c = hexToWorld(grid, hex);
        singles.push({ item, hex, x: c.x + placed[i].x, y: c.y + placed[i].y, scale: placed[i].scale, front: i === 0, overFormation: k >= 0 && i < k });
      }
    });
  }
  const doubles = [...slots.values()].map(({ unit, placed }) => {
    const { centre, rotation, frontUp } = doubleAxis(grid, unit);
    const mean = (f: (p: Placed) => number) => placed.reduce((s, p) => s + f(p), 0) / placed.length;
    return { unit, x: centre.x + mean((p) => p.x), y: centre.y + mean((p) => p.y), scale: Math.min(...placed.map((p) => p.scale)), rotation, frontUp };
  });
  return { singles, doubles };
}

/** A formation on the map: drawn as a double counter rather than in one hex's stack. */
function isDouble(item: StackItem): boolean {
  return item.kind === 'unit' && item.unit.hex >= 0 && item.unit.secondHex !== undefined;
}
