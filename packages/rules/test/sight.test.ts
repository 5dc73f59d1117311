import { Board, crossedCount, distance, lineOfSight, parseHexLabel, seededDice, seedRng, Terrain, TERRAINS, unitsSeeEachOther } from '../src';
import { altitudesOf } from '../src/sight/altitude';
import { crossingsOf } from '../src/sight/crossing';
import { shotLine } from '../src/fire/line';
import { field, shooter, u } from './fire-helpers';
import { game, unit } from './fixtures';

/**
 * Line of sight (§3.2.4; sheet 000 *Ligne de Vue*, which wins over the book,
 * Boards are built by hand: a 10×10 clear field at altitude 0 unless
 * told. Hexes are printed labels, column then row: 0502 → 0508 is a straight
 * line down column 05 through 0503..0507.
 */

const GRID = { cols: 10, rows: 10 };
const H = (label: string) => parseHexLabel(GRID, label);
const labels = (hexes: number[]) => hexes.map((h) => `${String((h % 10) + 1).padStart(2, '0')}${String(Math.floor(h / 10) + 1).padStart(2, '0')}`);

function board(altitude: Record<string, number> = {}, terrain: Record<string, Terrain> = {}): Board {
  const size = GRID.cols * GRID.rows;
  const b: Board = { ...GRID, terrain: Array<Terrain>(size).fill('clear'), altitude: Array<number>(size).fill(0), hexsides: {}, features: {} };
  for (const [hex, a] of Object.entries(altitude)) b.altitude[H(hex)] = a;
  for (const [hex, t] of Object.entries(terrain)) b.terrain[H(hex)] = t;
  return b;
}

const sight = (b: Board, from: string, to: string) => lineOfSight(b, H(from), H(to));

