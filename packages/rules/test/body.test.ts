import { mayTouch } from '../src/units/body';
import { distance, neighbourOf, type Direction } from '../src/geometry/hex';
import {
  bodyDistance,
  bodyHexes,
  bodyRing,
  distanceToHex,
  engages,
  facingsAllowed,
  isAdjacent,
  nearestHexTo,
  parseHexLabel,
  secondHexFor,
  shockOptions,
  stackAt,
  stackPlace,
  stackPointsAt,
  unitToWire,
  wireToUnit,
  zoneAttacked,
  zoneOfHex,
  type GameState,
  type Unit,
} from '../src';
import { game, issuesOf, scenario, unit } from './fixtures';
import { activated } from './helpers';

/**
 * The unit's body (docs/formations.md): a formation is one unit on two
 * adjacent hexes facing a vertex (§3.3, l.2122). Here the formation F stands
 * on 0505 and 0504 (the hex north of it) facing east (facing 3): its front is
 * 0603, 0604 and 0605, its flanks 0503 and 0506, its rear 0403, 0404, 0405.
 */
const F_HEXES = ['0505', '0504'];
const formation = (extra = {}) =>
  unit('f', 'blue', '0505', 3, { secondHex: '0504', steps: 7, ...extra });

function field(
  others: ReturnType<typeof unit>[] = [],
  extra = {},
): { s: GameState; by: (id: string) => Unit; hex: (l: string) => number } {
  const s = game([formation(extra), ...others]);
  return {
    s,
    by: (id) => s.units.find((u) => u.id === id)!,
    hex: (l) => parseHexLabel(s.board, l),
  };
}

const labels = (s: GameState, hexes: number[]) =>
  hexes
    .map(
      (h) =>
        `${String((h % s.board.cols) + 1).padStart(2, '0')}${String(Math.floor(h / s.board.cols) + 1).padStart(2, '0')}`,
    )
    .sort();

describe('§3.3.3 the zones of a formation facing a vertex', () => {
  const { s, by, hex } = field();
  const zoneOfLabel = (l: string) => zoneOfHex(s.board, by('f'), hex(l));

  test('§3.3, l.2122 its body is its two hexes', () => {
    expect(labels(s, bodyHexes(by('f')))).toEqual([...F_HEXES].sort());
  });

  test('§3.3.3, l.2230 a front zone of 3 hexes, one hex shared by both of its hexes', () => {
    expect(['0603', '0604', '0605'].map(zoneOfLabel)).toEqual(['front', 'front', 'front']);
  });

  test('§3.3.3, l.2230 two flank zones of one hex each, at either end of the line', () => {
    expect(['0503', '0506'].map(zoneOfLabel)).toEqual(['flank', 'flank']);
  });

  test('§3.3.3, l.2230 a rear zone of 3 hexes', () => {
    expect(['0403', '0404', '0405'].map(zoneOfLabel)).toEqual(['rear', 'rear', 'rear']);
  });

  test('§3.3.3 the eight hexes around it are all its zones hold; its own hexes and far hexes are in none', () => {
    expect(labels(s, bodyRing(s.board, by('f')))).toEqual([
      '0403',
      '0404',
      '0405',
      '0503',
      '0506',
      '0603',
      '0604',
      '0605',
    ]);
    expect(F_HEXES.map(zoneOfLabel)).toEqual([null, null]);
    expect(zoneOfLabel('0805')).toBeNull();
  });

  test('§3.3.6, l.2274 in hedgehog every hex around it is its front zone', () => {
    const h = field([], { faculties: ['hedgehog'] });
    const zones = bodyRing(h.s.board, h.by('f')).map((x) => zoneOfHex(h.s.board, h.by('f'), x));
    expect(zones).toEqual(Array(8).fill('front'));
  });

  test('§3.3.3, l.2122 a formation faces only the vertex at 90° to its two hexes, or its half-turn; a one-hex unit any of the twelve', () => {
    expect(facingsAllowed(s.board, by('f'))).toEqual([3, 9]);
    expect(facingsAllowed(s.board, { hex: hex('0505') })).toHaveLength(12);
    expect(
      [secondHexFor(s.board, hex('0505'), 3, 0), secondHexFor(s.board, hex('0505'), 3, 1)].sort(),
    ).toEqual([hex('0504'), hex('0506')].sort());
    expect(secondHexFor(s.board, hex('0505'), 2, 0)).toBe(-1);
  });
});

