import type { GameState, Seat } from '@lames/rules';
import type { HexMarkKind } from '../../map/highlights';

/**
 * One interaction of the game page (fire, reload, line of sight…): what it
 * rings on the map, how it answers a click or a hover there, the panel it
 * shows, and the action it sends when confirmed. The page only composes
 * them; each lives in its own module.
 */
export interface Interaction {
  readonly kind: string;
  /** Hexes ringed on the map. */
  marks(): { hex: number; kind: HexMarkKind }[];
  /** A click on the map; true when the interaction used it. */
  click(hex: number): boolean;
  /** A click on the map it did not use: what to tell the player (nothing happens silently), or null. */
  missed?(hex: number): string | null;
  /** The hovered hex; returns a line for the hex info, or null. */
  hover(hex: number): string | null;
  /** The side panel while the interaction is open. */
  panel(on: InteractionHandlers): HTMLElement;
  /** What to send on confirm; null while nothing can be sent. */
  action(): unknown;
  /** Facts the browser tests read (window.__lames.interaction). */
  testFacts(): Record<string, unknown>;
}

export interface InteractionHandlers {
  /** Something changed: redraw the page. */
  changed(): void;
  confirm(): void;
  cancel(): void;
}

/** What an interaction is opened with. */
export interface InteractionContext {
  view: GameState;
  seat: Seat;
  piece: string;
}

/** The hex a piece stands on in the view, or -1. */
export function hexOfPiece(view: GameState, id: string): number {
  return view.units.find((u) => u.id === id)?.hex ?? view.decoys.find((d) => d.id === id)?.hex ?? -1;
}