describe('line of sight: the sheet\'s lines (sheet 000 Ligne de Vue, §3.2.4)', () => {
  test('sheet 000 "Vers une Unité Adjacente, elle est toujours accordée" (LOS-02, l.1922): an adjacent hex is always seen, whatever the altitudes', () => {
    const b = board({ '0505': 0, '0504': 3 }, { '0505': 'difficult', '0504': 'impassable' });
    expect(sight(b, '0505', '0504')).toMatchObject({ visible: true, rule: 'adjacent', crossed: [] });
    expect(sight(b, '0504', '0505')).toMatchObject({ visible: true, rule: 'adjacent' });
  });

  test('sheet 000, §3.2.4 (LOS-03, LOS-04): the line from centre to centre crosses the hexes between, the two end hexes excluded and never blocking', () => {
    const b = board({}, { '0502': 'difficult', '0506': 'difficult' });
    const s = sight(b, '0502', '0506');
    expect(labels(s.crossed)).toEqual(['0503', '0504', '0505']);
    expect(s).toMatchObject({ visible: true, rule: 'clear', alongHexside: false });
  });

  test('sheet 000 (LOS-05, A-9): effective altitude = ground + ½ for any terrain but clear, water and lava — rough, difficult, fortification, impassable block a flat line; water and lava do not', () => {
    for (const t of ['rough', 'difficult', 'fortification', 'impassable'] as const) {
      expect(sight(board({}, { '0504': t }), '0502', '0506')).toMatchObject({ visible: false, blockedBy: H('0504'), rule: 'higherThanBoth' });
    }
    for (const t of ['clear', 'water', 'lava'] as const) expect(sight(board({}, { '0504': t }), '0502', '0506').visible).toBe(true);
    expect(altitudesOf(board({ '0504': 1 }, { '0504': 'rough' })).effective[H('0504')]).toBe(1.5);
  });

  test('sheet 000, §3.2.4 (LOS-06): a crossed hex higher than both ends blocks; one no higher than the higher end does not (on its own)', () => {
    expect(sight(board({ '0504': 1 }), '0502', '0506')).toMatchObject({ visible: false, blockedBy: H('0504'), rule: 'higherThanBoth' });
    // Both ends at 1: a rough hex at 0 (effective ½) and a clear hill at 1 are no higher than both.
    expect(sight(board({ '0502': 1, '0506': 1, '0504': 1 }, { '0503': 'rough' }), '0502', '0506')).toMatchObject({ visible: true, rule: 'clear' });
  });

  test('sheet 000 source below target (LOS-07): a hex strictly closer to the source at the target\'s altitude blocks; one strictly closer to the target, or halfway, does not', () => {
    // 0502 (0) → 0508 (1): 0504 is 2 from the source and 4 from the target; 0505 is halfway; 0506 is nearer the target.
    expect(sight(board({ '0508': 1, '0504': 1 }), '0502', '0508')).toMatchObject({ visible: false, blockedBy: H('0504'), rule: 'sourceBelowNearSource' });
    expect(sight(board({ '0508': 1, '0505': 1 }), '0502', '0508')).toMatchObject({ visible: true, rule: 'clear' });
    expect(sight(board({ '0508': 1, '0506': 1 }), '0502', '0508')).toMatchObject({ visible: true, rule: 'clear' });
    // A rough hex at 0 (effective ½), nearer the source but not first, neither equals the target nor tops both ends.
    expect(sight(board({ '0508': 1 }, { '0504': 'rough' }), '0502', '0508').visible).toBe(true);
  });

  test('sheet 000 source below target (LOS-08): the first hex crossed, higher than the source, blocks', () => {
    // 0502 (0) → 0506 (2): a rough hex at 0 (effective ½) first blocks; the same hex second does not.
    expect(sight(board({ '0506': 2 }, { '0503': 'rough' }), '0502', '0506')).toMatchObject({ visible: false, blockedBy: H('0503'), rule: 'sourceBelowFirstHex' });
    expect(sight(board({ '0506': 2 }, { '0504': 'rough' }), '0502', '0506').visible).toBe(true);
  });

  test('sheet 000 source above target (LOS-09): a hex strictly closer to the target at the source\'s altitude blocks; one strictly closer to the source does not', () => {
    expect(sight(board({ '0502': 1, '0506': 1 }), '0502', '0508')).toMatchObject({ visible: false, blockedBy: H('0506'), rule: 'sourceAboveNearTarget' });
    expect(sight(board({ '0502': 1, '0504': 1 }), '0502', '0508')).toMatchObject({ visible: true, rule: 'clear' });
  });

  test('sheet 000 source above target (LOS-10): the last hex crossed, higher than the target, blocks', () => {
    expect(sight(board({ '0502': 2 }, { '0505': 'rough' }), '0502', '0506')).toMatchObject({ visible: false, blockedBy: H('0505'), rule: 'sourceAboveLastHex' });
    expect(sight(board({ '0502': 2 }, { '0504': 'rough' }), '0502', '0506').visible).toBe(true);
  });

  test('sheet 000 along a hexside (LOS-11, A-9): the line is granted only when clear through both hexes of the pair (the book needed one)', () => {
    // 0305 → 0505 runs along the hexside between 0404 and 0405.
    const open = sight(board(), '0305', '0505');
    expect(open).toMatchObject({ visible: true, rule: 'clear', alongHexside: true });
    expect(labels(open.crossed).sort()).toEqual(['0404', '0405']);
    for (const hex of ['0404', '0405']) {
      expect(sight(board({}, { [hex]: 'rough' }), '0305', '0505')).toMatchObject({ visible: false, blockedBy: H(hex), rule: 'alongHexside', because: 'higherThanBoth' });
    }
    // Through both: the altitude rule itself decides.
    expect(sight(board({}, { '0404': 'rough', '0405': 'rough' }), '0305', '0505')).toMatchObject({ visible: false, rule: 'higherThanBoth' });
  });

  test('sheet 000 along a hexside (LOS-11): a longer line runs through pairs and the hexes between them', () => {
    const s = sight(board(), '0105', '0505');
    expect(labels(s.crossed).sort()).toEqual(['0204', '0205', '0305', '0404', '0405']);
    expect(sight(board({}, { '0205': 'rough' }), '0105', '0505')).toMatchObject({ visible: false, blockedBy: H('0205'), rule: 'alongHexside' });
  });

  test('sheet 000 along a hexside at the map\'s edge (LOS-11, A-10): the hex off the map never blocks, the pair\'s hex on the map decides', () => {
    // 0101 → 0301 runs along the hexside between 0201 and the hex above it, off the map.
    expect(sight(board(), '0101', '0301')).toMatchObject({ visible: true, alongHexside: true, crossed: [H('0201')] });
    expect(sight(board({}, { '0201': 'rough' }), '0101', '0301')).toMatchObject({ visible: false, blockedBy: H('0201') });
  });

  test('sheet 000: a line through a vertex but not along a hexside crosses only the hexes it goes through', () => {
    // 0101 → 0602 (cube step 5, −4, −1) passes exactly through a vertex a third of the way: no pair, one hex per step.
    const s = sight(board(), '0101', '0602');
    expect(s.alongHexside).toBe(false);
    expect(s.crossed).toHaveLength(distance(GRID, H('0101'), H('0602')) - 1);
  });

  test('§3.2.4 (A-10): hexes crossed for the range modifiers are distance steps, ends excluded, one per pair along a hexside', () => {
    const b = board();
    expect(crossedCount(b, H('0502'), H('0506'))).toBe(3);
    expect(crossedCount(b, H('0105'), H('0505'))).toBe(3);
    expect(crossedCount(b, H('0502'), H('0503'))).toBe(0);
    expect(crossedCount(b, H('0502'), H('0502'))).toBe(0);
  });
});