describe('§3.3 adjacency and engagement of a two-hex body', () => {
  test('§3.3.8, l.2300 it engages an enemy in front of either hex, not one on its flank', () => {
    const { s, by } = field([unit('front', 'red', '0603', 9), unit('flank', 'red', '0506', 0)]);
    expect(engages(s, by('f'), by('front'))).toBe(true);
    expect(isAdjacent(s, by('f'), by('flank'))).toBe(true);
    expect(engages(s, by('f'), by('flank'))).toBe(false);
  });

  test('§2.3.2, §3.3.3 an enemy facing its flank hex engages it there and attacks its flank (+2, §2.7.2.2)', () => {
    const { s, by } = field([unit('e', 'red', '0503', 6)]);
    expect(engages(s, by('e'), by('f'))).toBe(true);
    expect(zoneAttacked(s, by('e'), by('f'))).toBe('flank');
  });

  test('§3.3.3 an enemy behind its second hex attacks its rear (+4)', () => {
    const { s, by } = field([unit('e', 'red', '0403', 4)]);
    expect(engages(s, by('e'), by('f'))).toBe(true);
    expect(zoneAttacked(s, by('e'), by('f'))).toBe('rear');
  });

  test('§3.3.8, l.2304 (EX-FORM-2, attacks 4 and 5) one target engaged from both hexes is on its flank from one hex and in front from the other', () => {
    // The Marauders on the shared front hex face north-north-west: the first hex of F touches their flank, the second their front.
    const { s, by, hex } = field([unit('m', 'red', '0604', 11)]);
    expect(zoneOfHex(s.board, by('m'), hex('0505'))).toBe('flank');
    expect(zoneOfHex(s.board, by('m'), hex('0504'))).toBe('front');
  });

  test('§2.7.3 a unit engaging only its second hex is offered the shock against it', () => {
    const s = activated(
      game([
        unit('e', 'blue', '0503', 6),
        unit('f', 'red', '0505', 3, { secondHex: '0504', steps: 7 }),
      ]),
      'blue',
      'e',
    );
    expect(shockOptions(s, 'blue', 'e').map((o) => [o.target, o.allowed])).toContainEqual([
      'f',
      true,
    ]);
  });

  test('§2.3.2 a one-hex unit away from both hexes neither touches nor engages it', () => {
    const { s, by } = field([unit('e', 'red', '0705', 9)]);
    expect(isAdjacent(s, by('e'), by('f'))).toBe(false);
    expect(engages(s, by('e'), by('f'))).toBe(false);
  });
});

describe('§3.3, A-69 distances to and from a two-hex body', () => {
  test('A-69 the distance to a hex is taken from the nearer of its two hexes', () => {
    const { s, by, hex } = field();
    expect(distanceToHex(s.board, by('f'), hex('0501'))).toBe(3);
    expect(nearestHexTo(s.board, by('f'), hex('0501'))).toBe(hex('0504'));
    expect(distanceToHex(s.board, by('f'), hex('0509'))).toBe(4);
    expect(nearestHexTo(s.board, by('f'), hex('0509'))).toBe(hex('0505'));
  });

  test('A-69 two bodies are as far apart as their nearest hexes', () => {
    const { s, by } = field([unit('g', 'red', '0501', 3, { secondHex: '0502', steps: 4 })]);
    // G stands on 0501 and 0502, F on 0504 and 0505: 0502 to 0504 is 2 hexes.
    expect(bodyDistance(s.board, by('f'), by('g'))).toBe(2);
    expect(bodyDistance(s.board, by('g'), by('f'))).toBe(2);
  });
});

