import { R } from './layout';
import { middleOf, READABLE_RADIUS, readableZoom } from './readable-zoom';

describe('the zoom a preview is read at (issue 10, a formation’s pivot on a phone)', () => {
  it('zooms in a map fitted to a narrow screen until a hex is readable', () => {
    const phone = 14 / R;
    expect(readableZoom(phone, 3) * R).toBeCloseTo(READABLE_RADIUS);
  });

  it('keeps a zoom that is readable already (a large screen, or the player’s own zoom)', () => {
    expect(readableZoom(0.8, 3)).toBe(0.8);
    expect(readableZoom(2, 3)).toBe(2);
  });

  it('never beyond the map’s largest zoom', () => {
    expect(readableZoom(0.1, 0.3)).toBe(0.3);
  });

  it('keeps the middle of the hexes in view', () => {
    expect(middleOf([{ x: 0, y: 0 }, { x: 10, y: 20 }])).toEqual({ x: 5, y: 10 });
  });
});