describe('the hexes a line crosses (sheet 000 Ligne de Vue, A-10)', () => {
  const adjacent = (a: number[], b: number[]) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[0] + a[1] - b[0] - b[1])) === 1;
  test('A-10 through each side of its hexside pairs, a line is a chain of hexes each next to the last, from the source to the target', () => {
    for (let dx = -10; dx <= 10; dx++) {
      for (let dz = -10; dz <= 10; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz), Math.abs(dx + dz)) < 2) continue;
        const c = crossingsOf(dx, dz);
        const hexes = Array.from({ length: c.length }, (_, i) => Array.from(c.data.slice(i * 4, i * 4 + 3)));
        for (const side of [1, -1]) {
          const chain = [[0, 0], ...hexes.filter((h) => h[2] === 0 || h[2] === side), [dx, dz]];
          const broken = chain.findIndex((h, i) => i > 0 && !adjacent(chain[i - 1], h));
          expect([dx, dz, side, broken]).toEqual([dx, dz, side, -1]);
        }
      }
    }
  });
});

describe('units and the line of sight', () => {
  test('LOS-13 units never block the line of sight', () => {
    const s = game([unit('b', 'blue', '0508', 0), unit('m', 'blue', '0506', 0), unit('r', 'red', '0504', 6)]);
    expect(unitsSeeEachOther(s, s.units.find((x) => x.id === 'b')!, s.units.find((x) => x.id === 'r')!)).toBe(true);
  });

  test('LOS-17 units see each other by the board\'s line: a hill between them hides them from each other', () => {
    const s = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0504', 6)], { altitude: { '1': ['0506'] } });
    const [b, r] = ['b', 'r'].map((id) => s.units.find((x) => x.id === id)!);
    expect(unitsSeeEachOther(s, b, r)).toBe(false);
    expect(unitsSeeEachOther(s, r, b)).toBe(false);
  });

  test('§2.6.10 a unit off the map is on no hex: it sees nothing and is not seen', () => {
    const s = game([unit('b', 'blue', '0508', 0), unit('r', 'red', '0504', 6)]);
    const [b, r] = ['b', 'r'].map((id) => s.units.find((x) => x.id === id)!);
    r.offMap = { hex: r.hex, dir: 0, turn: 1 };
    expect(unitsSeeEachOther(s, b, r)).toBe(false);
  });
});