describe('§3.3.4, A-69 stacking: a formation stands in the stack of each of its hexes', () => {
  test('A-69 it counts 4 stacking points in each of its two hexes', () => {
    const { s, hex } = field([unit('t', 'blue', '0504', 3)]);
    expect(stackPointsAt(s, hex('0505'))).toBe(4);
    expect(stackPointsAt(s, hex('0504'))).toBe(8);
  });

  test('§2.3.1 its place is asked per hex: alone in one, in front of a troop in the other', () => {
    const { s, by, hex } = field([unit('t', 'blue', '0504', 3)]);
    expect(stackAt(s, hex('0504')).map((u) => u.id)).toEqual(['f', 't']);
    expect(stackPlace(s, by('f'), hex('0505'))).toBe('alone');
    expect(stackPlace(s, by('f'), hex('0504'))).toBe('front');
  });
});

describe('docs/formations.md the body on the wire', () => {
  test('a formation keeps its second hex through the wire; a one-hex unit sends -1 and gets no second hex back', () => {
    const { by } = field([unit('t', 'blue', '0808', 0)]);
    const f = wireToUnit(unitToWire(by('f'), 0, false));
    expect(f.secondHex).toBe(by('f').secondHex);
    const wire = unitToWire(by('t'), 0, false);
    expect(wire.secondHex).toBe(-1);
    expect('secondHex' in wireToUnit(wire)).toBe(false);
  });
});

describe('§3.3 the scenario checks a formation body', () => {
  const issues = (u: ReturnType<typeof unit>) => issuesOf(scenario([u]));

  test('§3.3, l.2122 a valid formation loads', () => {
    expect(issues(formation())).toEqual([]);
  });

  test('§3.3, l.2122 its two hexes must touch at 90° to its vertex facing', () => {
    expect(issues(formation({ facing: 2 })).join()).toMatch(/90°/);
    expect(issues(formation({ secondHex: '0604' })).join()).toMatch(/90°/);
  });

  test('§3.3, l.2124 a formation has 3 to 12 steps; a one-hex unit at most 6', () => {
    expect(issues(formation({ steps: 2 })).join()).toMatch(/3 to 12/);
    expect(issues(unit('t', 'blue', '0505', 0, { steps: 7 })).join()).toMatch(/at most 6/);
  });

  test('§3.3, l.2116 only large troops form; §3.3.7 on clear terrain only', () => {
    expect(issues(formation({ kind: 'character' })).join()).toMatch(/only large troops/);
    expect(issuesOf(scenario([formation()], { terrain: { rough: ['0504'] } })).join()).toMatch(
      /clear terrain only/,
    );
  });
});

/**
 * Issue 9: engagement and adjacency (§2.3.2) first ask `mayTouch`, which
 * says from the hexes' indexes alone that two bodies are too far apart to
 * touch. It must never say so of bodies that do touch: on a board as wide
 * as the stress battle's, one-hex bodies and two-hex ones (each second hex
 * next to its first, on every side) at every pair of places near each other
 * and across the board's edges (column 0 against the last column), a pair
 * of hexes next to each other always passes it.
 */
test('§2.3.2 mayTouch never rules out bodies that touch (issue 9)', () => {
  const board = { cols: 30, rows: 24 } as GameState['board'];
  const size = board.cols * board.rows;
  const bodies: Array<{ hex: number; secondHex?: number }> = [];
  for (let hex = 0; hex < size; hex += 7) {
    bodies.push({ hex });
    for (let d = 0; d < 6; d++) {
      const second = neighbourOf(board, hex, d as Direction);
      if (second >= 0 && (hex + d) % 3 === 0) bodies.push({ hex, secondHex: second });
    }
  }
  const touching = (a: { hex: number; secondHex?: number }, b: { hex: number; secondHex?: number }) =>
    [a.hex, a.secondHex].some((x) => x !== undefined && [b.hex, b.secondHex].some((y) => y !== undefined && x !== y && distance(board, x, y) === 1));
  let touched = 0;
  let ruledOut = 0;
  for (const a of bodies)
    for (const b of bodies) {
      const may = mayTouch(board, a as Unit, b as Unit);
      if (touching(a, b)) {
        touched += 1;
        expect([a, b, may]).toEqual([a, b, true]);
      } else if (!may) ruledOut += 1;
    }
  expect(touched).toBeGreaterThan(100);
  expect(ruledOut).toBeGreaterThan(touched);
});
