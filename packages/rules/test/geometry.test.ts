import { directionsInZone, distance, hexLabel, neighbourOf, parseHexLabel, retreatDirections, turnSteps, zoneOf } from '../src';

const grid = { cols: 10, rows: 10 };
const H = (l: string) => parseHexLabel(grid, l);

describe('§2.2 hex grid (flat-topped, odd columns lower)', () => {
  test('neighbours of an even column hex, clockwise from north', () => {
    const around = [0, 1, 2, 3, 4, 5].map((d) => hexLabel(grid, neighbourOf(grid, H('0505'), d as 0)));
    // column 05 is odd-numbered on the map (index 4, even): its NE/SE neighbours sit in rows 04/05.
    expect(around).toEqual(['0504', '0604', '0605', '0506', '0405', '0404']);
  });

  test('neighbours of an odd column hex', () => {
    const around = [0, 1, 2, 3, 4, 5].map((d) => hexLabel(grid, neighbourOf(grid, H('0605'), d as 0)));
    expect(around).toEqual(['0604', '0705', '0706', '0606', '0506', '0505']);
  });

  test('off-map neighbours are -1', () => {
    expect(neighbourOf(grid, H('0101'), 0)).toBe(-1);
    expect(neighbourOf(grid, H('0101'), 5)).toBe(-1);
  });

  test('distance counts hexes', () => {
    expect(distance(grid, H('0505'), H('0505'))).toBe(0);
    expect(distance(grid, H('0505'), H('0604'))).toBe(1);
    expect(distance(grid, H('0101'), H('0105'))).toBe(4);
    expect(distance(grid, H('0101'), H('0501'))).toBe(4);
  });

  test('labels round-trip and reject off-map hexes', () => {
    expect(hexLabel(grid, H('0307'))).toBe('0307');
    expect(parseHexLabel(grid, '1101')).toBe(-1);
    expect(parseHexLabel(grid, '0a01')).toBe(-1);
  });
});

describe('§2.3 orientation and zones', () => {
  test('§2.3 a large unit facing a hexside has a 3-hex front and a 3-hex rear, no flank', () => {
    expect(directionsInZone('large', 0, 'front')).toEqual([0, 1, 5]);
    expect(directionsInZone('large', 0, 'rear')).toEqual([2, 3, 4]);
    expect(directionsInZone('large', 0, 'flank')).toEqual([]);
  });

  test('§2.3 a large unit facing a vertex has a 2-hex front, two 1-hex flanks and a 2-hex rear', () => {
    expect(directionsInZone('large', 1, 'front')).toEqual([0, 1]);
    expect(directionsInZone('large', 1, 'flank')).toEqual([2, 5]);
    expect(directionsInZone('large', 1, 'rear')).toEqual([3, 4]);
  });

  test('§2.3 every facing of a large unit splits the six hexsides 3/3 or 2/2/2', () => {
    for (let f = 0; f < 12; f++) {
      const counts = ['front', 'flank', 'rear'].map((z) => directionsInZone('large', f, z as 'front').length);
      expect(counts).toEqual(f % 2 === 0 ? [3, 0, 3] : [2, 2, 2]);
    }
  });

  test('§2.3 a small unit has only a front zone, and withdraws through any of its six hexes', () => {
    for (let d = 0; d < 6; d++) expect(zoneOf('small', 7, d as 0)).toBe('front');
    expect(retreatDirections('small', 7)).toHaveLength(6);
    expect(retreatDirections('large', 0)).toEqual([2, 3, 4]);
  });

  test('turn steps between facings go the short way round', () => {
    expect(turnSteps(0, 11)).toBe(1);
    expect(turnSteps(2, 8)).toBe(6);
    expect(turnSteps(3, 3)).toBe(0);
  });
});
