import { keyBelongsToTarget, mapKeyCommand, PAN_STEP, ZOOM_STEP } from './map-keys';

describe('map keys (issue 11: arrows pan, +/− zoom, 0 or Home fits)', () => {
  it('arrows pan the view the way they point', () => {
    expect(mapKeyCommand({ key: 'ArrowRight' })).toEqual({ kind: 'pan', dx: PAN_STEP, dy: 0 });
    expect(mapKeyCommand({ key: 'ArrowLeft' })).toEqual({ kind: 'pan', dx: -PAN_STEP, dy: 0 });
    expect(mapKeyCommand({ key: 'ArrowUp' })).toEqual({ kind: 'pan', dx: 0, dy: -PAN_STEP });
    expect(mapKeyCommand({ key: 'ArrowDown' })).toEqual({ kind: 'pan', dx: 0, dy: PAN_STEP });
  });

  it('Shift makes an arrow jump further', () => {
    const cmd = mapKeyCommand({ key: 'ArrowDown', shiftKey: true });
    expect(cmd).toEqual({ kind: 'pan', dx: 0, dy: 3 * PAN_STEP });
  });

  it('+ (or = on the same key) zooms in, − (or _) zooms out by the inverse factor', () => {
    expect(mapKeyCommand({ key: '+' })).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(mapKeyCommand({ key: '=' })).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(mapKeyCommand({ key: '-' })).toEqual({ kind: 'zoom', factor: 1 / ZOOM_STEP });
    expect(mapKeyCommand({ key: '_' })).toEqual({ kind: 'zoom', factor: 1 / ZOOM_STEP });
  });

  it('0 and Home fit the board', () => {
    expect(mapKeyCommand({ key: '0' })).toEqual({ kind: 'fit' });
    expect(mapKeyCommand({ key: 'Home' })).toEqual({ kind: 'fit' });
  });

  it('leaves Escape, Enter, letters and Ctrl/Meta/Alt combinations (page zoom) to others', () => {
    for (const key of ['Escape', 'Enter', 'a', ' ', 'Tab']) expect(mapKeyCommand({ key })).toBeNull();
    expect(mapKeyCommand({ key: '+', ctrlKey: true })).toBeNull();
    expect(mapKeyCommand({ key: '0', metaKey: true })).toBeNull();
    expect(mapKeyCommand({ key: 'ArrowLeft', altKey: true })).toBeNull();
  });

  it('keys typed in a field, a list or a dialog belong to it, not to the map', () => {
    expect(keyBelongsToTarget({ tagName: 'INPUT' })).toBe(true);
    expect(keyBelongsToTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(keyBelongsToTarget({ tagName: 'SELECT' })).toBe(true);
    expect(keyBelongsToTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(keyBelongsToTarget({ tagName: 'BUTTON', closest: (s) => (s.includes('dialog') ? {} : null) })).toBe(true);
    expect(keyBelongsToTarget({ tagName: 'BODY', closest: () => null })).toBe(false);
    expect(keyBelongsToTarget({ tagName: 'BUTTON', closest: () => null })).toBe(false);
    expect(keyBelongsToTarget(null)).toBe(false);
  });
});
