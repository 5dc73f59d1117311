/**
 * The map's keyboard (issue 11): arrows pan, + and − zoom, 0 or Home fits
 * the board. Escape, Enter and the action shortcuts belong to the page, so
 * they are not handled here. Pure, so the mapping is tested without a DOM.
 */

export type MapKeyCommand = { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; factor: number } | { kind: 'fit' };

/** Screen pixels one arrow press moves the view by (Shift: a larger jump). */
export const PAN_STEP = 80;
/** One press of + zooms in by this factor; − by its inverse. */
export const ZOOM_STEP = 1.25;

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * What a key does to the map, or null when it is not a map key. `dx`/`dy`
 * say where the view looks: ArrowRight shows more of the east (the board
 * moves left on screen). Ctrl/Meta/Alt combinations stay the browser's
 * (Ctrl + is the page zoom).
 */
export function mapKeyCommand(e: KeyLike): MapKeyCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const step = e.shiftKey ? PAN_STEP * 3 : PAN_STEP;
  switch (e.key) {
    case 'ArrowLeft':
      return { kind: 'pan', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'pan', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'pan', dx: 0, dy: step };
    case '+':
    case '=':
      return { kind: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / ZOOM_STEP };
    case '0':
    case 'Home':
      return { kind: 'fit' };
    default:
      return null;
  }
}

/** Minimal shape of an event target, so the test needs no DOM. */
export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/**
 * Whether a key pressed on `target` belongs to it rather than to the map:
 * typing in a field, choosing in a list, or anything inside an open dialog.
 */
export function keyBelongsToTarget(target: TargetLike | null): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return true;
  if (target.isContentEditable) return true;
  return !!target.closest?.('[role="dialog"], dialog');
}
