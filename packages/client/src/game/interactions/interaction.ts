import type { GameState, Seat } from '@lames/rules';
import type { Container } from 'pixi.js';
import type { HexMarkKind } from '../../map/highlights';
import type { Point } from '../../map/layout';

/** What an interaction draws itself, instead of rings: the layer under the counters and the one above. */
export interface InteractionLayers {
  under: Container | null;
  over: Container | null;
}

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
  /** A click on the map (`world`: where in the map, for handles drawn there); true when the interaction used it. */
  click(hex: number, world?: Point): boolean;
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
  /** The piece it acts for: the interaction closes when another piece is selected. */
  readonly piece: string;
  /** Its own drawing of the map (a move's reach and path); without it, `marks()` are ringed. */
  draw?(): InteractionLayers;
  /** The hexes a player must be able to read once a click chose something (a formation's place and its start): the page zooms in on them on a small screen. */
  focus?(): number[];
  /** A piece drawn as a ghost at its old place (a move being previewed). */
  ghost?(): string | null;
  /**
   * The hexes a click would accept, in the map's hex order (never an order
   * that depends on what a cover hides): ] / [ walk through them and the
   * page makes the same `click(hex)` the mouse would (issue 11).
   */
  candidates?(): number[];
  /** The hexes it offers (window.__lames.targets, for tests). */
  targets?(): number[];
  /** True once the view moved under it (the piece is no longer where it was): it closes. */
  stale?(view: GameState): boolean;
}

export interface InteractionHandlers {
  /** Something changed: redraw the page. */
  changed(): void;
  confirm(): void;
  cancel(): void;
  /** Sends another action than the one confirmed (the pass between a formation's two attacks, §3.3.8) and closes the interaction. */
  send(action: unknown): void;
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