describe('EX-LOS-1 (§3.2.4, l.1944; the figure is lost, rebuilt from the text)', () => {
  test('§3.2.4 EX-LOS-1 (a) shooter at 0, target at 1: a hex of the target\'s height strictly closer to the target does not block', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0504', 6)], { altitude: { '1': ['0504', '0505'] } });
    expect(shotLine(s, u(s, 'b'), u(s, 'r'))).toMatchObject({ harassment: false, open: true, crossed: 3 });
  });

  test('§3.2.4 EX-LOS-1 (b) the same hex strictly closer to the shooter blocks ("la cible 10"); the unit in it, adjacent, is still a target ("la cible 9")', () => {
    const s = field([shooter('b', 'blue', '0508', 0), unit('r', 'red', '0505', 6), unit('q', 'red', '0507', 6)], { altitude: { '1': ['0505', '0507'] } });
    expect(lineOfSight(s.board, H('0508'), H('0505'))).toMatchObject({ visible: false, blockedBy: H('0507'), rule: 'sourceBelowNearSource' });
    expect(shotLine(s, u(s, 'b'), u(s, 'r')).open).toBe(false);
    expect(shotLine(s, u(s, 'b'), u(s, 'q')).open).toBe(true);
  });

  test('§3.2.4.1 EX-LOS-1 (c) skirmishers fire with a blocked line when they could enter the hex between', () => {
    const s = field([shooter('b', 'blue', '0508', 0, 'skirmishers'), unit('r', 'red', '0506', 6)], { terrain: { rough: ['0507'] } });
    expect(lineOfSight(s.board, H('0508'), H('0506')).visible).toBe(false);
    expect(shotLine(s, u(s, 'b'), u(s, 'r'))).toMatchObject({ harassment: true, open: true });
  });
});

describe('line of sight on random boards (seeded)', () => {
  const SIZE = { cols: 9, rows: 8 };
  function randomBoard(seed: string): Board {
    const die = seededDice(seedRng(seed));
    const size = SIZE.cols * SIZE.rows;
    return {
      ...SIZE,
      terrain: Array.from({ length: size }, () => TERRAINS[die.roll(TERRAINS.length) - 1]),
      altitude: Array.from({ length: size }, () => die.roll(4) - 1),
      hexsides: {},
      features: {},
    };
  }
  const pairs = (b: Board) => {
    const out: [number, number][] = [];
    for (let a = 0; a < b.cols * b.rows; a++) for (let c = 0; c < b.cols * b.rows; c++) out.push([a, c]);
    return out;
  };
  const seeds = ['los-1', 'los-2', 'los-3', 'los-4', 'los-5'];

  test.each(seeds)('§3.2.4 the line of sight is symmetric: a sees b exactly when b sees a (%s)', (seed) => {
    const b = randomBoard(seed);
    for (const [x, y] of pairs(b)) expect([x, y, lineOfSight(b, x, y).visible]).toEqual([x, y, lineOfSight(b, y, x).visible]);
  });

  test.each(seeds)('sheet 000 (LOS-06) never granted through a crossed hex higher than both ends (%s)', (seed) => {
    const b = randomBoard(seed);
    const { ground, effective } = altitudesOf(b);
    for (const [x, y] of pairs(b)) {
      const s = lineOfSight(b, x, y);
      const over = s.crossed.some((h) => effective[h] > ground[x] && effective[h] > ground[y]);
      if (over) expect([x, y, s.visible]).toEqual([x, y, false]);
    }
  });

  test.each(seeds)('sheet 000 (LOS-02) always granted to an adjacent hex, and only there with nothing crossed (%s)', (seed) => {
    const b = randomBoard(seed);
    for (const [x, y] of pairs(b)) {
      const s = lineOfSight(b, x, y);
      if (distance(b, x, y) <= 1) expect(s).toMatchObject({ visible: true, rule: 'adjacent', crossed: [] });
      else expect(s.crossed.length).toBeGreaterThanOrEqual(distance(b, x, y) - 1);
    }
  });

  test.each(seeds)('sheet 000 a blocked line names a crossed hex that blocks, a granted one none (%s)', (seed) => {
    const b = randomBoard(seed);
    for (const [x, y] of pairs(b)) {
      const s = lineOfSight(b, x, y);
      if (s.visible) expect(s.blockedBy).toBeUndefined();
      else expect(s.crossed).toContain(s.blockedBy);
    }
  });
});
